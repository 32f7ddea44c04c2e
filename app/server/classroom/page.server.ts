// The /classroom page: what it shows (connection, courses, a course's coursework) and what its forms do.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../../core/db/client";
import { classes } from "../../../core/db/schema";
import { forTeacher } from "../../../core/db/scoped";
import type { Teacher } from "../../../core/db/schema";
import { googleConfig } from "../google/config.server";
import { disconnectDrive } from "../google/drive-tokens.server";
import { classroomState, openClassroom, refusalFrom } from "./connection.server";
import { CourseImportBody, listCourses, listCourseWork } from "./handlers.server";
import { importCourse } from "./import-course.server";
import { importCourseWork } from "./import-coursework.server";

const NOTICES: Record<string, string> = {
  connected: "Google Classroom is connected.",
  disconnected: "Google Classroom is disconnected, and Gradewell's access to your Google account is revoked.",
  failed: "Google Classroom could not be connected. Please try again.",
  unavailable: "Google Classroom is not set up on this server.",
};

export async function classroomPage(request: Request, context: AppLoadContext, teacher: Teacher) {
  const url = new URL(request.url);
  const state = await classroomState(context, teacher);
  const flag = url.searchParams.get("classroom");
  const imported = url.searchParams.get("imported");
  const base = {
    state,
    plan: teacher.plan,
    notice: flag ? (NOTICES[flag] ?? null) : imported ? `Imported ${imported}.` : null,
    error: null as string | null,
    courses: [] as Awaited<ReturnType<typeof listCourses>>,
    selected: null as null | { id: string; name: string; classId: string; coursework: Awaited<ReturnType<typeof listCourseWork>> },
    classes: [] as { id: string; name: string }[],
  };
  if (!state.allowed || !state.connected) return base;
  try {
    const session = await openClassroom(request, context, teacher);
    const scope = forTeacher(session.db, teacher.id);
    base.classes = await session.db.select({ id: classes.id, name: classes.name }).from(classes).where(scope.where(classes));
    base.courses = await listCourses(session);
    const chosen = base.courses.find((c) => c.id === url.searchParams.get("course"));
    if (chosen?.class_id)
      base.selected = { id: chosen.id, name: chosen.name, classId: chosen.class_id, coursework: await listCourseWork(session, chosen.id) };
  } catch (error) {
    base.error = refusalFrom(error).message;
  }
  return base;
}

/** The page's forms: import a course, import coursework, disconnect. Success redirects; a refusal is shown. */
export async function classroomPageAction(request: Request, context: AppLoadContext, teacher: Teacher) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "disconnect") {
    await disconnectDrive(getDb(context.cloudflare.env.DB), googleConfig(context.cloudflare.env), request, teacher.id);
    throw redirect("/classroom?classroom=disconnected");
  }
  const courseId = String(form.get("courseId") ?? "");
  try {
    const session = await openClassroom(request, context, teacher);
    if (intent === "import-course") {
      const target = form.get("classId");
      const body = CourseImportBody.parse({
        class_id: target && target !== "new" ? String(target) : null,
        subject: form.get("subject") || undefined,
        grade_level: form.get("gradeLevel") || undefined,
      });
      const result = await importCourse(session, courseId, { classId: body.class_id, subject: body.subject, gradeLevel: body.grade_level });
      const what = `${result.className}: ${result.total} ${result.total === 1 ? "student" : "students"}`;
      throw redirect(`/classroom?course=${encodeURIComponent(courseId)}&imported=${encodeURIComponent(what)}`);
    }
    if (intent === "import-coursework") {
      const result = await importCourseWork(context.cloudflare.env, session, courseId, String(form.get("courseWorkId") ?? ""));
      throw redirect(`/assignment/${result.assignmentId}?classroom=imported&count=${result.imported}`);
    }
    return { error: "Unknown action." };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { error: refusalFrom(error).message };
  }
}
