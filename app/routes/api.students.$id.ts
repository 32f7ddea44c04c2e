import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { StudentPatchBody } from "~/schemas/classes";
import { requireApiTeacher } from "~/server/auth.server";
import { apiError, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { getStudent, toStudentJson, updateStudent } from "~/server/students.server";
import { getDb } from "../../core/db/client";

/** GET /api/students/{id}: one student with their gradebook ids; another teacher's student is 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const student = await getStudent(getDb(context.cloudflare.env.DB), teacher.id, params.id ?? "");
  if (!student) return apiError(404, "Student not found.");
  return jsonResponse({ student: toStudentJson(student) });
}

/** PATCH /api/students/{id}: changes only the fields sent (name, email, sis_id, login_id, grade_level, parent_contact). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const { teacher } = await requireApiTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const body = await readJsonBody(request, StudentPatchBody);
  const current = await getStudent(db, teacher.id, params.id ?? "");
  if (!current) return apiError(404, "Student not found.");
  const keep = <T>(next: T | undefined, now: T) => (next === undefined ? now : next);
  const updated = await updateStudent(db, teacher.id, current.id, {
    name: keep(body.name, current.name),
    email: keep(body.email, current.email ?? undefined),
    studentNumber: keep(body.sis_id, current.studentNumber ?? ""),
    loginId: keep(body.login_id, current.loginId ?? ""),
    gradeLevel: keep(body.grade_level, current.gradeLevel ?? ""),
    parentContact: keep(body.parent_contact, current.parentContact ?? ""),
  });
  if (!updated) return apiError(404, "Student not found.");
  if ("error" in updated) return apiError(409, updated.error, { issues: [{ field: updated.field, message: updated.error }] });
  return jsonResponse({ student: toStudentJson(updated.student) });
}
