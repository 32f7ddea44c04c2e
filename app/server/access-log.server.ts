// The access log: who viewed, exported, regraded, overrode or deleted which student's work, and when.
// The teacher reads it on the student's profile and in Settings; entries older than a year are deleted daily.
import { and, desc, eq, isNotNull, lt, ne } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { rowsPerInsert } from "../../core/db/chunk";
import { accessLog, assignments, classes, enrollments, students, submissions, type Teacher } from "../../core/db/schema";
import { forTeacher } from "../../core/db/scoped";
import { newId } from "./tokens.server";

export const ACCESS_LOG_RETENTION_DAYS = 365;

export type AccessAction = (typeof accessLog.$inferSelect)["action"];
export type AccessEntry = { action: AccessAction; studentId: string | null; studentName: string; target: string };

export function actorOf(teacher: Pick<Teacher, "name" | "email">): string {
  return `${teacher.name} <${teacher.email}>`;
}

/** Records entries for one teacher, several rows a statement within D1's bound-value limit. */
export async function logAccess(db: Db, teacher: Pick<Teacher, "id" | "name" | "email">, entries: readonly AccessEntry[]) {
  if (entries.length === 0) return;
  const actor = actorOf(teacher);
  const rows = entries.map((e) => ({
    id: newId(),
    teacherId: teacher.id,
    actor,
    action: e.action,
    studentId: e.studentId,
    studentName: e.studentName.slice(0, 200),
    target: e.target.slice(0, 300),
  }));
  const size = rowsPerInsert(8);
  for (let i = 0; i < rows.length; i += size) await db.insert(accessLog).values(rows.slice(i, i + size));
}

export type AccessLogRow = {
  id: string;
  at: string;
  actor: string;
  action: AccessAction;
  studentId: string | null;
  studentName: string;
  target: string;
};

function toRow(row: typeof accessLog.$inferSelect): AccessLogRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    studentId: row.studentId,
    studentName: row.studentName,
    target: row.target,
  };
}

/** The teacher's latest entries, newest first; for one student when `studentId` is given. */
export async function accessLogFor(db: Db, teacherId: string, options: { studentId?: string; limit?: number } = {}) {
  const scope = forTeacher(db, teacherId);
  const rows = await db
    .select()
    .from(accessLog)
    .where(scope.where(accessLog, options.studentId ? eq(accessLog.studentId, options.studentId) : undefined))
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(options.limit ?? 100);
  return rows.map(toRow);
}

/** What a student's deletion keeps: only the entries that say the deletion happened. */
export function forgetStudentAccess(db: Db, teacherId: string, studentId: string) {
  return db
    .delete(accessLog)
    .where(forTeacher(db, teacherId).where(accessLog, eq(accessLog.studentId, studentId), ne(accessLog.action, "deleted")));
}

export async function deleteOldAccessLog(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - ACCESS_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(accessLog).where(and(lt(accessLog.at, cutoff)));
}

/** The entry for one submission: whose work, on which assignment. */
export function submissionAccess(
  assignment: { title: string } | null | undefined,
  submission: { studentId: string | null; studentName: string },
  action: AccessAction,
): AccessEntry {
  return {
    action,
    studentId: submission.studentId,
    studentName: submission.studentName || "Unnamed student",
    target: `${assignment?.title ?? "QuickSnap"}: submission`,
  };
}

/** A CSV export of an assignment's grades: one entry per identified student on it. */
export async function logAssignmentExport(db: Db, teacher: Pick<Teacher, "id" | "name" | "email">, assignmentId: string) {
  const scope = forTeacher(db, teacher.id);
  const assignment = await scope.find(assignments, assignmentId);
  if (!assignment) return;
  const rows = await db
    .select({ studentId: submissions.studentId, studentName: submissions.studentName })
    .from(submissions)
    .where(scope.where(submissions, eq(submissions.assignmentId, assignmentId), isNotNull(submissions.studentId)));
  await logAccess(
    db,
    teacher,
    rows.map((r) => ({
      action: "exported",
      studentId: r.studentId,
      studentName: r.studentName,
      target: `${assignment.title}: grades (CSV)`,
    })),
  );
}

/** A CSV export of a class's gradebook: one entry per enrolled student. */
export async function logClassExport(db: Db, teacher: Pick<Teacher, "id" | "name" | "email">, classId: string) {
  const scope = forTeacher(db, teacher.id);
  const klass = await scope.find(classes, classId);
  if (!klass) return;
  const roster = await db
    .select({ id: students.id, name: students.name })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(scope.where(students), eq(enrollments.classId, classId)));
  await logAccess(
    db,
    teacher,
    roster.map((s) => ({ action: "exported", studentId: s.id, studentName: s.name, target: `${klass.name}: gradebook (CSV)` })),
  );
}
