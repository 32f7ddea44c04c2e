import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";
import { findAssignment } from "~/server/assignments.server";
import { createQuickSnapJob } from "~/server/jobs.server";
import { checkUpload } from "~/server/storage.server";
import { UnsupportedFileError } from "../../core/files/file-type";

export const loader = () => methodNotAllowed(["POST"]);

/** Multipart `file` and `assignment_id` ('quicksnap', or one of the teacher's assignments); answers job_id. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const env = context.cloudflare.env;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return apiError(400, "Send the photo as multipart/form-data with a 'file' field.");
  }
  const file = form.get("file");
  if (!(file instanceof File)) return apiError(400, "No file was uploaded. Add the photo under the 'file' field.");
  const assignmentField = String(form.get("assignment_id") ?? "quicksnap").trim() || "quicksnap";
  const db = getDb(env.DB);
  let assignmentId: string | null = null;
  if (assignmentField !== "quicksnap") {
    const assignment = await findAssignment(db, teacher.id, assignmentField);
    if (!assignment) return apiError(404, "Assignment not found.");
    assignmentId = assignment.id;
  }
  try {
    const upload = await checkUpload(file);
    const { jobId, submissionId } = await createQuickSnapJob(env, db, { teacherId: teacher.id, upload, assignmentId });
    return jsonResponse({ job_id: jobId, submission_id: submissionId, status: "processing" }, 202);
  } catch (error) {
    if (error instanceof UnsupportedFileError) return apiError(error.reason === "too-large" ? 413 : 415, error.message);
    throw error;
  }
}
