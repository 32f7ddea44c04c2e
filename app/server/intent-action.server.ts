// The one shape of a page action that acts on one of the teacher's rows by intent (docs/decisions/0050):
// the teacher → the owned row, or 404 → the intent, parsed by a zod discriminated union → one reply shape.
import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { notFound } from "~/components/classes/not-found";
import type { IntentReply } from "~/lib/intent-reply";
import { getDb, type Db } from "../../core/db/client";
import { requireTeacher } from "./auth.server";
import type { Auth } from "./session.server";

export type Reply<R extends IntentReply> = (result: R, status?: number) => ReturnType<typeof data<R>>;

export type IntentContext<Row, Intent, R extends IntentReply> = {
  intent: Intent;
  row: Row;
  teacher: Auth["teacher"];
  db: Db;
  env: Env;
  formData: FormData;
  reply: Reply<R>;
};

/** The text every intent action answers for an intent it does not know. */
export const UNKNOWN_ACTION = "Unknown action.";

export async function intentAction<Row, Intent extends { intent: string }, R extends IntentReply>(
  { request, context, params }: ActionFunctionArgs,
  options: {
    /** The teacher's row the page acts on (a missing or another teacher's row answers 404). */
    find: (db: Db, teacherId: string, params: ActionFunctionArgs["params"]) => Promise<Row | null | undefined>;
    /** A discriminated union on `intent`: the intents the page knows, with the plain fields each one reads. */
    intents: z.ZodType<Intent>;
    /** The error for a form the intents refuse; "Unknown action." unless the page words it from the issues. */
    invalid?: (error: z.ZodError) => string;
    run: (input: IntentContext<Row, Intent, R>) => Promise<ReturnType<Reply<R>>>;
  },
) {
  const { teacher } = await requireTeacher(request, context);
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  const row = await options.find(db, teacher.id, params);
  if (!row) notFound();
  const formData = await request.formData();
  const reply: Reply<R> = (result, status = 200) => data(result, { status });
  const parsed = options.intents.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const error = options.invalid?.(parsed.error) ?? UNKNOWN_ACTION;
    return reply({ intent: String(formData.get("intent") ?? ""), error } as R, 400);
  }
  return options.run({ intent: parsed.data, row, teacher, db, env, formData, reply });
}
