// One submission's run through the grading pipeline: read → identify → grade → feedback.
// Every step is appended to the job's event log so the teacher watches it happen.
import { eq } from "drizzle-orm";
import { getDb } from "../../app/server/db/client.server";
import { assignmentFiles, submissions } from "../../app/server/db/schema";
import type { GradingMessage } from "../../app/schemas/grading";
import { settleJob, type JobEventSink } from "./results";

/** A failure that another attempt cannot fix (unreadable file, missing upload): fail at once, no retry. */
export class PermanentGradingError extends Error {
  readonly permanent = true;
}

export function isPermanent(error: unknown): boolean {
  return (
    error instanceof PermanentGradingError ||
    (typeof error === "object" && error !== null && (error as { permanent?: unknown }).permanent === true)
  );
}

export async function processSubmission(env: Env, message: GradingMessage, attempt: number, sink: JobEventSink) {
  const db = getDb(env.DB);
  const submission = await db.query.submissions.findFirst({ where: eq(submissions.id, message.submissionId) });
  if (!submission || submission.teacherId !== message.teacherId) {
    throw new PermanentGradingError("This submission no longer exists.");
  }
  if (submission.status === "graded" || submission.status === "failed") {
    await settleJob(env, message.jobId, sink); // a redelivered message: the result is already stored
    return;
  }
  await db.update(submissions).set({ status: "processing", updatedAt: new Date() }).where(eq(submissions.id, submission.id));
  await sink.append(
    { type: "submission_started", submissionId: submission.id, studentName: submission.studentName, attempt },
    `started:${submission.id}:${attempt}`,
  );

  const file = submission.fileId
    ? await db.query.assignmentFiles.findFirst({ where: eq(assignmentFiles.id, submission.fileId) })
    : undefined;
  const object = file ? await env.UPLOADS.get(file.r2Key) : null;
  if (!file || !object) throw new PermanentGradingError("The uploaded file could not be found.");
  const bytes = new Uint8Array(await object.arrayBuffer());
  await sink.append(
    { type: "page_read", submissionId: submission.id, page: 1, bytes: bytes.byteLength, text: "", confidence: null, width: null, height: null },
    `page:${submission.id}:1`,
  );

  // The walking skeleton reads the upload but does not score it yet: it is held for the teacher's review.
  await db
    .update(submissions)
    .set({ status: "graded", needsReview: true, score: null, percent: null, gradedAt: new Date(), updatedAt: new Date() })
    .where(eq(submissions.id, submission.id));
  await sink.append(
    { type: "submission_done", submissionId: submission.id, status: "graded", score: null, maxScore: null, percent: null, needsReview: true },
    `done:${submission.id}`,
  );
  await settleJob(env, message.jobId, sink);
}
