// Students: the list with figures from real submissions, profiles, and adding or editing a student.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { average, roundScore } from "~/lib/grades";
import {
  assignmentScores,
  gradeTrend,
  recentActivity,
  strengthsAndAreas,
  studentSummary,
  subjectPerformance,
  weeklyProgress,
  type StudentWork,
} from "~/lib/student-insights";
import { attendanceCounts } from "./attendance.server";
import { inChunks } from "../../core/db/chunk";
import type { Db } from "../../core/db/client";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { assignments, classes, enrollments, students, submissions } from "../../core/db/schema";
import { newId } from "./tokens.server";

export const DUPLICATE_STUDENT_EMAIL = "A student with this email already exists.";

export type StudentRecord = typeof students.$inferSelect;

export async function getStudent(db: Db, teacherId: string, studentId: string): Promise<StudentRecord | null> {
  const row = await db.query.students.findFirst({ where: and(ownedBy(students, teacherId), eq(students.id, studentId)) });
  return row ?? null;
}

/** A student as the JSON API shows it (snake case, gradebook ids included). */
export function toStudentJson(s: {
  id: string;
  name: string;
  email: string | null;
  studentNumber: string | null;
  loginId: string | null;
  googleUserId?: string | null;
}) {
  return { id: s.id, name: s.name, email: s.email, sis_id: s.studentNumber, login_id: s.loginId, google_user_id: s.googleUserId ?? null };
}

async function teacherEnrollments(db: Db, teacherId: string) {
  return db
    .select({
      studentId: enrollments.studentId,
      classId: classes.id,
      className: classes.name,
      gradeLevel: classes.gradeLevel,
      enrolledAt: enrollments.enrolledAt,
    })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(and(ownedBy(classes, teacherId)))
    .orderBy(asc(classes.name));
}

const ELEMENTARY_GRADES = new Set(["K", "1", "2", "3", "4", "5"]);

/** Students of grades K to 5 get the elementary profile (subject cards and conference folder). */
export function isElementary(gradeLevels: readonly (string | null | undefined)[]): boolean {
  return gradeLevels.some((g) => g != null && (ELEMENTARY_GRADES.has(g) || /^(k|kindergarten|pre-k|[1-5](st|nd|rd|th)? grade)$/i.test(g)));
}

export async function listStudents(db: Db, teacherId: string, filter: { q?: string; classId?: string } = {}) {
  const q = filter.q?.trim().toLowerCase();
  const conditions = [ownedBy(students, teacherId)];
  if (q) conditions.push(sql`(lower(${students.name}) like ${`%${q}%`} or lower(coalesce(${students.email}, '')) like ${`%${q}%`})`);
  if (filter.classId) {
    conditions.push(sql`exists (select 1 from enrollments e where e.student_id = "students"."id" and e.class_id = ${filter.classId})`);
  }
  const [rows, enrolled, stats] = await Promise.all([
    db
      .select()
      .from(students)
      .where(and(...conditions))
      .orderBy(asc(students.name)),
    teacherEnrollments(db, teacherId),
    db
      .select({
        studentId: submissions.studentId,
        average: sql<number | null>`avg(case when ${submissions.status} = 'graded' then ${submissions.percent} end)`,
        graded: sql<number>`count(distinct case when ${submissions.status} = 'graded' then coalesce(${submissions.assignmentId}, ${submissions.id}) end)`,
        lastActive: sql<number | null>`max(${submissions.createdAt})`,
      })
      .from(submissions)
      .where(and(ownedBy(submissions, teacherId), sql`${submissions.studentId} is not null`))
      .groupBy(submissions.studentId),
  ]);
  const byStudent = new Map(stats.map((s) => [s.studentId!, s]));
  const list = rows.map((s) => {
    const own = enrolled.filter((e) => e.studentId === s.id);
    const stat = byStudent.get(s.id);
    const avg = stat?.average == null ? null : Number(stat.average);
    return {
      id: s.id,
      name: s.name,
      email: s.email,
      studentNumber: s.studentNumber,
      loginId: s.loginId,
      classes: own.map((e) => ({ id: e.classId, name: e.className })),
      avgGrade: roundScore(avg),
      assignments: Number(stat?.graded ?? 0),
      lastActive: stat?.lastActive == null ? null : new Date(Number(stat.lastActive)).toISOString(),
      elementary: isElementary([s.gradeLevel, ...own.map((e) => e.gradeLevel)]),
    };
  });
  const weekAgo = Date.now() - 7 * 24 * 60 * 60 * 1000;
  const graded = list.filter((s) => s.avgGrade != null).map((s) => s.avgGrade!);
  const summary = {
    total: list.length,
    averageGrade: roundScore(average(graded)),
    activeThisWeek: list.filter((s) => s.lastActive != null && Date.parse(s.lastActive) >= weekAgo).length,
    needAttention: graded.filter((g) => g < 70).length,
  };
  return { students: list, summary };
}

