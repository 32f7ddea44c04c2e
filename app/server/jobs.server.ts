// Grading jobs on the web side: create one (files to R2, rows to D1, the job's Durable Object, one queue
// message per submission), and read a job back for its own teacher only.
import { and, eq } from "drizzle-orm";
import type { GradingMessage, JobStatusResponse } from "../../core/jobs/events";
import type { Db } from "../../core/db/client";
import { assignmentFiles, assignments, gradingJobs, submissions } from "../../core/db/schema";
import type { CheckedUpload } from "./storage.server";
import { uploadKey } from "./storage.server";
import { newId } from "./tokens.server";
import { jobStub } from "../../core/jobs/stub";

export async function findAssignment(db: Db, teacherId: string, assignmentId: string) {
  return db.query.assignments.findFirst({ where: and(eq(assignments.id, assignmentId), eq(assignments.teacherId, teacherId)) });
}

export async function findJob(db: Db, teacherId: string, jobId: string) {
  return db.query.gradingJobs.findFirst({ where: and(eq(gradingJobs.id, jobId), eq(gradingJobs.teacherId, teacherId)) });
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
  return {
    job_id: job.id,
    status,
    progress: { done: state.done, failed: state.failed, total: state.total },
    results: { average_score: state.averageScore },
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
      .where(and(eq(submissions.jobId, job.id), eq(submissions.teacherId, teacherId)))
      .orderBy(submissions.createdAt, assignmentFiles.fileName, submissions.id),
  ]);
  return { job, assignment: assignment ? { id: assignment.id, title: assignment.title } : null, submissions: rows };
}
