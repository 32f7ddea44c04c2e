import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { apiError, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { findOwnSubmission, overrideTotal, reviewAction, submissionForApi, submissionQuestionsForApi } from "~/server/review-api.server";
import { SubmissionOverrideBody } from "~/schemas/review";
import { getDb } from "../../core/db/client";

/** One submission, as API clients see it. */
export async function loader({ request, context, params }: ActionFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const s = await findOwnSubmission(getDb(context.cloudflare.env.DB), teacher.id, params.id ?? "");
  if (!s) return apiError(404, "Submission not found.");
  const db = getDb(context.cloudflare.env.DB);
  return jsonResponse({ submission: { ...submissionForApi(s), questions: await submissionQuestionsForApi(db, s) } });
}

/** The teacher's total score and/or overall feedback (the grader's score is kept beside it; the change is kept in the history). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, SubmissionOverrideBody);
  return reviewAction(async () => {
    const s = await overrideTotal(getDb(context.cloudflare.env.DB), teacher, params.id ?? "", body);
    return jsonResponse({ submission: submissionForApi(s) });
  });
}
