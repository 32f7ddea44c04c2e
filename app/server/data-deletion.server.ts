// Deleting a student, an assignment or a class's students, with everything that hangs off them: submissions,
// results, grade edits, uploaded files (rows and R2 objects), jobs (rows and Durable Object storage), notes,
// conference items, enrollments and attendance. Rows go in one D1 batch (a transaction), objects after it.
import { and, eq, inArray, isNull, ne, notInArray, or, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../core/db/client";
import { chunk, D1_MAX_BOUND_VALUES, inChunks } from "../../core/db/chunk";
import {
  accessLog,
  assignmentFiles,
  assignments,
  attendance,
  classes,
  conferenceItems,
  enrollments,
  gradeEdits,
  gradingJobs,
  notes,
  questionResults,
  students,
  submissions,
  type Teacher,
} from "../../core/db/schema";
import { forTeacher } from "../../core/db/scoped";
import { answerCropPrefix } from "../../core/files/answer-crop-keys";
import { classSetPageImageKey, classSetPrefix, classSetPageKey } from "../../core/files/class-set-keys";
import { jobStub } from "../../core/jobs/stub";
import { actorOf, forgetStudentAccess } from "./access-log.server";
import { newId } from "./tokens.server";

type Who = Pick<Teacher, "id" | "name" | "email">;
type Statement = BatchItem<"sqlite">;
const SLICE = D1_MAX_BOUND_VALUES - 2;

/** Deletes R2 objects, up to 1,000 keys a call (R2's limit). */
export async function deleteObjects(bucket: R2Bucket, keys: readonly (string | null | undefined)[]) {
  const unique = [...new Set(keys.filter((k): k is string => !!k))];
  for (const part of chunk(unique, 1000)) await bucket.delete(part);
}

/** Deletes every object under a prefix; answers how many there were. */
export async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<number> {
  let count = 0;
  for (;;) {
    const listed = await bucket.list({ prefix, limit: 1000 });
    if (listed.objects.length === 0) return count;
    await bucket.delete(listed.objects.map((o) => o.key));
    count += listed.objects.length;
    if (!listed.truncated) return count;
  }
}

/** Erases the grading jobs' Durable Objects (their event logs and state), a few at a time. */
export async function eraseJobObjects(env: Env, jobIds: readonly string[]) {
  for (const part of chunk([...new Set(jobIds)], 10)) await Promise.all(part.map((id) => jobStub(env, id).erase()));
}

async function runBatch(db: Db, statements: Statement[]) {
  if (statements.length === 0) return;
  await db.batch(statements as [Statement, ...Statement[]]);
}

/** Statements deleting submissions with their results and edits (ids already known to be the teacher's). */
function submissionDeletes(db: Db, teacherId: string, submissionIds: readonly string[]): Statement[] {
  const scope = forTeacher(db, teacherId);
  return chunk([...new Set(submissionIds)], SLICE).flatMap((slice) => [
    db.delete(questionResults).where(inArray(questionResults.submissionId, slice)),
    db.delete(gradeEdits).where(scope.where(gradeEdits, inArray(gradeEdits.submissionId, slice))),
    db.delete(submissions).where(scope.where(submissions, inArray(submissions.id, slice))),
  ]);
}

/** The files among `fileIds` that no submission outside `keepOut` still points at, with their R2 keys. */
async function filesOnlyUsedBy(db: Db, teacherId: string, fileIds: readonly string[], outside: SQL) {
  const scope = forTeacher(db, teacherId);
  const ids = [...new Set(fileIds)];
  const shared = await inChunks(ids, 3, (slice) =>
    db
      .select({ fileId: submissions.fileId })
      .from(submissions)
      .where(scope.where(submissions, inArray(submissions.fileId, slice), outside)),
  );
  const sharedIds = new Set(shared.map((s) => s.fileId));
  return scope.findMany(
    assignmentFiles,
    ids.filter((id) => !sharedIds.has(id)),
  );
}

function fileDeletes(db: Db, teacherId: string, fileIds: readonly string[]): Statement[] {
  const scope = forTeacher(db, teacherId);
  return chunk([...new Set(fileIds)], SLICE).map((slice) =>
    db.delete(assignmentFiles).where(scope.where(assignmentFiles, inArray(assignmentFiles.id, slice))),
  );
}

function deletionEntry(db: Db, teacher: Who, studentId: string | null, studentName: string, target: string): Statement {
  return db
    .insert(accessLog)
    .values({ id: newId(), teacherId: teacher.id, actor: actorOf(teacher), action: "deleted", studentId, studentName, target });
}

/** The answer crops of deleted submissions (core/files/answer-crop-keys.ts). */
async function deleteAnswerCrops(bucket: R2Bucket, teacherId: string, subs: readonly { id: string }[]) {
  for (const sub of subs) await deletePrefix(bucket, answerCropPrefix(teacherId, sub.id));
}

/** Deletes a student with all their work; the access log keeps only the entry saying so. Null when not the teacher's. */
export async function deleteStudent(env: Env, db: Db, teacher: Who, studentId: string) {
  const scope = forTeacher(db, teacher.id);
  const student = await scope.find(students, studentId);
  if (!student) return null;
  const [subs, items] = await Promise.all([
    db
      .select({ id: submissions.id, fileId: submissions.fileId, assignmentId: submissions.assignmentId })
      .from(submissions)
      .where(scope.where(submissions, eq(submissions.studentId, studentId))),
    db
      .select({ id: conferenceItems.id, r2Key: conferenceItems.r2Key })
      .from(conferenceItems)
      .where(scope.where(conferenceItems, eq(conferenceItems.studentId, studentId))),
  ]);
  const files = await filesOnlyUsedBy(
    db,
    teacher.id,
    subs.flatMap((s) => (s.fileId ? [s.fileId] : [])),
    or(isNull(submissions.studentId), ne(submissions.studentId, studentId))!,
  );
  await runBatch(db, [
    ...submissionDeletes(
      db,
      teacher.id,
      subs.map((s) => s.id),
    ),
    ...fileDeletes(
      db,
      teacher.id,
      files.map((f) => f.id),
    ),
    db.delete(conferenceItems).where(scope.where(conferenceItems, eq(conferenceItems.studentId, studentId))),
    db.delete(notes).where(scope.where(notes, eq(notes.studentId, studentId))),
    db.delete(enrollments).where(eq(enrollments.studentId, studentId)),
    db.delete(attendance).where(eq(attendance.studentId, studentId)),
    forgetStudentAccess(db, teacher.id, studentId),
    db.delete(students).where(scope.where(students, eq(students.id, studentId))),
    deletionEntry(
      db,
      teacher,
      studentId,
      student.name,
      `Student deleted with ${subs.length} submission${subs.length === 1 ? "" : "s"} and ${items.length} conference item${items.length === 1 ? "" : "s"}`,
    ),
  ]);
  await deleteObjects(env.UPLOADS, [
    ...files.map((f) => f.r2Key),
    ...items.map((i) => i.r2Key),
    ...subs.flatMap((s) =>
      s.assignmentId ? [classSetPageKey(teacher.id, s.assignmentId, s.id), classSetPageImageKey(teacher.id, s.assignmentId, s.id)] : [],
    ),
  ]);
  await deleteAnswerCrops(env.UPLOADS, teacher.id, subs);
  return { name: student.name, submissions: subs.length };
}

/**
 * Deletes an assignment with its submissions, results, files and jobs. Items the teacher put in a student's
 * conference folder are copies and stay there. Null when not the teacher's.
 */
export async function deleteAssignment(env: Env, db: Db, teacher: Who, assignmentId: string) {
  const scope = forTeacher(db, teacher.id);
  const assignment = await scope.find(assignments, assignmentId);
  if (!assignment) return null;
  const [subs, jobs, ownFiles] = await Promise.all([
    db
      .select({ id: submissions.id, fileId: submissions.fileId, studentId: submissions.studentId, studentName: submissions.studentName })
      .from(submissions)
      .where(scope.where(submissions, eq(submissions.assignmentId, assignmentId))),
    db
      .select({ id: gradingJobs.id })
      .from(gradingJobs)
      .where(scope.where(gradingJobs, eq(gradingJobs.assignmentId, assignmentId))),
    db
      .select({ id: assignmentFiles.id })
      .from(assignmentFiles)
      .where(scope.where(assignmentFiles, eq(assignmentFiles.assignmentId, assignmentId))),
  ]);
  const files = await filesOnlyUsedBy(
    db,
    teacher.id,
    [...ownFiles.map((f) => f.id), ...subs.flatMap((s) => (s.fileId ? [s.fileId] : []))],
    or(isNull(submissions.assignmentId), ne(submissions.assignmentId, assignmentId))!,
  );
  const jobIds = jobs.map((j) => j.id);
  await runBatch(db, [
    ...submissionDeletes(
      db,
      teacher.id,
      subs.map((s) => s.id),
    ),
    ...fileDeletes(
      db,
      teacher.id,
      files.map((f) => f.id),
    ),
    ...chunk(jobIds, SLICE).map((slice) => db.delete(gradingJobs).where(scope.where(gradingJobs, inArray(gradingJobs.id, slice)))),
    db
      .update(conferenceItems)
      .set({ assignmentId: null })
      .where(scope.where(conferenceItems, eq(conferenceItems.assignmentId, assignmentId))),
    db.delete(assignments).where(scope.where(assignments, eq(assignments.id, assignmentId))),
    ...subs
      .filter((s) => s.studentId)
      .map((s) => deletionEntry(db, teacher, s.studentId, s.studentName, `${assignment.title}: submission deleted with its assignment`)),
  ]);
  await eraseJobObjects(env, jobIds);
  await deleteObjects(
    env.UPLOADS,
    files.map((f) => f.r2Key),
  );
  await deletePrefix(env.UPLOADS, classSetPrefix(teacher.id, assignmentId));
  await deleteAnswerCrops(env.UPLOADS, teacher.id, subs);
  return { title: assignment.title, submissions: subs.length };
}

/** The class's students who are in no other class of the teacher's (deleting the class may take them along). */
export async function studentsOnlyIn(db: Db, teacherId: string, classId: string): Promise<{ id: string; name: string }[]> {
  const scope = forTeacher(db, teacherId);
  const roster = await db
    .select({ id: students.id, name: students.name })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(scope.where(students), eq(enrollments.classId, classId)));
  const elsewhere = await inChunks(
    roster.map((s) => s.id),
    1,
    (slice) =>
      db
        .select({ id: enrollments.studentId })
        .from(enrollments)
        .where(and(inArray(enrollments.studentId, slice), notInArray(enrollments.classId, [classId]))),
  );
  const enrolledElsewhere = new Set(elsewhere.map((e) => e.id));
  return roster.filter((s) => !enrolledElsewhere.has(s.id));
}

