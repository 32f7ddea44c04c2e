import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ClassBody } from "~/schemas/classes";
import { requireApiTeacher } from "~/server/auth.server";
import { createClass, getClassSummary, listClasses, toClassJson } from "~/server/classes.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";

/** GET /api/classes: the teacher's active classes with live counts and average. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const classes = await listClasses(getDb(context.cloudflare.env.DB), teacher.id);
  return jsonResponse({ classes: classes.map(toClassJson) });
}

/** POST /api/classes: the spec's payload (name, subject, grade_level, description, class_code, enrollment_method, students). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, ClassBody);
  const db = getDb(context.cloudflare.env.DB);
  const created = await createClass(db, teacher.id, {
    name: body.name,
    subject: body.subject,
    gradeLevel: body.grade_level,
    description: body.description,
    classCode: body.class_code,
    enrollmentMethod: body.enrollment_method,
    students: body.enrollment_method === "manual" ? body.students : [],
  });
  if ("error" in created) return apiError(409, created.error, { issues: [{ field: "class_code", message: created.error }] });
  const summary = await getClassSummary(db, teacher.id, created.class.id);
  return jsonResponse({ class: toClassJson(summary!) }, 201);
}
