import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { overrideQuestionByNumber, reviewAction, submissionForApi } from "~/server/review-api.server";
import { QuestionOverrideBody } from "~/schemas/review";
import { getDb } from "../../core/db/client";

export const loader = () => methodNotAllowed(["PATCH"]);

/** The teacher's points (and feedback) for one question; the total follows and the change is kept in the history. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, QuestionOverrideBody);
  return reviewAction(async () => {
    const db = getDb(context.cloudflare.env.DB);
    const s = await overrideQuestionByNumber(db, teacher, params.id ?? "", params.number ?? "", body);
    return jsonResponse({ submission: submissionForApi(s) });
  });
}
