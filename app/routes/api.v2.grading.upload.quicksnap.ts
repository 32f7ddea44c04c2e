import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";
import { quickSnapAssignment } from "~/server/quicksnap.server";
import { createQuickSnapJob } from "~/server/jobs.server";
import { checkUpload } from "~/server/storage.server";
import { UnsupportedFileError } from "../../core/files/file-type";
import { consume, ensureQueueRoom, RateLimitError, rateLimitResponse } from "~/server/rate-limit.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Multipart `file` and `assignment_id` ('quicksnap', or one of the teacher's assignments); answers job_id. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const env = context.cloudflare.env;
  try {
    await consume(getDb(env.DB), "quicksnap", teacher.id);
    await ensureQueueRoom(getDb(env.DB), teacher.id, 1);
  } catch (error) {
    if (error instanceof RateLimitError) return rateLimitResponse(error);
    throw error;
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return apiError(400, "Send the photo as multipart/form-data with a 'file' field.");
  }
  const file = form.get("file");
  if (!(file instanceof File)) return apiError(400, "No file was uploaded. Add the photo under the 'file' field.");
  const db = getDb(env.DB);
  const assignmentId = await quickSnapAssignment(db, teacher.id, form.get("assignment_id")?.toString());
  if (assignmentId === undefined) return apiError(404, "Assignment not found.");
  try {
    const upload = await checkUpload(file);
    const { jobId, submissionId } = await createQuickSnapJob(env, db, { teacherId: teacher.id, upload, assignmentId });
    return jsonResponse({ job_id: jobId, submission_id: submissionId, status: "processing" }, 202);
  } catch (error) {
    if (error instanceof UnsupportedFileError) return apiError(error.reason === "too-large" ? 413 : 415, error.message);
    throw error;
  }
}
