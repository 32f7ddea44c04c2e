// QuickSnap's "no key" choice, shared by the modal and the server (app/server/quicksnap.server.ts).
export const NO_KEY = "quicksnap";
export const NO_KEY_LABEL = "No key: check what can be checked";