export type NewStudent = {
  name: string;
  email?: string;
  studentNumber?: string;
  loginId?: string;
  gradeLevel?: string;
  parentContact?: string;
  classId?: string;
};

export async function createStudent(
  db: Db,
  teacherId: string,
  input: NewStudent,
): Promise<{ student: StudentRecord } | { error: string; field: string }> {
  if (input.email) {
    const existing = await db.query.students.findFirst({
      where: and(ownedBy(students, teacherId), eq(students.email, input.email)),
      columns: { id: true },
    });
    if (existing) return { error: DUPLICATE_STUDENT_EMAIL, field: "email" };
  }
  if (input.classId) {
    const klass = await db.query.classes.findFirst({
      where: and(ownedBy(classes, teacherId), eq(classes.id, input.classId)),
      columns: { id: true },
    });
    if (!klass) return { error: "Class not found.", field: "classId" };
  }
  const id = newId();
  const [student] = await db
    .insert(students)
    .values({
      id,
      teacherId,
      name: input.name,
      email: input.email ?? null,
      studentNumber: input.studentNumber || null,
      loginId: input.loginId || null,
      gradeLevel: input.gradeLevel || null,
      parentContact: input.parentContact || null,
    })
    .returning();
  if (input.classId) await db.insert(enrollments).values({ classId: input.classId, studentId: id });
  return { student };
}

export async function updateStudent(
  db: Db,
  teacherId: string,
  studentId: string,
  input: { name: string; email?: string; studentNumber?: string; loginId?: string; gradeLevel?: string; parentContact?: string },
): Promise<{ student: StudentRecord } | { error: string; field: string } | null> {
  if (input.email) {
    const existing = await db.query.students.findFirst({
      where: and(ownedBy(students, teacherId), eq(students.email, input.email)),
      columns: { id: true },
    });
    if (existing && existing.id !== studentId) return { error: DUPLICATE_STUDENT_EMAIL, field: "email" };
  }
  const [row] = await db
    .update(students)
    .set({
      name: input.name,
      email: input.email ?? null,
      studentNumber: input.studentNumber || null,
      loginId: input.loginId || null,
      gradeLevel: input.gradeLevel || null,
      parentContact: input.parentContact || null,
      updatedAt: new Date(),
    })
    .where(and(ownedBy(students, teacherId), eq(students.id, studentId)))
    .returning();
  return row ? { student: row } : null;
}

