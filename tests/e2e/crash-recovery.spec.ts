// A crash loses no work: the runtime (wrangler dev and its workerd) is killed with SIGKILL while a job of ten
// photographed worksheets is being graded, then started again on the same state. The job's Durable Object
// puts the unfinished submissions back on the queue and the job ends with every submission graded.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { renderWorksheetImage, WORKSHEETS } from "../../tools/worksheets/worksheets";
import { killOwnServer, startOwnServer, until, waitUntilHealthy } from "./support/own-server";

const PORT = Number(process.env.E2E_PORT ?? 8790) + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const STALL_SECONDS = 4;
const COUNT = 10;

const serve = (persist: string) => startOwnServer(PORT, { persist, vars: { GRADING_STALL_SECONDS: String(STALL_SECONDS) } });

test("a job interrupted by a killed runtime ends with every submission graded after a restart", async () => {
  test.setTimeout(600_000);
  const persist = mkdtempSync(join(tmpdir(), "gradewell-crash-"));
  let server = serve(persist);
  try {
    await waitUntilHealthy(server);
    const email = `crash-${Date.now()}@school.example`;
    const registered = await fetch(`${BASE}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Crash Test", email, password: "correct horse battery" }),
    });
    expect(registered.status).toBe(201);
    const { access_token: token } = (await registered.json()) as { access_token: string };
    const auth = { Authorization: `Bearer ${token}` };

    const sheet = WORKSHEETS[0]!;
    const form = new FormData();
    form.set("title", "Crash check");
    form.set("subject", "Mathematics");
    form.set("assignmentType", "quiz");
    form.set("saveWithoutProcessing", "true");
    for (let i = 0; i < COUNT; i++) {
      const lines = sheet.lines.map((l) => (l.startsWith("Name:") ? `Name: Student ${i + 1}` : l));
      const photo = await renderWorksheetImage(lines, "photo", i + 1);
      form.append("assignment_files", new File([new Uint8Array(photo)], `student-${i + 1}.png`, { type: "image/png" }));
    }
    const created = await fetch(`${BASE}/api/assignments`, { method: "POST", headers: auth, body: form });
    expect(created.status).toBe(201);
    const { assignment_id: assignmentId } = (await created.json()) as { assignment_id: string };
    const started = await fetch(`${BASE}/api/document-ai/process/assignment/${assignmentId}`, { method: "POST", headers: auth });
    expect(started.status).toBe(202);
    const { job_id: jobId } = (await started.json()) as { job_id: string };
    const status = async () => (await (await fetch(`${BASE}/api/v2/grading/job/${jobId}`, { headers: auth })).json()) as any;

    // Kill the whole runtime once two submissions are graded, as a crash would.
    const before = await until(async () => {
      const s = await status();
      return s.progress?.done >= 2 ? s : null;
    }, "two graded submissions");
    killOwnServer(server);
    expect(before.status).toBe("processing");
    expect(before.progress.done).toBeLessThan(COUNT);

    server = serve(persist);
    await waitUntilHealthy(server, "the restarted server");
    const after = await until(async () => {
      const s = await status();
      return s.status !== "processing" ? s : null;
    }, "the job to end after the restart");
    expect(after).toMatchObject({ status: "completed", progress: { done: COUNT, failed: 0, total: COUNT } });

    // What brought the work back: the Durable Object's sweep (it records why) or the queue's own redelivery.
    const events = await (await fetch(`${BASE}/api/v2/grading/job/${jobId}/events`, { headers: auth })).text();
    const sweeps = events.match(/Grading was interrupted; \d+ submissions? (was|were) put back in the queue\./g) ?? [];
    console.log(
      `crash recovery: killed at ${before.progress.done}/${COUNT} graded; ${sweeps.length} recovery sweep(s): ${sweeps.join(" | ")}`,
    );

    const assignment = (await (await fetch(`${BASE}/api/assignments/${assignmentId}`, { headers: auth })).json()) as any;
    const states = assignment.assignment.submissions.map((s: { processing_status: string }) => s.processing_status);
    expect(states).toEqual(Array(COUNT).fill("graded"));
  } finally {
    killOwnServer(server);
  }
});
