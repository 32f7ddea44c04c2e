import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { applySettingsDefaults, createFromForm, readMultipart } from "~/server/assignment-uploads.server";
import { listAssignments, AssignmentInputError } from "~/server/assignments.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";
import { getSettings } from "~/server/settings.server";
import { withDriveFiles } from "~/server/google/drive-import.server";
import { PlanFeatureError, planRefusal, requireAssignmentPlan } from "~/server/plans.server";

/** GET: the teacher's assignments (filters: q, status, class_id, type). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const url = new URL(request.url);
  const { assignments, summary } = await listAssignments(getDb(context.cloudflare.env.DB), teacher.id, {
    q: url.searchParams.get("q") ?? undefined,
    status: url.searchParams.get("status") ?? undefined,
    classId: url.searchParams.get("class_id") ?? undefined,
    type: url.searchParams.get("type") ?? undefined,
  });
  return jsonResponse({
    summary,
    assignments: assignments.map((a) => ({
      id: a.id,
      title: a.title,
      class: a.className,
      class_id: a.classId,
      assignment_type: a.assignmentType,
      subject: a.subject,
      dueDate: a.dueDate?.toISOString() ?? null,
      points: a.points,
      status: a.status,
      submissions: a.submissions,
      total: a.total,
      graded: a.graded,
      needs_review: a.needsReview,
      average_percent: a.averagePercent,
    })),
  });
}

/**
 * POST (multipart, spec section 7): the form's fields (selectedStandards as JSON text) and files under
 * assignment_files, answer_key_files, rubric_files, batch_files. Answers assignment_id; nothing is saved on error.
 * Processing starts with POST /api/document-ai/process/assignment/{id}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  try {
    const posted = await readMultipart(request);
    requireAssignmentPlan(teacher, posted); // rubric and bulk upload are Professional; checked before Drive files are fetched
    const uploaded = await withDriveFiles(request, context, teacher.id, posted);
    const form = applySettingsDefaults(uploaded, await getSettings(db, teacher.id));
    const result = await createFromForm(env, db, teacher.id, form);
    if (!result.ok) return apiError(result.status, result.issues[0]?.message ?? "Invalid request.", { issues: result.issues });
    return jsonResponse(
      {
        assignment_id: result.assignmentId,
        title: result.title,
        submission_ids: result.submissionIds,
        processing_mode: result.processingMode,
      },
      201,
    );
  } catch (error) {
    if (error instanceof AssignmentInputError) return apiError(error.status, error.message);
    if (error instanceof PlanFeatureError) return planRefusal(error);
    throw error;
  }
}
