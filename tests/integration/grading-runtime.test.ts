// The grading runtime inside workerd: a multi-submission job through the real queue, a bad file beside good
// ones, a redelivered message, the dead-letter queue and the watchdog that ends a stalled job.
import { createExecutionContext, createMessageBatch, getQueueResult, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startJob } from "../../app/server/jobs.server";
import type { GradingMessage } from "../../core/jobs/events";
import worker from "./test-worker";
import { api, readSse, registerTeacher, waitFor } from "./helpers";
import { seedJob, worksheetPdf } from "./seeded-jobs";

function stub(jobId: string) {
  return env.GRADING_JOB.get(env.GRADING_JOB.idFromName(jobId));
}

describe("grading jobs", () => {
  it("grades every submission of a job, fails the corrupt one with a reason, and ends 'completed with failures'", async () => {
    const { user, access_token } = await registerTeacher();
    const corrupt = new TextEncoder().encode("%PDF-1.7\nthis is not really a PDF at all") as Uint8Array<ArrayBuffer>;
    const { jobId, submissionIds } = await seedJob(user.id, [
      { name: "Ana.pdf", bytes: await worksheetPdf("Ana Diaz", ["96", "1", "1/2", "83"]) },
      { name: "Ben.pdf", bytes: await worksheetPdf("Ben Ode", ["96", "2", "0.5", "73"]) },
      { name: "Broken.pdf", bytes: corrupt },
    ]);
    await startJob(env, { jobId, teacherId: user.id, submissionIds });

    const status = await waitFor(async () => {
      const body = (await (await api(`/api/v2/grading/job/${jobId}`, { token: access_token })).json()) as any;
      return body.status !== "processing" ? body : null;
    }, "the job to end");
    expect(status).toMatchObject({ status: "completed", progress: { done: 3, failed: 1, total: 3 }, results: { average_score: 75 } });

    const rows = await env.DB.prepare(
      "SELECT student_name, status, score, max_score, failure_reason FROM submissions WHERE job_id = ? ORDER BY id",
    )
      .bind(jobId)
      .all();
    expect(rows.results).toEqual([
      expect.objectContaining({ student_name: "Ana Diaz", status: "graded", score: 8, max_score: 8 }),
      expect.objectContaining({ student_name: "Ben Ode", status: "graded", score: 4, max_score: 8 }),
      expect.objectContaining({ status: "failed", failure_reason: expect.stringMatching(/PDF/) }),
    ]);
    const job = await env.DB.prepare("SELECT status, done, failed, average_score FROM grading_jobs WHERE id = ?").bind(jobId).first();
    expect(job).toMatchObject({ status: "completed_with_failures", done: 3, failed: 1, average_score: 75 });

    const events = await readSse(await api(`/api/v2/grading/job/${jobId}/events`, { token: access_token }));
    expect(events.filter((e) => e.type === "submission_done")).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: "job_done", status: "completed_with_failures" });
  });

  it("stores one result when a message is delivered twice", async () => {
    const { user } = await registerTeacher();
    const { jobId, submissionIds } = await seedJob(user.id, [
      { name: "Cy.pdf", bytes: await worksheetPdf("Cy Park", ["96", "1", "0.5", "83"]) },
    ]);
    await stub(jobId).start({ jobId, teacherId: user.id, total: 1 });
    const body: GradingMessage = { jobId, submissionId: submissionIds[0]!, teacherId: user.id };
    for (let attempt = 1; attempt <= 2; attempt++) {
      const batch = createMessageBatch<GradingMessage>("gradewell-grading", [
        { id: `m-${attempt}`, timestamp: new Date(), attempts: attempt, body },
      ]);
      const ctx = createExecutionContext();
      await (worker.queue as (b: MessageBatch<unknown>, e: Env, c: ExecutionContext) => Promise<void>)(
        batch as MessageBatch<unknown>,
        env,
        ctx,
      );
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`m-${attempt}`]);
    }
    const questions = await env.DB.prepare("SELECT count(*) AS n FROM question_results WHERE submission_id = ?")
      .bind(submissionIds[0])
      .first<{ n: number }>();
    expect(questions!.n).toBe(4);
    const events = await stub(jobId).events();
    expect(events.filter((e) => e.event.type === "submission_done")).toHaveLength(1);
    expect(events.filter((e) => e.event.type === "job_done")).toHaveLength(1);
  });

  it("fails a submission whose message reached the dead-letter queue, with its last reason, and ends the job", async () => {
    const { user } = await registerTeacher();
    const { jobId, submissionIds } = await seedJob(user.id, [{ name: "Di.pdf", bytes: await worksheetPdf("Di Ray", ["96"]) }]);
    await stub(jobId).start({ jobId, teacherId: user.id, total: 1 });
    await env.DB.prepare("UPDATE submissions SET failure_reason = 'D1 was unavailable' WHERE id = ?").bind(submissionIds[0]).run();
    const batch = createMessageBatch<GradingMessage>("gradewell-grading-dlq", [
      { id: "dead-1", timestamp: new Date(), attempts: 1, body: { jobId, submissionId: submissionIds[0]!, teacherId: user.id } },
    ]);
    const ctx = createExecutionContext();
    await (worker.queue as (b: MessageBatch<unknown>, e: Env, c: ExecutionContext) => Promise<void>)(
      batch as MessageBatch<unknown>,
      env,
      ctx,
    );
    await getQueueResult(batch, ctx);
    const row = await env.DB.prepare("SELECT status, failure_reason FROM submissions WHERE id = ?").bind(submissionIds[0]).first();
    expect(row).toEqual({ status: "failed", failure_reason: "Grading failed after 4 attempts: D1 was unavailable" });
    expect(await stub(jobId).status()).toMatchObject({ status: "failed", done: 1, failed: 1 });
  });

  it("puts a silent job's unfinished work back on the queue instead of failing it, and the job completes", async () => {
    const { user } = await registerTeacher();
    const { jobId } = await seedJob(user.id, [
      { name: "Ed.pdf", bytes: await worksheetPdf("Ed Sun", ["96"]) },
      { name: "Flo.pdf", bytes: await worksheetPdf("Flo Li", ["96"]) },
    ]);
    const job = stub(jobId);
    await job.start({ jobId, teacherId: user.id, total: 2 }); // started, but its messages were lost (a crash)
    await runInDurableObject(job, (_, state) => {
      state.storage.sql.exec("UPDATE events SET at = 0");
    });
    expect(await runDurableObjectAlarm(job)).toBe(true);
    const status = await waitFor(async () => {
      const s = await job.status();
      return s?.status !== "processing" ? s : null;
    }, "the recovered job to end");
    expect(status).toMatchObject({ status: "completed", done: 2, failed: 0 });
    const events = await job.events();
    expect(events.map((e) => e.event)).toContainEqual({
      type: "error",
      message: "Grading was interrupted; 2 submissions were put back in the queue.",
    });
  });

  it("ends a job that stays silent through every recovery sweep, so none stays 'processing' forever", async () => {
    const { user } = await registerTeacher();
    const { jobId, submissionIds } = await seedJob(user.id, [{ name: "Gil.pdf", bytes: await worksheetPdf("Gil Ng", ["96"]) }]);
    const job = stub(jobId);
    await job.start({ jobId, teacherId: user.id, total: 1 });
    await runInDurableObject(job, (_, state) => {
      state.storage.sql.exec("UPDATE events SET at = 0");
      state.storage.kv.put("sweeps", 3); // three sweeps already re-queued it and heard nothing back
    });
    expect(await runDurableObjectAlarm(job)).toBe(true);
    expect(await job.status()).toMatchObject({ status: "failed", done: 1, failed: 1 });
    const row = await env.DB.prepare("SELECT status, failure_reason FROM submissions WHERE id = ?").bind(submissionIds[0]).first();
    expect(row).toEqual({ status: "failed", failure_reason: "Grading stopped responding; please try this submission again." });
  });

  it("rewrites a graded submission's feedback from its current scores, streamed, for its own teacher only", async () => {
    const { user, access_token } = await registerTeacher();
    const { jobId, submissionIds } = await seedJob(user.id, [
      { name: "Gus.pdf", bytes: await worksheetPdf("Gus Hill", ["96", "2", "1/2", "73"]) },
    ]);
    await startJob(env, { jobId, teacherId: user.id, submissionIds });
    await waitFor(async () => ((await stub(jobId).status())?.status === "completed" ? true : null), "the job to end");
    const id = submissionIds[0]!;
    // The teacher gives full credit on question 2 (as the review page does) and asks for new feedback.
    await env.DB.batch([
      env.DB.prepare("UPDATE question_results SET points_awarded = 2 WHERE submission_id = ? AND question_number = '2'").bind(id),
      env.DB.prepare("UPDATE submissions SET score = 6, percent = 75 WHERE id = ?").bind(id),
    ]);
    const response = await api(`/api/submissions/${id}/feedback`, { method: "POST", token: access_token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/^Gus, you scored 6 out of 8 points \(75%\)\./);
    expect(text).toContain("Question 4");
    const stranger = await registerTeacher();
    expect((await api(`/api/submissions/${id}/feedback`, { method: "POST", token: stranger.access_token })).status).toBe(404);
  });
});
