// Crash recovery: work whose job went silent (the runtime was killed or restarted, a message was lost) is put
// back on the queue instead of being failed. Only after MAX_RECOVERY_SWEEPS silent sweeps in a row is the
// rest failed, so a job always ends (docs/decisions/0010).
import { and, eq, notInArray } from "drizzle-orm";
import { getDb } from "../../core/db/client";
import { submissions } from "../../core/db/schema";
import type { GradingMessage } from "../../core/jobs/events";
import { ownedBy } from "../../core/db/scoped";

/** Silence after which a job's unfinished submissions are put back on the queue (GRADING_STALL_SECONDS). */
export function stallLimitMs(env: Env): number {
  const seconds = Number(env.GRADING_STALL_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 120) * 1000;
}

/** Sweeps that found the job silent, in a row, before its remaining submissions are failed. */
export const MAX_RECOVERY_SWEEPS = 3;

/** Puts every submission of the job that is neither graded nor failed back on the queue; answers how many. */
export async function requeueUnfinished(env: Env, jobId: string, teacherId: string): Promise<number> {
  const rows = await getDb(env.DB)
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.jobId, jobId), ownedBy(submissions, teacherId), notInArray(submissions.status, ["graded", "failed"])));
  if (rows.length === 0) return 0;
  const messages: { body: GradingMessage }[] = rows.map((r) => ({ body: { jobId, submissionId: r.id, teacherId } }));
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < messages.length; i += 100) await env.GRADING_QUEUE.sendBatch(messages.slice(i, i + 100));
  return rows.length;
}
