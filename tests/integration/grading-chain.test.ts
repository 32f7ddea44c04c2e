import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, readSse, registerTeacher, waitFor } from "./helpers";

// A tiny real PNG (1x1, white): the skeleton pipeline reads the upload from R2 and reports it.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC"),
  (c) => c.charCodeAt(0),
);

async function quickSnap(token: string, bytes: Uint8Array = PNG, name = "worksheet.png") {
  const form = new FormData();
  form.set("file", new File([bytes], name));
  form.set("assignment_id", "quicksnap");
  return api("/api/v2/grading/upload/quicksnap", { method: "POST", token, body: form });
}

async function finishedStatus(token: string, jobId: string) {
  return waitFor(async () => {
    const body = (await (await api(`/api/v2/grading/job/${jobId}`, { token })).json()) as { status: string; results: unknown };
    return body.status !== "processing" ? body : null;
  }, `job ${jobId} to finish`);
}

describe("queue → consumer → Durable Object → SSE", () => {
  it("grades a QuickSnap upload through the real queue and streams its events", async () => {
    const { access_token } = await registerTeacher();
    const upload = await quickSnap(access_token);
    expect(upload.status).toBe(202);
    const { job_id } = (await upload.json()) as { job_id: string };

    const status = await finishedStatus(access_token, job_id);
    expect(status).toMatchObject({ status: "completed", results: { average_score: null } });

    const events = await readSse(await api(`/api/v2/grading/job/${job_id}/events`, { token: access_token }));
    expect(events.map((e) => e.type)).toEqual(["job_started", "submission_started", "page_read", "submission_done", "progress", "job_done"]);
    expect(events.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events.find((e) => e.type === "page_read")).toMatchObject({ bytes: PNG.byteLength });
  });

  it("resumes from Last-Event-ID with nothing missed or repeated", async () => {
    const { access_token } = await registerTeacher();
    const { job_id } = (await (await quickSnap(access_token)).json()) as { job_id: string };
    await finishedStatus(access_token, job_id);
    const all = await readSse(await api(`/api/v2/grading/job/${job_id}/events`, { token: access_token }));
    const rest = await readSse(await api(`/api/v2/grading/job/${job_id}/events`, { token: access_token, headers: { "Last-Event-ID": "3" } }));
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
    const file = await env.DB.prepare("SELECT f.r2_key AS key FROM submissions s JOIN assignment_files f ON f.id = s.file_id WHERE s.id = ?")
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
