import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { StudentBody } from "~/schemas/classes";
import { requireApiTeacher } from "~/server/auth.server";
import { apiError, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { createStudent, listStudents, toStudentJson } from "~/server/students.server";
import { getDb } from "../../core/db/client";

/** GET /api/students: the teacher's students with their gradebook ids (?q= searches, ?class= filters). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const params = new URL(request.url).searchParams;
  const { students } = await listStudents(getDb(context.cloudflare.env.DB), teacher.id, {
    q: params.get("q") ?? undefined,
    classId: params.get("class") ?? undefined,
  });
  return jsonResponse({
    students: students.map((s) => ({ ...toStudentJson(s), classes: s.classes, average_score: s.avgGrade })),
  });
}

/** POST /api/students: { name, email?, sis_id?, login_id?, grade_level?, parent_contact?, class_id? }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, StudentBody);
  const created = await createStudent(getDb(context.cloudflare.env.DB), teacher.id, {
    name: body.name,
    email: body.email,
    studentNumber: body.sis_id,
    loginId: body.login_id,
    gradeLevel: body.grade_level,
    parentContact: body.parent_contact,
    classId: body.class_id || undefined,
  });
  if ("error" in created) {
    const field = created.field === "classId" ? "class_id" : created.field;
    return apiError(created.field === "classId" ? 404 : 409, created.error, { issues: [{ field, message: created.error }] });
  }
  return jsonResponse({ student: toStudentJson(created.student) }, 201);
}
