// The grading queue's consumer: one message per submission, retried with backoff; messages that used up
// their retries arrive on the dead-letter queue and fail their submission with the last reason.
import { eq } from "drizzle-orm";
import { getDb } from "../../core/db/client";
import { forTeacher } from "../../core/db/scoped";
import { jobStub } from "../../core/jobs/stub";
import { gradingJobs, submissions } from "../../core/db/schema";
import { GradingMessage } from "../../core/jobs/events";
import { gradingSettings } from "./env";
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

/**
 * A message whose job is not its teacher's is dropped before anything is read or written: neither D1 nor the
 * job's event log may change on another teacher's behalf.
 */
async function ownsJob(env: Env, { jobId, teacherId, submissionId }: GradingMessage): Promise<boolean> {
  if (await forTeacher(getDb(env.DB), teacherId).find(gradingJobs, jobId)) return true;
  console.error("Dropping a grading message for a job its teacher does not own", { jobId, submissionId });
  return false;
}

export async function consume(message: Message<unknown>, env: Env) {
  const parsed = GradingMessage.safeParse(message.body);
  if (!parsed.success) {
    console.error("Dropping malformed grading message", parsed.error.issues);
    message.ack();
    return;
  }
  const { jobId, submissionId, teacherId } = parsed.data;
  if (!(await ownsJob(env, parsed.data))) {
    message.ack();
    return;
  }
  const sink = jobStub(env, jobId);
  try {
    gradingSettings(env); // a configuration error fails the submission with its message, before any work
    await processSubmission(env, parsed.data, message.attempts, sink);
    message.ack();
  } catch (error) {
    const reason = readableReason(error);
    if (isPermanent(error)) {
      await failSubmission(env, parsed.data, reason);
      message.ack();
      return;
    }
    // Keep the latest reason so the dead-letter consumer can tell the teacher why it finally failed.
    const scope = forTeacher(getDb(env.DB), teacherId);
    await scope.update(submissions, { failureReason: reason }, eq(submissions.id, submissionId));
    await sink.append({ type: "error", submissionId, message: `Attempt ${message.attempts} failed: ${reason}` });
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

async function failSubmission(env: Env, { jobId, submissionId, teacherId }: GradingMessage, reason: string) {
  const sink = jobStub(env, jobId);
  await markSubmissionFailed(env, teacherId, submissionId, reason);
  await sink.append(
    { type: "submission_done", submissionId, status: "failed", score: null, maxScore: null, percent: null, needsReview: true, reason },
    `done:${submissionId}`,
  );
  await settleJob(env, { jobId, teacherId }, sink);
}

/** Messages that used up their retries: the submission fails with its last reason, and the job can still end. */
export async function consumeDeadLetter(message: Message<unknown>, env: Env) {
  const parsed = GradingMessage.safeParse(message.body);
  if (parsed.success && (await ownsJob(env, parsed.data))) {
    const row = await forTeacher(getDb(env.DB), parsed.data.teacherId).find(submissions, parsed.data.submissionId);
    const reason = `Grading failed after ${MAX_ATTEMPTS} attempts: ${row?.failureReason ?? "unknown error"}`;
    await failSubmission(env, parsed.data, reason);
  }
  message.ack();
}
