// The JSON API of the Classroom integration (/api/classroom/...), shared with the /classroom page and the
// assignment page's panel. Routes stay thin: each one names its handler here.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { CLASS_GRADE_LEVELS, CLASS_SUBJECTS } from "../../../core/constants";
import { getDb } from "../../../core/db/client";
import { forTeacher } from "../../../core/db/scoped";
import { eq } from "drizzle-orm";
import { assignments, classes } from "../../../core/db/schema";
import { requireApiTeacher } from "../auth.server";
import { googleConfig } from "../google/config.server";
import { disconnectDrive } from "../google/drive-tokens.server";
import { apiError, jsonResponse, readJsonBody } from "../http.server";
import { ClassroomRefusal, openClassroom, refusalFrom, type ClassroomSession } from "./connection.server";
import { classroomOverview, postToClassroom, sendGrades } from "./grades.server";
import { importCourse } from "./import-course.server";
import { assignmentForCourseWork, importCourseWork } from "./import-coursework.server";

type Args = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

/** Opens Classroom for the signed-in teacher and answers every refusal as {error, ...} with its status. */
async function withClassroom(args: Args, run: (session: ClassroomSession) => Promise<unknown>): Promise<Response> {
  const { teacher } = await requireApiTeacher(args.request, args.context);
  try {
    const session = await openClassroom(args.request, args.context, teacher);
    return jsonResponse(await run(session));
  } catch (error) {
    const refusal = refusalFrom(error);
    return apiError(refusal.status, refusal.message, refusal.extra);
  }
}

/** The teacher's active courses, each with the class it is linked to. */
export async function listCourses(session: ClassroomSession) {
  const scope = forTeacher(session.db, session.teacherId);
  const courses = await session.client.courses();
  const mine = await session.db
    .select({ id: classes.id, name: classes.name, courseId: classes.classroomCourseId })
    .from(classes)
    .where(scope.where(classes));
  const linked = new Map(mine.filter((c) => c.courseId).map((c) => [c.courseId!, c]));
  return courses.map((c) => ({
    id: c.id,
    name: c.name,
    section: c.section ?? null,
    class_id: linked.get(c.id)?.id ?? null,
    class_name: linked.get(c.id)?.name ?? null,
  }));
}

/** A course's published coursework, each with the assignment it became. */
export async function listCourseWork(session: ClassroomSession, courseId: string) {
  const work = await session.client.courseWorkList(courseId);
  return Promise.all(
    work.map(async (w) => ({
      id: w.id,
      title: w.title,
      max_points: w.maxPoints ?? null,
      created_by_gradewell: Boolean(w.associatedWithDeveloperProject),
      assignment_id: (await assignmentForCourseWork(session, w.id))?.id ?? null,
    })),
  );
}

export const CourseImportBody = z.strictObject({
  class_id: z.string().trim().min(1).max(100).nullish(),
  subject: z.enum(CLASS_SUBJECTS).optional(),
  grade_level: z.enum(CLASS_GRADE_LEVELS).optional(),
});

const SyncBody = z.union([
  z.strictObject({ action: z.enum(["draft", "return", "post"]) }),
  z.strictObject({
    action: z.literal("key"),
    answer_key_text: z.string().trim().max(50000, "The answer key must be at most 50000 characters").optional(),
    rubric_text: z.string().trim().max(50000, "The rubric must be at most 50000 characters").optional(),
  }),
]);

/** Coursework arrives without a key: the teacher adds the key (or rubric) before grading, as on the create form. */
async function setKey(session: ClassroomSession, assignmentId: string, key: { answer_key_text?: string; rubric_text?: string }) {
  const scope = forTeacher(session.db, session.teacherId);
  const assignment = await scope.find(assignments, assignmentId);
  if (!assignment) throw new ClassroomRefusal("Assignment not found.", 404);
  const answerKeyText = key.answer_key_text || assignment.answerKeyText;
  const rubricText = key.rubric_text || assignment.rubricText;
  if (!answerKeyText && !rubricText) throw new ClassroomRefusal("Type the answer key or the rubric.", 400);
  await session.db
    .update(assignments)
    .set({ answerKeyText, rubricText, hasAnswerKey: Boolean(answerKeyText), hasRubric: Boolean(rubricText), updatedAt: new Date() })
    .where(scope.where(assignments, eq(assignments.id, assignment.id)));
}

export const classroomApi = {
  courses: (args: Args) => withClassroom(args, async (session) => ({ courses: await listCourses(session) })),
  courseWork: (args: Args) =>
    withClassroom(args, async (session) => ({ coursework: await listCourseWork(session, args.params.courseId ?? "") })),
  importCourse: async (args: Args) => {
    const body = await readJsonBody(args.request, CourseImportBody);
    return withClassroom(args, (session) =>
      importCourse(session, args.params.courseId ?? "", { classId: body.class_id, subject: body.subject, gradeLevel: body.grade_level }),
    );
  },
  importCourseWork: (args: Args) =>
    withClassroom(args, (session) =>
      importCourseWork(args.context.cloudflare.env, session, args.params.courseId ?? "", args.params.courseWorkId ?? ""),
    ),
  overview: (args: Args) => withClassroom(args, (session) => classroomOverview(session, args.params.id ?? "")),
  sync: async (args: Args) => {
    const body = await readJsonBody(args.request, SyncBody);
    return withClassroom(args, async (session) => {
      const id = args.params.id ?? "";
      if (body.action === "key") {
        await setKey(session, id, body);
        return classroomOverview(session, id);
      }
      if (body.action === "post") return { posted: await postToClassroom(session, id), ...(await classroomOverview(session, id)) };
      return { result: await sendGrades(session, id, body.action), ...(await classroomOverview(session, id)) };
    });
  },
  /** Revokes the Google grant (Drive's too: Google keeps one grant per app) and forgets it. */
  disconnect: async (args: Args) => {
    const { teacher } = await requireApiTeacher(args.request, args.context);
    await disconnectDrive(getDb(args.context.cloudflare.env.DB), googleConfig(args.context.cloudflare.env), args.request, teacher.id);
    return jsonResponse({ connected: false });
  },
};
