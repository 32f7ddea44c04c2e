// The dashboard's figures, computed from the teacher's own data.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { assignments, classes, students, submissions } from "../../core/db/schema";

export async function dashboardOverview(db: Db, teacherId: string) {
  const [classCount, studentCount, assignmentCount, graded] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(classes)
      .where(and(eq(classes.teacherId, teacherId), isNull(classes.archivedAt))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(students)
      .where(eq(students.teacherId, teacherId)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(assignments)
      .where(eq(assignments.teacherId, teacherId)),
    db
      .select({
        graded: sql<number>`sum(case when ${submissions.status} = 'graded' then 1 else 0 end)`,
        needsReview: sql<number>`sum(case when ${submissions.needsReview} = 1 and ${submissions.approvedAt} is null then 1 else 0 end)`,
        average: sql<number | null>`avg(${submissions.percent})`,
      })
      .from(submissions)
      .where(eq(submissions.teacherId, teacherId)),
  ]);
  const recent = await db
    .select({
      id: submissions.id,
      studentName: submissions.studentName,
      status: submissions.status,
      percent: submissions.percent,
      updatedAt: submissions.updatedAt,
      assignmentTitle: assignments.title,
    })
    .from(submissions)
    .leftJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(eq(submissions.teacherId, teacherId))
    .orderBy(desc(submissions.updatedAt))
    .limit(5);
  const average = graded[0]?.average;
  return {
    classes: Number(classCount[0]?.n ?? 0),
    students: Number(studentCount[0]?.n ?? 0),
    assignments: Number(assignmentCount[0]?.n ?? 0),
    graded: Number(graded[0]?.graded ?? 0),
    needsReview: Number(graded[0]?.needsReview ?? 0),
    averageScore: average == null ? null : Math.round(Number(average) * 10) / 10,
    recent: recent.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
  };
}
