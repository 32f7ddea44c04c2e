// The grading worker acts only for the teacher a queue message names: a message whose teacherId does not own
// the job or the submission changes nothing (no row in D1, no event in the job's log), on the grading queue
// and on its dead-letter queue alike.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { jobStub } from "../../core/jobs/stub";
import { allowConsoleError } from "../setup/console-error";
import { describe, expect, it } from "vitest";
import type { GradingMessage } from "../../core/jobs/events";
import worker from "./test-worker";
import { registerTeacher } from "./helpers";

const PDF = new TextEncoder().encode("%PDF-1.7\nnot read: the message must be dropped first") as Uint8Array<ArrayBuffer>;

let counter = 0;
/** One assignment, job and submission of `teacherId`, with its file in R2. */
async function seedSubmission(teacherId: string, options: { started?: boolean } = {}) {
  counter += 1;
  const assignmentId = `scope-a-${counter}-${teacherId}`;
  const jobId = `scope-j-${counter}-${teacherId}`;
  const fileId = `scope-f-${counter}-${teacherId}`;
  const submissionId = `scope-s-${counter}-${teacherId}`;
  const key = `teachers/${teacherId}/assignments/${fileId}/work.pdf`;
  await env.UPLOADS.put(key, PDF);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO assignments (id, teacher_id, title, points, answer_key_text, has_answer_key, status) VALUES (?, ?, 'Check-in', 4, '1. 4', 1, 'Active')",
    ).bind(assignmentId, teacherId),
    env.DB.prepare(
      "INSERT INTO grading_jobs (id, teacher_id, assignment_id, kind, status, total) VALUES (?, ?, ?, 'assignment', 'processing', 1)",
    ).bind(jobId, teacherId, assignmentId),
    env.DB.prepare(
      "INSERT INTO assignment_files (id, teacher_id, assignment_id, kind, r2_key, file_name, content_type, size) VALUES (?, ?, ?, 'assignment', ?, 'work.pdf', 'application/pdf', ?)",
    ).bind(fileId, teacherId, assignmentId, key, PDF.byteLength),
    env.DB.prepare(
      "INSERT INTO submissions (id, teacher_id, assignment_id, job_id, file_id, student_name, failure_reason) VALUES (?, ?, ?, ?, ?, 'Ana', 'earlier reason')",
    ).bind(submissionId, teacherId, assignmentId, jobId, fileId),
  ]);
  // A job that was really started (its event log open), as every queued job is.
  if (options.started) await jobStub(env, jobId).start({ jobId, teacherId, total: 1 });
  return { assignmentId, jobId, submissionId };
}

/** Everything the grading worker could touch for one seeded submission. */
async function snapshot(seed: { assignmentId: string; jobId: string; submissionId: string }) {
  const [submission, job, assignment, results] = await Promise.all([
    env.DB.prepare("SELECT * FROM submissions WHERE id = ?").bind(seed.submissionId).first(),
    env.DB.prepare("SELECT * FROM grading_jobs WHERE id = ?").bind(seed.jobId).first(),
    env.DB.prepare("SELECT * FROM assignments WHERE id = ?").bind(seed.assignmentId).first(),
    env.DB.prepare("SELECT count(*) AS n FROM question_results WHERE submission_id = ?").bind(seed.submissionId).first(),
  ]);
  const log = env.GRADING_JOB.get(env.GRADING_JOB.idFromName(seed.jobId));
  return { submission, job, assignment, results, events: await log.events(), status: await log.status() };
}

async function deliver(queue: string, body: GradingMessage, attempts = 1) {
  const batch = createMessageBatch<GradingMessage>(queue, [{ id: `m-${queue}-${counter}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await (worker.queue as (b: MessageBatch<unknown>, e: Env, c: ExecutionContext) => Promise<void>)(
    batch as MessageBatch<unknown>,
    env,
    ctx,
  );
  return getQueueResult(batch, ctx);
}

describe("grading messages are scoped to their teacher", () => {
  it("drops a message whose teacherId owns neither the job nor the submission, changing nothing", async () => {
    const owner = await registerTeacher();
    const stranger = await registerTeacher();
    const seed = await seedSubmission(owner.user.id);
    const before = await snapshot(seed);
    allowConsoleError(); // the consumer logs each drop
    for (const queue of ["gradewell-grading", "gradewell-grading-dlq"]) {
      const result = await deliver(queue, { jobId: seed.jobId, submissionId: seed.submissionId, teacherId: stranger.user.id }, 4);
      expect(result.explicitAcks).toHaveLength(1);
      expect(result.retryMessages).toEqual([]);
    }
    expect(await snapshot(seed)).toEqual(before);
    expect(before.submission).toMatchObject({ status: "pending", failure_reason: "earlier reason" });
    expect(before.events).toEqual([]);
  });

  it("leaves another teacher's submission alone when the message names the sender's own job", async () => {
    const owner = await registerTeacher();
    const stranger = await registerTeacher();
    const victim = await seedSubmission(owner.user.id);
    const own = await seedSubmission(stranger.user.id, { started: true });
    const before = await snapshot(victim);
    const result = await deliver("gradewell-grading", { jobId: own.jobId, submissionId: victim.submissionId, teacherId: stranger.user.id });
    expect(result.explicitAcks).toHaveLength(1);
    expect(await snapshot(victim)).toEqual(before);
    // The sender's own job learns that the submission it named does not exist (for this teacher).
    const ownJob = await snapshot(own);
    expect(ownJob.events.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ type: "submission_done", submissionId: victim.submissionId, status: "failed" }),
    );
  });
});
