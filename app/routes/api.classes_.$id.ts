import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { classRoster, deleteClass, getClassSummary, toClassJson } from "~/server/classes.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";

/** GET /api/classes/{id}: one class with its roster; another teacher's class is 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const summary = await getClassSummary(db, teacher.id, params.id!);
  if (!summary) return apiError(404, "Class not found.");
  const roster = await classRoster(db, teacher.id, summary.id);
  return jsonResponse({
    class: toClassJson(summary),
    students: roster.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      sis_id: s.studentNumber,
      login_id: s.loginId,
      average_score: s.averageScore,
      attendance_rate: s.attendanceRate,
    })),
  });
}

/** DELETE /api/classes/{id}: removes the class, its enrollments and attendance; students stay. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const { teacher } = await requireApiTeacher(request, context);
  const deleted = await deleteClass(getDb(context.cloudflare.env.DB), teacher.id, params.id!);
  if (!deleted) return apiError(404, "Class not found.");
  return new Response(null, { status: 204 });
}