/** Every submission of the student with its assignment, class subject and per-question outcomes. */
export async function studentWorks(db: Db, teacherId: string, studentId: string): Promise<StudentWork[]> {
  const rows = await db
    .select({
      id: submissions.id,
      assignmentId: submissions.assignmentId,
      status: submissions.status,
      percent: submissions.percent,
      score: submissions.score,
      maxScore: submissions.maxScore,
      gradedAt: submissions.gradedAt,
      createdAt: submissions.createdAt,
      dueDate: assignments.dueDate,
      assignmentCreatedAt: assignments.createdAt,
      title: assignments.title,
      assignmentSubject: assignments.subject,
      assignmentType: assignments.assignmentType,
      standards: assignments.selectedStandards,
      classSubject: classes.subject,
    })
    .from(submissions)
    .leftJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .leftJoin(classes, eq(classes.id, assignments.classId))
    .where(and(ownedBy(submissions, teacherId), eq(submissions.studentId, studentId)));
  const gradedIds = rows.filter((r) => r.status === "graded").map((r) => r.id);
  const questions = await forTeacher(db, teacherId).questionResultsOf(gradedIds);
  return rows.map((r) => ({
    submissionId: r.id,
    assignmentId: r.assignmentId,
    title: r.title ?? "QuickSnap",
    subject: r.assignmentSubject || r.classSubject || null,
    assignmentType: r.assignmentType,
    standards: r.standards ?? [],
    status: r.status,
    percent: r.percent,
    score: r.score,
    maxScore: r.maxScore,
    // When the work was set, as on the dashboard (analytics.server.ts): a week's work graded later stays in its week.
    date: r.dueDate ?? r.assignmentCreatedAt ?? r.gradedAt ?? r.createdAt,
    questions: questions
      .filter((q) => q.submissionId === r.id)
      .sort((a, b) => a.questionNumber.localeCompare(b.questionNumber, undefined, { numeric: true }))
      .map((q) => ({
        questionNumber: q.questionNumber,
        pointsAwarded: q.pointsAwarded,
        pointsPossible: q.pointsPossible,
        feedback: q.feedback,
        reason: q.reason,
      })),
  }));
}

/** Everything both profile pages show; null for a missing or another teacher's student. */
export async function studentProfile(db: Db, teacherId: string, studentId: string) {
  const student = await getStudent(db, teacherId, studentId);
  if (!student) return null;
  const [enrolled, works, attendance] = await Promise.all([
    db
      .select({
        id: classes.id,
        name: classes.name,
        gradeLevel: classes.gradeLevel,
        subject: classes.subject,
        enrolledAt: enrollments.enrolledAt,
      })
      .from(enrollments)
      .innerJoin(classes, eq(classes.id, enrollments.classId))
      .where(and(ownedBy(classes, teacherId), eq(enrollments.studentId, studentId)))
      .orderBy(asc(classes.name)),
    studentWorks(db, teacherId, studentId),
    attendanceCounts(db, teacherId, studentId),
  ]);
  const classIds = enrolled.map((c) => c.id);
  const classAssignmentIds =
    classIds.length === 0
      ? []
      : (
          await inChunks(classIds, 1, (slice) =>
            db
              .select({ id: assignments.id })
              .from(assignments)
              .where(and(ownedBy(assignments, teacherId), inArray(assignments.classId, slice))),
          )
        ).map((a) => a.id);
  const allAssignments = new Set([...classAssignmentIds, ...works.map((w) => w.assignmentId).filter((id): id is string => id != null)]);
  const enrollmentDate = enrolled.length === 0 ? null : new Date(Math.min(...enrolled.map((c) => c.enrolledAt.getTime()))).toISOString();
  return {
    student: {
      id: student.id,
      name: student.name,
      email: student.email,
      studentNumber: student.studentNumber,
      loginId: student.loginId,
      gradeLevel: student.gradeLevel ?? enrolled[0]?.gradeLevel ?? null,
      parentContact: student.parentContact,
      enrollmentDate,
      createdAt: student.createdAt.toISOString(),
    },
    classes: enrolled.map((c) => ({ id: c.id, name: c.name, gradeLevel: c.gradeLevel, subject: c.subject })),
    elementary: isElementary([student.gradeLevel, ...enrolled.map((c) => c.gradeLevel)]),
    summary: studentSummary(works, allAssignments.size, attendance),
    gradeTrend: gradeTrend(works),
    assignmentScores: assignmentScores(works),
    recentActivity: recentActivity(works),
    insights: strengthsAndAreas(works),
    subjects: subjectPerformance(works),
    weeklyProgress: weeklyProgress(works),
    works,
  };
}
