// Writes the grading worker's outcomes to D1. Every write is idempotent, so a retried queue message
// never duplicates or loses a result, and the job's figures are always recomputed from the submissions.
import { and, eq, notInArray, sql } from "drizzle-orm";
import { getDb } from "../../core/db/client";
import { gradingJobs, submissions } from "../../core/db/schema";
import type { JobEvent } from "../../core/jobs/events";

const FINISHED = ["graded", "failed"] as const;

/** What the consumer needs from the job's Durable Object (its RPC stub, or the object itself in its alarm). */
export type JobEventSink = { append(event: JobEvent, dedupeKey?: string): Promise<number | null> };

export async function markSubmissionFailed(env: Env, submissionId: string, reason: string) {
  await getDb(env.DB)
    .update(submissions)
    .set({ status: "failed", failureReason: reason, updatedAt: new Date() })
    .where(and(eq(submissions.id, submissionId), notInArray(submissions.status, ["graded"])));
}

/** Recomputes the job's progress from its submissions, stores it, and tells the stream; ends the job when all are done. */
export async function settleJob(env: Env, jobId: string, sink: JobEventSink) {
  const db = getDb(env.DB);
  const [counts] = await db
    .select({
      total: sql<number>`count(*)`,
      done: sql<number>`sum(case when ${submissions.status} in ('graded', 'failed') then 1 else 0 end)`,
      failed: sql<number>`sum(case when ${submissions.status} = 'failed' then 1 else 0 end)`,
      average: sql<number | null>`avg(case when ${submissions.status} = 'graded' then ${submissions.percent} end)`,
    })
    .from(submissions)
    .where(eq(submissions.jobId, jobId));
  const total = Number(counts?.total ?? 0);
  const done = Number(counts?.done ?? 0);
  const failed = Number(counts?.failed ?? 0);
  const averageScore = counts?.average == null ? null : Math.round(Number(counts.average) * 10) / 10;
  const finished = done >= total;
  const status = !finished ? "processing" : failed === 0 ? "completed" : failed === total ? "failed" : "completed_with_failures";
  await db
    .update(gradingJobs)
    .set({ status, done, failed, averageScore, finishedAt: finished ? new Date() : null })
    .where(eq(gradingJobs.id, jobId));
  await sink.append({ type: "progress", done, failed, total, averageScore }, `progress:${done}:${failed}`);
  if (finished && status !== "processing") {
    await sink.append({ type: "job_done", status, done, failed, total, averageScore }, "job_done");
  }
}

/** Ends a stalled job: every submission not yet finished is failed with a reason the teacher can read. */
export async function failUnfinishedSubmissions(env: Env, jobId: string, sink: JobEventSink, reason: string) {
  const db = getDb(env.DB);
  const stalled = await db
    .update(submissions)
    .set({ status: "failed", failureReason: reason, updatedAt: new Date() })
    .where(and(eq(submissions.jobId, jobId), notInArray(submissions.status, [...FINISHED])))
    .returning({ id: submissions.id });
  for (const { id } of stalled) {
    await sink.append(
      {
        type: "submission_done",
        submissionId: id,
        status: "failed",
        score: null,
        maxScore: null,
        percent: null,
        needsReview: true,
        reason,
      },
      `done:${id}`,
    );
  }
  await settleJob(env, jobId, sink);
}
