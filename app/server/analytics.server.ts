// The facts every figure is computed from: the teacher's graded work with its assignment and class, and the
// question results behind it. Reads go through forTeacher; id lists through inChunks.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { assignments, classes, enrollments, submissions } from "../../core/db/schema";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { analyticsReportOf, type AnalyticsReport, type ClassInfo, type GradeFact, type Period, type QuestionFact } from "~/lib/analytics";

export async function gradeFacts(db: Db, teacherId: string, opts: { questions?: boolean } = {}) {
  const scope = forTeacher(db, teacherId);
  const rows = await db
    .select({
      submissionId: submissions.id,
      studentId: submissions.studentId,
      studentName: submissions.studentName,
      score: submissions.score,
      maxScore: submissions.maxScore,
      percent: submissions.percent,
      gradedAt: submissions.gradedAt,
      createdAt: submissions.createdAt,
      assignmentId: assignments.id,
      assignmentTitle: assignments.title,
      dueDate: assignments.dueDate,
      assignmentCreatedAt: assignments.createdAt,
      subject: assignments.subject,
      standards: assignments.selectedStandards,
      classId: classes.id,
      className: classes.name,
      classSubject: classes.subject,
    })
    .from(submissions)
    .leftJoin(assignments, and(eq(assignments.id, submissions.assignmentId), ownedBy(assignments, teacherId)))
    .leftJoin(classes, and(eq(classes.id, assignments.classId), ownedBy(classes, teacherId)))
    .where(scope.where(submissions, eq(submissions.status, "graded"), sql`${submissions.percent} is not null`));
  const facts: GradeFact[] = rows.map((r) => ({
    submissionId: r.submissionId,
    studentId: r.studentId,
    studentName: r.studentName || "Unnamed student",
    assignmentId: r.assignmentId,
    assignmentTitle: r.assignmentTitle ?? "QuickSnap",
    classId: r.classId,
    className: r.className,
    subject: r.subject || r.classSubject || "Other",
    standards: r.standards ?? [],
    date: (r.dueDate ?? r.assignmentCreatedAt ?? r.gradedAt ?? r.createdAt).getTime(),
    score: r.score ?? 0,
    maxScore: r.maxScore ?? 0,
    percent: r.percent!,
  }));
  let questions: QuestionFact[] = [];
  if (opts.questions) {
    const assignmentOf = new Map(facts.map((f) => [f.submissionId, f.assignmentId]));
    questions = (await scope.questionResultsOf(facts.map((f) => f.submissionId))).map((q) => ({
      submissionId: q.submissionId,
      assignmentId: assignmentOf.get(q.submissionId) ?? null,
      number: q.questionNumber,
      pointsAwarded: q.pointsAwarded,
      pointsPossible: q.pointsPossible,
      keyAnswer: q.keyAnswer,
    }));
  }
  return { facts, questions };
}

/** The teacher's active classes with how many students each has. */
export async function classList(db: Db, teacherId: string): Promise<ClassInfo[]> {
  const scope = forTeacher(db, teacherId);
  const rows = await db
    .select({ id: classes.id, name: classes.name, subject: classes.subject, students: sql<number>`count(${enrollments.studentId})` })
    .from(classes)
    .leftJoin(enrollments, eq(enrollments.classId, classes.id))
    .where(scope.where(classes, isNull(classes.archivedAt)))
    .groupBy(classes.id)
    .orderBy(classes.name);
  return rows.map((r) => ({ ...r, students: Number(r.students) }));
}

/** Everything the Analytics screen shows for one period. */
export async function analyticsReport(db: Db, teacherId: string, period: Period, now = Date.now()): Promise<AnalyticsReport> {
  const [{ facts, questions }, classInfo] = await Promise.all([gradeFacts(db, teacherId, { questions: true }), classList(db, teacherId)]);
  return analyticsReportOf(facts, questions, classInfo, period, now);
}
