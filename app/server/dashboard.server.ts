// The dashboard's figures, computed from the teacher's own data: the page and GET /api/dashboard/overview
// answer the same object.
import { and, desc, eq, inArray, isNull, or, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { assignments, classes, students, submissions } from "../../core/db/schema";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { inChunks } from "../../core/db/chunk";
import { bySubject, inPeriod, insights, trend, type Period } from "~/lib/analytics";
import { gradeFacts } from "./analytics.server";

export async function dashboardOverview(db: Db, teacherId: string, opts: { trendPeriod?: Period; now?: number } = {}) {
  const now = opts.now ?? Date.now();
  const trendPeriod = opts.trendPeriod ?? "30d";
  const scope = forTeacher(db, teacherId);
  const [classCount, studentCount, assignmentCount, graded] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(classes)
      .where(scope.where(classes, isNull(classes.archivedAt))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(students)
      .where(scope.where(students)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(assignments)
      .where(scope.where(assignments)),
    db
      .select({
        graded: sql<number>`sum(case when ${submissions.status} = 'graded' then 1 else 0 end)`,
        failed: sql<number>`sum(case when ${submissions.status} = 'failed' then 1 else 0 end)`,
        needsReview: sql<number>`sum(case when ${submissions.status} = 'graded' and ${submissions.needsReview} = 1 and ${submissions.approvedAt} is null then 1 else 0 end)`,
        average: sql<number | null>`avg(case when ${submissions.status} = 'graded' then ${submissions.percent} end)`,
      })
      .from(submissions)
      .where(scope.where(submissions)),
  ]);
  const recent = await db
    .select({
      id: submissions.id,
      assignmentId: submissions.assignmentId,
      jobId: submissions.jobId,
      studentName: submissions.studentName,
      status: submissions.status,
      score: submissions.score,
      maxScore: submissions.maxScore,
      percent: submissions.percent,
      updatedAt: submissions.updatedAt,
      assignmentTitle: assignments.title,
    })
    .from(submissions)
    .leftJoin(assignments, and(eq(assignments.id, submissions.assignmentId), ownedBy(assignments, teacherId)))
    .where(scope.where(submissions, inArray(submissions.status, ["graded", "failed", "processing"])))
    .orderBy(desc(submissions.updatedAt))
    .limit(6);
  const { facts, questions } = await gradeFacts(db, teacherId, { questions: true });
  const average = graded[0]?.average;
  return {
    kpis: {
      classes: Number(classCount[0]?.n ?? 0),
      students: Number(studentCount[0]?.n ?? 0),
      assignments: Number(assignmentCount[0]?.n ?? 0),
      graded: Number(graded[0]?.graded ?? 0),
      failed: Number(graded[0]?.failed ?? 0),
      needsReview: Number(graded[0]?.needsReview ?? 0),
      averageScore: average == null ? null : Math.round(Number(average) * 10) / 10,
    },
    recent: recent.map((r) => ({
      ...r,
      href: r.assignmentId ? `/assignment/${r.assignmentId}/submission/${r.id}` : r.jobId ? `/jobs/${r.jobId}` : null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    insights: insights(facts, questions),
    trend: { period: trendPeriod, points: trend(inPeriod(facts, trendPeriod, now), trendPeriod, now) },
    subjects: bySubject(facts),
    progress: await gradingProgress(db, teacherId),
  };
}
export type DashboardOverview = Awaited<ReturnType<typeof dashboardOverview>>;

/** Per assignment (most recent first): how much of its work is graded, still grading, failed or flagged. */
export async function gradingProgress(db: Db, teacherId: string, limit = 8) {
  const scope = forTeacher(db, teacherId);
  const list = await db
    .select({ id: assignments.id, title: assignments.title, className: classes.name, createdAt: assignments.createdAt })
    .from(assignments)
    .leftJoin(classes, and(eq(classes.id, assignments.classId), ownedBy(classes, teacherId)))
    .where(scope.where(assignments))
    .orderBy(desc(assignments.createdAt))
    .limit(limit);
  const counts = await inChunks(
    list.map((a) => a.id),
    1,
    (slice) =>
      db
        .select({
          assignmentId: submissions.assignmentId,
          total: sql<number>`count(*)`,
          graded: sql<number>`sum(case when ${submissions.status} = 'graded' then 1 else 0 end)`,
          grading: sql<number>`sum(case when ${submissions.status} in ('pending', 'processing') and ${submissions.jobId} is not null then 1 else 0 end)`,
          failed: sql<number>`sum(case when ${submissions.status} = 'failed' then 1 else 0 end)`,
          review: sql<number>`sum(case when ${submissions.status} = 'graded' and ${submissions.needsReview} = 1 and ${submissions.approvedAt} is null then 1 else 0 end)`,
        })
        .from(submissions)
        .where(scope.where(submissions, inArray(submissions.assignmentId, slice)))
        .groupBy(submissions.assignmentId),
  );
  return list.map((a) => {
    const c = counts.find((row) => row.assignmentId === a.id);
    const total = Number(c?.total ?? 0);
    const gradedCount = Number(c?.graded ?? 0);
    return {
      id: a.id,
      title: a.title,
      className: a.className,
      total,
      graded: gradedCount,
      grading: Number(c?.grading ?? 0),
      failed: Number(c?.failed ?? 0),
      waitingReview: Number(c?.review ?? 0),
      percentDone: total ? Math.round((gradedCount / total) * 100) : 0,
    };
  });
}

/** The dashboard's search: students, classes and assignments whose name or title contains the words. */
export async function searchTeacherData(db: Db, teacherId: string, query: string) {
  const q = query.trim().slice(0, 100);
  if (!q) return null;
  const scope = forTeacher(db, teacherId);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const match = (column: SQLWrapper) => sql`${column} like ${pattern} escape '\\'`;
  const [studentRows, classRows, assignmentRows] = await db.batch([
    db
      .select({ id: students.id, name: students.name, email: students.email })
      .from(students)
      .where(scope.where(students, or(match(students.name), match(students.email))))
      .orderBy(students.name)
      .limit(10),
    db
      .select({ id: classes.id, name: classes.name, subject: classes.subject })
      .from(classes)
      .where(scope.where(classes, or(match(classes.name), match(classes.subject), match(classes.classCode))))
      .orderBy(classes.name)
      .limit(10),
    db
      .select({ id: assignments.id, title: assignments.title, subject: assignments.subject })
      .from(assignments)
      .where(scope.where(assignments, or(match(assignments.title), match(assignments.subject))))
      .orderBy(desc(assignments.createdAt))
      .limit(10),
  ]);
  return { query: q, students: studentRows, classes: classRows, assignments: assignmentRows };
}

/** The Students tab: every student with the average of their graded work. */
export async function studentSummaries(db: Db, teacherId: string) {
  const scope = forTeacher(db, teacherId);
  const [list, { facts }] = await Promise.all([
    db.select({ id: students.id, name: students.name }).from(students).where(scope.where(students)).orderBy(students.name),
    gradeFacts(db, teacherId),
  ]);
  return list.map((s) => {
    const mine = facts.filter((f) => f.studentId === s.id).map((f) => f.percent);
    return {
      ...s,
      graded: mine.length,
      average: mine.length ? Math.round((mine.reduce((a, b) => a + b, 0) / mine.length) * 10) / 10 : null,
    };
  });
}
