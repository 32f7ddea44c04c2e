// Grading jobs on the web side: hand an assignment's ungraded work (or one regraded submission, or one QuickSnap
// photo) to the grading queue as one job (rows to D1, the job's Durable Object, one queue message per
// submission), and read a job back for its own teacher only.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { GradingMessage, JobStatusResponse } from "../../core/jobs/events";
import type { Db } from "../../core/db/client";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { assignmentFiles, assignments, gradingJobs, questionResults, submissions } from "../../core/db/schema";
import { AssignmentInputError, findAssignment, requireAssignment, type SubmissionRow } from "./assignments.server";
import type { CheckedUpload } from "./storage.server";
import { uploadKey } from "./storage.server";
import { newId } from "./tokens.server";
import { ensureQueueRoom, RateLimitError } from "./rate-limit.server";
import { jobStub } from "../../core/jobs/stub";

export async function findJob(db: Db, teacherId: string, jobId: string) {
  return forTeacher(db, teacherId).find(gradingJobs, jobId);
}

/** The job that is grading this assignment right now, if any. */
export async function runningJob(db: Db, teacherId: string, assignmentId: string) {
  return db.query.gradingJobs.findFirst({
    where: and(
      ownedBy(gradingJobs, teacherId),
      eq(gradingJobs.assignmentId, assignmentId),
      inArray(gradingJobs.status, ["queued", "processing"]),
    ),
    orderBy: desc(gradingJobs.createdAt),
  });
}

/**
 * Hands the assignment's ungraded work to the grading queue as one job. A job already running is answered
 * instead of starting a second one. If the queue cannot be reached the job is marked failed and the error
 * rethrown; the assignment and its files stay saved.
 */
export async function processAssignment(env: Env, db: Db, teacherId: string, assignmentId: string) {
  const assignment = await requireAssignment(db, teacherId, assignmentId);
  const running = await runningJob(db, teacherId, assignment.id);
  if (running) return { jobId: running.id, total: running.total, alreadyRunning: true };
  const pending = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignment.id), eq(submissions.status, "pending")));
  if (pending.length === 0) throw new AssignmentInputError("There is no ungraded work to process.", 409);
  const ids = pending.map((p) => p.id);
  await ensureQueueRoom(db, teacherId, ids.length).catch((error: unknown) => {
    throw error instanceof RateLimitError ? new AssignmentInputError(error.message, 429) : error;
  });
  const jobId = await queueSubmissions(env, db, teacherId, assignment.id, ids);
  return { jobId, total: ids.length, alreadyRunning: false };
}

export async function queueSubmissions(env: Env, db: Db, teacherId: string, assignmentId: string, submissionIds: string[]) {
  const jobId = newId();
  // D1 binds at most 100 values per statement: the submissions are attached to the job in slices.
  const slices: string[][] = [];
  for (let i = 0; i < submissionIds.length; i += 90) slices.push(submissionIds.slice(i, i + 90));
  await db.batch([
    db
      .insert(gradingJobs)
      .values({ id: jobId, teacherId, assignmentId, kind: "assignment", status: "processing", total: submissionIds.length }),
    ...slices.map((slice) =>
      db
        .update(submissions)
        .set({ jobId, updatedAt: new Date() })
        .where(and(ownedBy(submissions, teacherId), inArray(submissions.id, slice))),
    ),
    db
      .update(assignments)
      .set({ status: "Active", updatedAt: new Date() })
      .where(and(eq(assignments.id, assignmentId), ownedBy(assignments, teacherId))),
  ]);
  try {
    await startJob(env, { jobId, teacherId, submissionIds });
  } catch (error) {
    const scope = forTeacher(db, teacherId);
    await db
      .update(gradingJobs)
      .set({ status: "failed", finishedAt: new Date() })
      .where(scope.where(gradingJobs, eq(gradingJobs.id, jobId)));
    throw error;
  }
  return jobId;
}

/**
 * Regrade one submission (after the teacher corrected its recognised text): reset it and give it its own job.
 * The teacher's per-question overrides are kept (the grader's new points go beside them) unless `keepOverrides` is false.
 */
export async function regradeSubmission(
  env: Env,
  db: Db,
  teacherId: string,
  submission: SubmissionRow,
  opts: { keepOverrides?: boolean; textCorrected?: boolean } = {},
) {
  if (!submission.assignmentId) throw new AssignmentInputError("Only assignment submissions can be regraded here.", 400);
  const keepOverrides = opts.keepOverrides ?? true;
  const flags = submission.flags.filter((f) => f !== "teacher_scored" && f !== "discard_overrides");
  if (opts.textCorrected ?? true) flags.push("text_corrected");
  if (!keepOverrides) flags.push("discard_overrides");
  const scope = forTeacher(db, teacherId);
  // question_results has no teacher of its own: its rows are deleted through the teacher's submission.
  const own = db
    .select({ id: submissions.id })
    .from(submissions)
    .where(scope.where(submissions, eq(submissions.id, submission.id)));
  await db.batch([
    // The teacher's overrides stay (the regrade puts the grader's new points beside them) unless discarded.
    db
      .delete(questionResults)
      .where(and(inArray(questionResults.submissionId, own), keepOverrides ? isNull(questionResults.editedAt) : undefined)),
    db
      .update(submissions)
      .set({
        status: "pending",
        score: null,
        percent: null,
        needsReview: false,
        approvedAt: null,
        approvedBy: null,
        failureReason: null,
        gradedAt: null,
        feedback: null,
        aiScore: null,
        flags: [...new Set(flags)],
        updatedAt: new Date(),
      })
      .where(and(eq(submissions.id, submission.id), ownedBy(submissions, teacherId))),
  ]);
  return queueSubmissions(env, db, teacherId, submission.assignmentId, [submission.id]);
}

