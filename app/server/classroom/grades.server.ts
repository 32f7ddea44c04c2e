// Grades back to Classroom, and coursework posted to Classroom. Classroom lets an app set grades only on
// coursework that the same Google Cloud project created (docs/decisions/0040): for any other coursework the
// teacher is told so and offered the gradebook file. Sending again sends nothing that has not changed; each
// submission keeps its sync state (draft, returned or failed, with Classroom's reason).
import { eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { inChunks } from "../../../core/db/chunk";
import { assignments, classes, students, submissions } from "../../../core/db/schema";
import { forTeacher } from "../../../core/db/scoped";
import { isFinal } from "../assignments.server";
import { ClassroomError } from "./api.server";
import { CLASSROOM_MESSAGES, classroomMessage, ClassroomRefusal, refusalFrom, type ClassroomSession } from "./connection.server";

export type SendMode = "draft" | "return";
export type SendResult = { sent: number; unchanged: number; failed: number; notReady: number };

async function requireLinkedAssignment(session: Pick<ClassroomSession, "db" | "teacherId">, assignmentId: string) {
  const assignment = await forTeacher(session.db, session.teacherId).find(assignments, assignmentId);
  if (!assignment) throw new ClassroomRefusal("Assignment not found.", 404);
  return assignment;
}

/** Classroom's grade for a submission: the percentage of the coursework's points, to two decimals. */
export function classroomGrade(percent: number, maxPoints: number): number {
  return Math.round(((Math.min(100, Math.max(0, percent)) * maxPoints) / 100) * 100) / 100;
}

export async function sendGrades(session: ClassroomSession, assignmentId: string, mode: SendMode): Promise<SendResult> {
  const { db, teacherId, client } = session;
  const scope = forTeacher(db, teacherId);
  const assignment = await requireLinkedAssignment(session, assignmentId);
  const courseId = assignment.classroomCourseId;
  const courseWorkId = assignment.classroomCourseWorkId;
  if (!courseId || !courseWorkId)
    throw new ClassroomRefusal("This assignment is not in Google Classroom. Post it to Classroom first.", 409);
  if (!assignment.classroomOwned) throw new ClassroomRefusal(CLASSROOM_MESSAGES.notOurs, 409, { gradebook: true });
  const maxPoints = assignment.classroomMaxPoints;
  if (!maxPoints) throw new ClassroomRefusal("This coursework has no points in Google Classroom, so it takes no grade.", 409);

  let remote;
  try {
    await client.course(courseId);
    remote = await client.submissions(courseId, courseWorkId);
  } catch (error) {
    throw refusalFrom(error, "coursework");
  }
  const rows = await db
    .select()
    .from(submissions)
    .where(scope.where(submissions, eq(submissions.assignmentId, assignment.id)));
  // Work uploaded in Gradewell (for coursework it posted) finds its Classroom submission by the student's Google id.
  const unlinked = rows.filter((r) => !r.classroomSubmissionId && r.studentId).map((r) => r.studentId!);
  const googleIds = new Map(
    (
      await inChunks(unlinked, 1, (slice) =>
        db
          .select({ id: students.id, googleUserId: students.googleUserId })
          .from(students)
          .where(scope.where(students, inArray(students.id, slice))),
      )
    ).map((s) => [s.id, s.googleUserId]),
  );
  const remoteById = new Map(remote.map((s) => [s.id, s]));
  const remoteByUser = new Map(remote.map((s) => [s.userId, s]));

  const result: SendResult = { sent: 0, unchanged: 0, failed: 0, notReady: 0 };
  const updates: BatchItem<"sqlite">[] = [];
  const save = (id: string, set: Partial<typeof submissions.$inferInsert>) =>
    updates.push(
      db
        .update(submissions)
        .set({ ...set, updatedAt: new Date() })
        .where(scope.where(submissions, eq(submissions.id, id))),
    );
  for (const row of rows) {
    const target =
      (row.classroomSubmissionId ? remoteById.get(row.classroomSubmissionId) : undefined) ??
      (row.studentId ? remoteByUser.get(googleIds.get(row.studentId) ?? "") : undefined);
    if (!isFinal(assignment, row) || row.percent == null) {
      result.notReady += 1;
      continue;
    }
    if (!target) {
      result.failed += 1;
      save(row.id, { classroomSync: "failed", classroomSyncError: "This student has no submission for this coursework in Classroom." });
      continue;
    }
    const grade = classroomGrade(row.percent, maxPoints);
    const wanted = mode === "return" ? "returned" : "draft";
    const same = row.classroomSentGrade === grade && row.classroomSubmissionId === target.id;
    if (same && (row.classroomSync === wanted || (mode === "draft" && row.classroomSync === "returned"))) {
      result.unchanged += 1;
      continue;
    }
    try {
      await client.grade(courseId, courseWorkId, target.id, grade, mode === "return");
      if (mode === "return") await client.returnToStudent(courseId, courseWorkId, target.id);
      result.sent += 1;
      save(row.id, { classroomSubmissionId: target.id, classroomSync: wanted, classroomSentGrade: grade, classroomSyncError: null });
    } catch (error) {
      if (!(error instanceof ClassroomError)) throw error;
      if (error.kind === "auth" || error.kind === "scope") {
        if (updates.length) await db.batch(updates as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
        throw refusalFrom(error);
      }
      if (error.kind === "not_owner") {
        updates.push(
          db
            .update(assignments)
            .set({ classroomOwned: false, updatedAt: new Date() })
            .where(scope.where(assignments, eq(assignments.id, assignment.id))),
        );
        await db.batch(updates as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
        throw new ClassroomRefusal(CLASSROOM_MESSAGES.notOurs, 409, { gradebook: true });
      }
      result.failed += 1;
      save(row.id, { classroomSync: "failed", classroomSyncError: classroomMessage(error, "coursework") });
    }
  }
  if (updates.length) await db.batch(updates as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return result;
}

/** "Post to Classroom": creates the coursework in the class's linked course, so Gradewell may set its grades. */
export async function postToClassroom(session: ClassroomSession, assignmentId: string) {
  const { db, teacherId, client } = session;
  const scope = forTeacher(db, teacherId);
  const assignment = await requireLinkedAssignment(session, assignmentId);
  if (assignment.classroomCourseWorkId) throw new ClassroomRefusal("This assignment is already in Google Classroom.", 409);
  const klass = assignment.classId ? await scope.find(classes, assignment.classId) : undefined;
  if (!klass?.classroomCourseId)
    throw new ClassroomRefusal("This assignment's class is not linked to a Google Classroom course. Import or link the course first.", 409);
  let work;
  try {
    work = await client.createCourseWork(klass.classroomCourseId, {
      title: assignment.title,
      description: assignment.description,
      maxPoints: assignment.points,
    });
  } catch (error) {
    throw refusalFrom(error, "course");
  }
  await db
    .update(assignments)
    .set({
      classroomCourseId: klass.classroomCourseId,
      classroomCourseWorkId: work.id,
      classroomOwned: true,
      classroomMaxPoints: work.maxPoints ?? assignment.points,
      updatedAt: new Date(),
    })
    .where(scope.where(assignments, eq(assignments.id, assignment.id)));
  return { courseWorkId: work.id };
}

export type SyncRow = {
  submissionId: string;
  student: string;
  late: boolean;
  sync: string | null;
  grade: number | null;
  error: string | null;
};

/** What the assignment page's Classroom panel shows. */
export async function classroomOverview(session: Pick<ClassroomSession, "db" | "teacherId">, assignmentId: string) {
  const scope = forTeacher(session.db, session.teacherId);
  const assignment = await requireLinkedAssignment(session, assignmentId);
  const klass = assignment.classId ? await scope.find(classes, assignment.classId) : undefined;
  const rows = await session.db
    .select()
    .from(submissions)
    .where(scope.where(submissions, eq(submissions.assignmentId, assignment.id)));
  return {
    inClassroom: Boolean(assignment.classroomCourseWorkId),
    owned: assignment.classroomOwned,
    canPost: !assignment.classroomCourseWorkId && Boolean(klass?.classroomCourseId),
    hasKey: assignment.hasAnswerKey || assignment.hasRubric,
    rows: rows.map((r): SyncRow => ({
      submissionId: r.id,
      student: r.studentName || "Unnamed student",
      late: r.classroomLate,
      sync: r.classroomSync,
      grade: r.classroomSentGrade,
      error: r.classroomSyncError,
    })),
  };
}
