import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import photo from "../fixtures/engines/photographed-worksheet.jpg";
import fixture from "../fixtures/engines/photographed-worksheet.json";
import { api, readSse, registerTeacher, waitFor } from "./helpers";

// A tiny real PNG (1x1, white): a real image with nothing on it to read.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC"), (c) =>
  c.charCodeAt(0),
);

const WORKSHEET = new Uint8Array(photo as ArrayBuffer);

async function quickSnap(token: string, bytes: Uint8Array<ArrayBuffer> = PNG, name = "worksheet.png", assignmentId = "quicksnap") {
  const form = new FormData();
  form.set("file", new File([bytes], name));
  form.set("assignment_id", assignmentId);
  return api("/api/v2/grading/upload/quicksnap", { method: "POST", token, body: form });
}

async function finishedStatus(token: string, jobId: string) {
  return waitFor(async () => {
    const body = (await (await api(`/api/v2/grading/job/${jobId}`, { token })).json()) as { status: string; results: unknown };
    return body.status !== "processing" ? body : null;
  }, `job ${jobId} to finish`);
}

describe("queue → consumer → Durable Object → SSE", () => {
  it("grades a photographed worksheet against the assignment's key and streams every step", async () => {
    const { access_token, user } = await registerTeacher();
    await env.DB.prepare(
      "INSERT INTO assignments (id, teacher_id, title, points, grade_level, answer_key_text, has_answer_key, status) VALUES (?, ?, ?, ?, ?, ?, 1, 'Active')",
    )
      .bind(`a-${user.id}`, user.id, "Fractions practice", fixture.points, String(fixture.gradeLevel), fixture.key)
      .run();
    const upload = await quickSnap(access_token, WORKSHEET, "maya.jpg", `a-${user.id}`);
    expect(upload.status).toBe(202);
    const { job_id, submission_id } = (await upload.json()) as { job_id: string; submission_id: string };

    const status = (await finishedStatus(access_token, job_id)) as { status: string; results: { average_score: number } };
    expect(status.status).toBe("completed");
    expect(status.results.average_score).toBeGreaterThan(40);

    const events = await readSse(await api(`/api/v2/grading/job/${job_id}/events`, { token: access_token }));
    const types = events.map((e) => e.type);
    expect(types.slice(0, 3)).toEqual(["job_started", "submission_started", "page_read"]);
    expect(types.filter((t) => t === "question_scored")).toHaveLength(8);
    expect(types.filter((t) => t === "feedback_delta").length).toBeGreaterThan(5);
    expect(types.slice(-3)).toEqual(["submission_done", "progress", "job_done"]);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(String(events.find((e) => e.type === "page_read")?.text)).toContain("Maya Lopez");

    const row = await env.DB.prepare("SELECT status, student_name, score, max_score, feedback FROM submissions WHERE id = ?")
      .bind(submission_id)
      .first<{ status: string; student_name: string; score: number; max_score: number; feedback: string }>();
    expect(row).toMatchObject({ status: "graded", student_name: "Maya Lopez", max_score: 16 });
    const streamed = events
      .filter((e) => e.type === "feedback_delta")
      .map((e) => e.delta)
      .join("");
    expect(row!.feedback).toBe(streamed);
    const questions = await env.DB.prepare("SELECT count(*) AS n FROM question_results WHERE submission_id = ?")
      .bind(submission_id)
      .first<{ n: number }>();
    expect(questions!.n).toBe(8);
  });

  it("QuickSnap with no key checks what it can, invents no score and adds nothing to an average", async () => {
    const { access_token } = await registerTeacher();
    const upload = await quickSnap(access_token, WORKSHEET, "maya.jpg", "quicksnap");
    expect(upload.status).toBe(202);
    const { job_id, submission_id } = (await upload.json()) as { job_id: string; submission_id: string };
    const status = (await finishedStatus(access_token, job_id)) as { status: string; results: { average_score: number | null } };
    expect(status).toMatchObject({ status: "completed", results: { average_score: null } });

    const row = await env.DB.prepare("SELECT status, score, max_score, percent, ai_score, feedback, flags FROM submissions WHERE id = ?")
      .bind(submission_id)
      .first<{ status: string; score: null; max_score: null; percent: null; ai_score: null; feedback: string; flags: string }>();
    expect(row).toMatchObject({ status: "graded", score: null, max_score: null, percent: null, ai_score: null });
    expect(JSON.parse(row!.flags)).toContain("checks_only");
    // The feedback says what was checked, and gives no score and no praise for a score.
    expect(row!.feedback).toMatch(
      /^No answer key: only calculations and simple equations could be checked, so no score is given\.\nChecked \d+ of \d+ answers\./,
    );
    expect(row!.feedback).not.toMatch(/you scored|out of \d+ points|Strong work|Nothing to fix/i);

    const events = await readSse(await api(`/api/v2/grading/job/${job_id}/events`, { token: access_token }));
    const done = events.find((e) => e.type === "submission_done");
    expect(done).toMatchObject({ score: null, maxScore: null, percent: null });
    const scored = events.filter((e) => e.type === "question_scored");
    expect(scored.length).toBeGreaterThan(0);
    for (const q of scored) expect(q).toMatchObject({ pointsAwarded: 0, pointsPossible: 0 });

    const overview = (await (await api("/api/dashboard/overview", { token: access_token })).json()) as {
      kpis: { averageScore: number | null };
    };
    expect(overview.kpis.averageScore).toBeNull();
  });

  it("reads a blank photo without a key, marks it for review and still completes", async () => {
    const { access_token } = await registerTeacher();
    const { job_id, submission_id } = (await (await quickSnap(access_token)).json()) as { job_id: string; submission_id: string };
    const status = await finishedStatus(access_token, job_id);
    expect(status).toMatchObject({ status: "completed" });
    const row = await env.DB.prepare("SELECT status, needs_review FROM submissions WHERE id = ?").bind(submission_id).first();
    expect(row).toMatchObject({ status: "graded", needs_review: 1 });
  });

  it("resumes from Last-Event-ID with nothing missed or repeated", async () => {
    const { access_token } = await registerTeacher();
    const { job_id } = (await (await quickSnap(access_token)).json()) as { job_id: string };
    await finishedStatus(access_token, job_id);
    const all = await readSse(await api(`/api/v2/grading/job/${job_id}/events`, { token: access_token }));
    const rest = await readSse(
      await api(`/api/v2/grading/job/${job_id}/events`, { token: access_token, headers: { "Last-Event-ID": "3" } }),
    );
    expect(rest.map((e) => e.id)).toEqual(all.filter((e) => e.id > 3).map((e) => e.id));
  });

  it("streams events live to a subscriber that connects before the work is done", async () => {
    const { access_token } = await registerTeacher();
    const { job_id } = (await (await quickSnap(access_token)).json()) as { job_id: string };
    const live = await api(`/api/v2/grading/job/${job_id}/events`, { token: access_token });
    expect(live.headers.get("Content-Type")).toContain("text/event-stream");
    const events = await readSse(live); // ends when job_done arrives
    expect(events.at(-1)?.type).toBe("job_done");
  });

  it("answers 404 for another teacher's job, status and stream alike", async () => {
    const owner = await registerTeacher();
    const stranger = await registerTeacher();
    const { job_id } = (await (await quickSnap(owner.access_token)).json()) as { job_id: string };
    expect((await api(`/api/v2/grading/job/${job_id}`, { token: stranger.access_token })).status).toBe(404);
    expect((await api(`/api/v2/grading/job/${job_id}/events`, { token: stranger.access_token })).status).toBe(404);
    expect((await api(`/api/v2/grading/job/${job_id}`)).status).toBe(401);
    await finishedStatus(owner.access_token, job_id);
  });

  it("refuses files that are not documents or photos, by content", async () => {
    const { access_token } = await registerTeacher();
    const fake = await quickSnap(access_token, new TextEncoder().encode("just text, renamed"), "photo.png");
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as any).error).toMatch(/not a PDF, Word document or photo/);
    const empty = await quickSnap(access_token, new Uint8Array(), "empty.jpg");
    expect(empty.status).toBe(415);
  });

  it("fails a submission whose file is gone, with a reason, and still ends the job", async () => {
    const { access_token } = await registerTeacher();
    const { job_id, submission_id } = (await (await quickSnap(access_token)).json()) as { job_id: string; submission_id: string };
    await finishedStatus(access_token, job_id);
    // Regrade the same submission after its file disappeared: a permanent failure, no endless retries.
    const file = await env.DB.prepare(
      "SELECT f.r2_key AS key FROM submissions s JOIN assignment_files f ON f.id = s.file_id WHERE s.id = ?",
    )
      .bind(submission_id)
      .first<{ key: string }>();
    await env.UPLOADS.delete(file!.key);
    const { job_id: second } = (await (await quickSnap(access_token)).json()) as { job_id: string };
    await env.DB.prepare("UPDATE assignment_files SET r2_key = ? WHERE id = (SELECT file_id FROM submissions WHERE job_id = ?)")
      .bind(`${file!.key}-missing`, second)
      .run();
    const status = await finishedStatus(access_token, second);
    expect(status).toMatchObject({ status: "failed" });
    const row = await env.DB.prepare("SELECT status, failure_reason FROM submissions WHERE job_id = ?").bind(second).first();
    expect(row).toMatchObject({ status: "failed", failure_reason: "The uploaded file could not be found." });
  });
});
