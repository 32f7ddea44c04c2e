// The grading queue's consumer: one message per submission, retried with backoff; messages that used up
// their retries arrive on the dead-letter queue and fail their submission with the last reason.
import { eq } from "drizzle-orm";
import { getDb } from "../../core/db/client";
import { jobStub } from "../../core/jobs/stub";
import { gradingJobs, submissions } from "../../core/db/schema";
import { GradingMessage } from "../../core/jobs/events";
import { isPermanent, processSubmission } from "./pipeline";
import { markSubmissionFailed, settleJob } from "./results";

/** Must match max_retries in wrangler.toml: deliveries = 1 + max_retries. */
export const MAX_ATTEMPTS = 4;

export function retryDelaySeconds(attempt: number): number {
  return Math.min(2 ** attempt, 60);
}

function readableReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 300 ? `${message.slice(0, 300)}…` : message || "Grading failed.";
}

export async function consume(message: Message<unknown>, env: Env) {
  const parsed = GradingMessage.safeParse(message.body);
  if (!parsed.success) {
    console.error("Dropping malformed grading message", parsed.error.issues);
    message.ack();
    return;
  }
  const { jobId, submissionId } = parsed.data;
  if (!(await jobExists(env, jobId))) {
    message.ack(); // its teacher deleted it (or the whole account) while it waited: nothing is left to grade or tell
    return;
  }
  const sink = jobStub(env, jobId);
  try {
    await processSubmission(env, parsed.data, message.attempts, sink);
    message.ack();
  } catch (error) {
    const reason = readableReason(error);
    if (isPermanent(error)) {
      await failSubmission(env, jobId, submissionId, reason);
      message.ack();
      return;
    }
    // Keep the latest reason so the dead-letter consumer can tell the teacher why it finally failed.
    await getDb(env.DB).update(submissions).set({ failureReason: reason }).where(eq(submissions.id, submissionId));
    await sink.append({ type: "error", submissionId, message: `Attempt ${message.attempts} failed: ${reason}` });
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

async function jobExists(env: Env, jobId: string): Promise<boolean> {
  const row = await getDb(env.DB).query.gradingJobs.findFirst({ where: eq(gradingJobs.id, jobId), columns: { id: true } });
  return row !== undefined;
}

async function failSubmission(env: Env, jobId: string, submissionId: string, reason: string) {
  const sink = jobStub(env, jobId);
  await markSubmissionFailed(env, submissionId, reason);
  await sink.append(
    { type: "submission_done", submissionId, status: "failed", score: null, maxScore: null, percent: null, needsReview: true, reason },
    `done:${submissionId}`,
  );
  await settleJob(env, jobId, sink);
}

/** Messages that used up their retries: the submission fails with its last reason, and the job can still end. */
export async function consumeDeadLetter(message: Message<unknown>, env: Env) {
  const parsed = GradingMessage.safeParse(message.body);
  if (parsed.success && (await jobExists(env, parsed.data.jobId))) {
    const { jobId, submissionId } = parsed.data;
    const row = await getDb(env.DB).query.submissions.findFirst({ where: eq(submissions.id, submissionId) });
    const reason = `Grading failed after ${MAX_ATTEMPTS} attempts: ${row?.failureReason ?? "unknown error"}`;
    await failSubmission(env, jobId, submissionId, reason);
  }
  message.ack();
}
