// Stored notifications: grading finished or failed, work waiting for review, the plan limit near. They are
// recorded from the teacher's own data whenever the list is read (each has a key, so recording twice is harmless),
// which keeps the grading worker out of it, and they stay until the teacher marks them read.
import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { assignments, gradingJobs, notifications, submissions } from "../../core/db/schema";
import { inChunks } from "../../core/db/chunk";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { newId } from "./tokens.server";

/** Starter's limit (spec section 9): no plan is stored yet, so every account is held to it. */
export const MONTHLY_ASSIGNMENT_LIMIT = 100;
export const PLAN_WARNING_AT = 0.8;

type NewNotification = Omit<typeof notifications.$inferInsert, "id" | "teacherId">;

export async function recordNotifications(db: Db, teacherId: string, now = new Date()) {
  const scope = forTeacher(db, teacherId);
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [jobs, waiting, made] = await db.batch([
    db
      .select({
        id: gradingJobs.id,
        status: gradingJobs.status,
        done: gradingJobs.done,
        failed: gradingJobs.failed,
        total: gradingJobs.total,
        averageScore: gradingJobs.averageScore,
        finishedAt: gradingJobs.finishedAt,
        kind: gradingJobs.kind,
        assignmentId: gradingJobs.assignmentId,
        title: assignments.title,
      })
      .from(gradingJobs)
      .leftJoin(assignments, and(eq(assignments.id, gradingJobs.assignmentId), ownedBy(assignments, teacherId)))
      .where(scope.where(gradingJobs, isNotNull(gradingJobs.finishedAt), gte(gradingJobs.finishedAt, since))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(submissions)
      .where(scope.where(submissions, eq(submissions.status, "graded"), eq(submissions.needsReview, true), isNull(submissions.approvedAt))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(assignments)
      .where(scope.where(assignments, gte(assignments.createdAt, monthStart))),
  ]);
  const rows: NewNotification[] = [];
  for (const job of jobs) {
    const what = job.title ?? (job.kind === "quicksnap" ? "QuickSnap" : "Grading job");
    const href = job.assignmentId ? `/assignment/${job.assignmentId}` : `/jobs/${job.id}`;
    const createdAt = job.finishedAt ?? now;
    if (job.status === "failed" || job.failed > 0) {
      rows.push({
        kind: "grading_failed",
        key: `job:${job.id}:failed`,
        title: `Grading failed: ${what}`,
        body: `${job.failed} of ${job.total} could not be graded.`,
        href,
        createdAt,
      });
    }
    if (job.status !== "failed" && job.done > 0) {
      rows.push({
        kind: "grading_finished",
        key: `job:${job.id}:finished`,
        title: `Grading finished: ${what}`,
        body: `${job.done} of ${job.total} graded${job.averageScore == null ? "" : `, average ${job.averageScore}%`}.`,
        href,
        createdAt,
      });
    }
  }
  const waitingCount = Number(waiting[0]?.n ?? 0);
  if (waitingCount > 0) {
    rows.push({
      kind: "review_waiting",
      key: `review:${now.toISOString().slice(0, 10)}`,
      title: `${waitingCount} ${waitingCount === 1 ? "paper is" : "papers are"} waiting for your review`,
      body: "Flagged grades stay unconfirmed until you accept or change them.",
      href: "/review",
      createdAt: now,
    });
  }
  const madeCount = Number(made[0]?.n ?? 0);
  if (madeCount >= MONTHLY_ASSIGNMENT_LIMIT * PLAN_WARNING_AT) {
    rows.push({
      kind: "plan_limit",
      key: `plan:${now.toISOString().slice(0, 7)}`,
      title: "Your plan's limit is near",
      body: `${madeCount} of ${MONTHLY_ASSIGNMENT_LIMIT} assignments used this month.`,
      href: "/pricing",
      createdAt: now,
    });
  }
  // One row a statement (D1 binds at most 100 values a statement).
  if (rows.length) {
    await db.batch(
      rows.map((row) =>
        db
          .insert(notifications)
          .values({ id: newId(), teacherId, ...row })
          .onConflictDoNothing(),
      ) as unknown as Parameters<typeof db.batch>[0],
    );
  }
}

export async function listNotifications(db: Db, teacherId: string, limit = 20) {
  const scope = forTeacher(db, teacherId);
  const [items, unread] = await db.batch([
    db.select().from(notifications).where(scope.where(notifications)).orderBy(desc(notifications.createdAt)).limit(limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(notifications)
      .where(scope.where(notifications, isNull(notifications.readAt))),
  ]);
  return {
    unread: Number(unread[0]?.n ?? 0),
    items: items.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      href: n.href,
      read: n.readAt != null,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

/** Marks the given notifications read (or all when `ids` is "all"); another teacher's ids change nothing. */
export async function markNotificationsRead(db: Db, teacherId: string, ids: string[] | "all") {
  const scope = forTeacher(db, teacherId);
  const now = new Date();
  if (ids === "all") {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(scope.where(notifications, isNull(notifications.readAt)));
    return;
  }
  await inChunks(ids, 2, (slice) =>
    db
      .update(notifications)
      .set({ readAt: now })
      .where(scope.where(notifications, inArray(notifications.id, slice), isNull(notifications.readAt)))
      .returning({ id: notifications.id }),
  );
}
