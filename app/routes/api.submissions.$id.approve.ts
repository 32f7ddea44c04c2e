import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { approveSubmission, reviewAction, submissionForApi } from "~/server/review-api.server";
import { ApprovalBody } from "~/schemas/review";
import { getDb } from "../../core/db/client";

export const loader = () => methodNotAllowed(["POST"]);

/** Approve (or, with {"approved": false}, un-approve) one graded submission. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = request.headers.get("Content-Length") === "0" ? { approved: true } : await readJsonBody(request, ApprovalBody);
  return reviewAction(async () => {
    const s = await approveSubmission(getDb(context.cloudflare.env.DB), teacher, params.id ?? "", body.approved);
    return jsonResponse({ submission: submissionForApi(s) });
  });
}
