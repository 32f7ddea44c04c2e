// What every intent action answers (app/server/intent-action.server.ts): the intent it handled, a message or an
// error, and whatever its page's forms need (conform replies, a preview), named by the page.
export type IntentReply<Forms extends object = object> = { intent: string; message?: string; error?: string } & Forms;
