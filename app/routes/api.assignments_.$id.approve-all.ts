import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { AssignmentInputError, findAssignment } from "~/server/assignments.server";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";
import { approveAllGraded } from "~/server/submissions.server";
import { getDb } from "../../core/db/client";

export const loader = () => methodNotAllowed(["POST"]);

/** Approves every graded submission of the assignment. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const assignment = await findAssignment(db, teacher.id, params.id ?? "");
  if (!assignment) return apiError(404, "Assignment not found.");
  try {
    const approved = await approveAllGraded(db, teacher, assignment.id);
    return jsonResponse({ approved });
  } catch (error) {
    if (error instanceof AssignmentInputError) return apiError(error.status, error.message);
    throw error;
  }
}
