import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { AssignmentInputError } from "~/server/assignments.server";
import { processAssignment } from "~/server/jobs.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Starts grading the assignment's ungraded work; answers the job id. A failure leaves the assignment saved. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const env = context.cloudflare.env;
  try {
    const job = await processAssignment(env, getDb(env.DB), teacher.id, params.id ?? "");
    return jsonResponse(
      { job_id: job.jobId, status: "processing", total: job.total, already_running: job.alreadyRunning },
      job.alreadyRunning ? 200 : 202,
    );
  } catch (error) {
    if (error instanceof AssignmentInputError) return apiError(error.status, error.message);
    console.warn("processing could not start", error);
    return apiError(503, "Processing could not start. The assignment is saved; please try again.");
  }
}