/** What a deletion page shows before the teacher confirms; null when the student or assignment is not theirs. */
export async function deletionPreview(db: Db, teacherId: string, target: { studentId: string } | { assignmentId: string }) {
  const scope = forTeacher(db, teacherId);
  const count = async (table: typeof submissions | typeof conferenceItems, condition: SQL) =>
    (await db.select({ id: table.id }).from(table).where(scope.where(table, condition))).length;
  if ("studentId" in target) {
    const student = await scope.find(students, target.studentId);
    if (!student) return null;
    return {
      id: student.id,
      name: student.name,
      submissions: await count(submissions, eq(submissions.studentId, student.id)),
      conferenceItems: await count(conferenceItems, eq(conferenceItems.studentId, student.id)),
    };
  }
  const assignment = await scope.find(assignments, target.assignmentId);
  if (!assignment) return null;
  return {
    id: assignment.id,
    name: assignment.title,
    submissions: await count(submissions, eq(submissions.assignmentId, assignment.id)),
    conferenceItems: 0,
  };
}

/** Deletes a class; with `withStudents`, also its students who are in no other class, with all their work. */
export async function deleteClassAndStudents(env: Env, db: Db, teacher: Who, classId: string, withStudents: boolean) {
  const removed: string[] = [];
  if (withStudents) {
    for (const student of await studentsOnlyIn(db, teacher.id, classId)) {
      if (await deleteStudent(env, db, teacher, student.id)) removed.push(student.name);
    }
  }
  const rows = await db
    .delete(classes)
    .where(forTeacher(db, teacher.id).where(classes, eq(classes.id, classId)))
    .returning({ id: classes.id });
  return rows.length > 0 ? { studentsDeleted: removed.length } : null;
}
