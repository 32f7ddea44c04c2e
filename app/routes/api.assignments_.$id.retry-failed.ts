import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { jsonResponse, methodNotAllowed } from "~/server/http.server";
import { retryFailed, reviewAction } from "~/server/review-api.server";
import { getDb } from "../../core/db/client";

export const loader = () => methodNotAllowed(["POST"]);

/** Grades the assignment's failed submissions again from their stored files, as a new job (no re-upload). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const env = context.cloudflare.env;
  return reviewAction(async () => {
    const job = await retryFailed(env, getDb(env.DB), teacher.id, params.id ?? "");
    return jsonResponse(
      { job_id: job.jobId, status: "processing", total: job.total, already_running: job.alreadyRunning },
      job.alreadyRunning ? 200 : 202,
    );
  });
}
