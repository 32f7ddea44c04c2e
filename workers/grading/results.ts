// Writes the grading worker's outcomes to D1. Every write is idempotent, so a retried queue message
// never duplicates or loses a result, and the job's figures are always recomputed from the submissions.
// Every read and write is scoped to the job's teacher (the queue message's teacherId).
import { and, eq, notInArray, sql } from "drizzle-orm";
import { getDb } from "../../core/db/client";
import { gradingJobs, submissions } from "../../core/db/schema";
import { forTeacher } from "../../core/db/scoped";
import type { JobEvent } from "../../core/jobs/events";

const FINISHED = ["graded", "failed"] as const;

/** What the consumer needs from the job's Durable Object (its RPC stub, or the object itself in its alarm). */
export type JobEventSink = { append(event: JobEvent, dedupeKey?: string): Promise<number | null> };

/** A job as the grading worker knows it: its id and its teacher. */
export type JobRef = { jobId: string; teacherId: string };

export async function markSubmissionFailed(env: Env, teacherId: string, submissionId: string, reason: string) {
  const scope = forTeacher(getDb(env.DB), teacherId);
  await scope.update(
    submissions,
    { status: "failed", failureReason: reason, updatedAt: new Date() },
    and(eq(submissions.id, submissionId), notInArray(submissions.status, ["graded"])),
  );
}

/** Recomputes the job's progress from its submissions, stores it, and tells the stream; ends the job when all are done. */
export async function settleJob(env: Env, { jobId, teacherId }: JobRef, sink: JobEventSink) {
  const scope = forTeacher(getDb(env.DB), teacherId);
  const counts = await scope.aggregate(
    submissions,
    {
      total: sql<number>`count(*)`,
      done: sql<number>`sum(case when ${submissions.status} in ('graded', 'failed') then 1 else 0 end)`,
      failed: sql<number>`sum(case when ${submissions.status} = 'failed' then 1 else 0 end)`,
      average: sql<number | null>`avg(case when ${submissions.status} = 'graded' then ${submissions.percent} end)`,
    },
    eq(submissions.jobId, jobId),
  );
  const total = Number(counts?.total ?? 0);
  const done = Number(counts?.done ?? 0);
  const failed = Number(counts?.failed ?? 0);
  const averageScore = counts?.average == null ? null : Math.round(Number(counts.average) * 10) / 10;
  const finished = done >= total;
  const status = !finished ? "processing" : failed === 0 ? "completed" : failed === total ? "failed" : "completed_with_failures";
  await scope.update(
    gradingJobs,
    { status, done, failed, averageScore, finishedAt: finished ? new Date() : null },
    eq(gradingJobs.id, jobId),
  );
  await sink.append({ type: "progress", done, failed, total, averageScore }, `progress:${done}:${failed}`);
  if (finished && status !== "processing") {
    await sink.append({ type: "job_done", status, done, failed, total, averageScore }, "job_done");
  }
}

/** Ends a stalled job: every submission not yet finished is failed with a reason the teacher can read. */
export async function failUnfinishedSubmissions(env: Env, job: JobRef, sink: JobEventSink, reason: string) {
  const scope = forTeacher(getDb(env.DB), job.teacherId);
  const stalled = await scope.update(
    submissions,
    { status: "failed", failureReason: reason, updatedAt: new Date() },
    and(eq(submissions.jobId, job.jobId), notInArray(submissions.status, [...FINISHED])),
  );
  for (const id of stalled) {
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
  await settleJob(env, job, sink);
}