/** QuickSnap: one photo, one submission, one job. The photo is stored before anything points at it. */
export async function createQuickSnapJob(
  env: Env,
  db: Db,
  input: { teacherId: string; upload: CheckedUpload; assignmentId: string | null },
): Promise<{ jobId: string; submissionId: string }> {
  const { teacherId, upload, assignmentId } = input;
  const file = uploadKey(teacherId, "quicksnap", upload.fileName);
  await env.UPLOADS.put(file.key, upload.bytes, {
    httpMetadata: { contentType: upload.contentType },
    customMetadata: { teacherId, fileName: upload.fileName },
  });
  const jobId = newId();
  const submissionId = newId();
  try {
    await db.batch([
      db.insert(assignmentFiles).values({
        id: file.id,
        teacherId,
        assignmentId,
        kind: "quicksnap",
        r2Key: file.key,
        fileName: upload.fileName,
        contentType: upload.contentType,
        size: upload.size,
      }),
      db.insert(gradingJobs).values({ id: jobId, teacherId, assignmentId, kind: "quicksnap", status: "processing", total: 1 }),
      db.insert(submissions).values({ id: submissionId, teacherId, assignmentId, jobId, fileId: file.id, studentName: "" }),
    ]);
  } catch (error) {
    await env.UPLOADS.delete(file.key);
    throw error;
  }
  await startJob(env, { jobId, teacherId, submissionIds: [submissionId] });
  return { jobId, submissionId };
}

/** Opens the job's event log, then enqueues one message per submission. */
export async function startJob(env: Env, input: { jobId: string; teacherId: string; submissionIds: string[] }) {
  const { jobId, teacherId, submissionIds } = input;
  await jobStub(env, jobId).start({ jobId, teacherId, total: submissionIds.length });
  const messages: { body: GradingMessage }[] = submissionIds.map((submissionId) => ({ body: { jobId, submissionId, teacherId } }));
  for (let i = 0; i < messages.length; i += 100) await env.GRADING_QUEUE.sendBatch(messages.slice(i, i + 100));
}

/** The spec's polling shape; completed-with-failures still reports 'completed' with the average of what was graded. */
export async function jobStatus(env: Env, job: typeof gradingJobs.$inferSelect): Promise<JobStatusResponse> {
  const live = await jobStub(env, job.id).status();
  const state = live ?? { status: job.status, done: job.done, failed: job.failed, total: job.total, averageScore: job.averageScore };
  const status =
    state.status === "failed"
      ? "failed"
      : state.status === "completed" || state.status === "completed_with_failures"
        ? "completed"
        : "processing";
  const graded = Math.max(0, state.done - state.failed);
  const outcome = state.status === "queued" ? "processing" : (state.status as JobStatusResponse["outcome"]);
  return {
    job_id: job.id,
    status,
    progress: { done: state.done, failed: state.failed, total: state.total, graded },
    outcome: status === "processing" ? "processing" : outcome,
    results: { average_score: state.averageScore, graded, failed: state.failed },
  };
}

/** Everything the job page shows before its stream connects, for the job's own teacher only. */
export async function jobPageData(db: Db, teacherId: string, jobId: string) {
  const job = await findJob(db, teacherId, jobId);
  if (!job) return null;
  const [assignment, rows] = await Promise.all([
    job.assignmentId ? findAssignment(db, teacherId, job.assignmentId) : undefined,
    db
      .select({
        id: submissions.id,
        studentName: submissions.studentName,
        status: submissions.status,
        score: submissions.score,
        maxScore: submissions.maxScore,
        percent: submissions.percent,
        needsReview: submissions.needsReview,
        feedback: submissions.feedback,
        recognizedText: submissions.recognizedText,
        failureReason: submissions.failureReason,
        fileId: submissions.fileId,
        fileName: assignmentFiles.fileName,
        contentType: assignmentFiles.contentType,
      })
      .from(submissions)
      .leftJoin(assignmentFiles, eq(assignmentFiles.id, submissions.fileId))
      .where(and(eq(submissions.jobId, job.id), ownedBy(submissions, teacherId)))
      .orderBy(submissions.createdAt, assignmentFiles.fileName, submissions.id),
  ]);
  return { job, assignment: assignment ? { id: assignment.id, title: assignment.title } : null, submissions: rows };
}
