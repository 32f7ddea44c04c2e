// npm run bench:jobs — 30 one-page photographed typed submissions graded end to end through `wrangler dev`:
// upload (POST /api/assignments) → process → every result stored. Prints wall time, time to the first streamed
// event and to the first feedback token, and the peak memory of the whole wrangler/workerd process tree.
import { spawn, execSync } from "node:child_process";
import { openSync } from "node:fs";
import { renderWorksheetImage, worksheetPdfWithText, WORKSHEETS } from "../tests/fixtures/corpus/worksheets";

const COUNT = Number(process.env.BENCH_SUBMISSIONS ?? 30);
const PORT = process.env.BENCH_PORT ?? "8796";
const BASE = `http://127.0.0.1:${PORT}`;
const sheet = WORKSHEETS[0]!;

// The server's own log goes to BENCH_SERVER_LOG when set (e.g. /tmp/bench-server.log).
const serverLog = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "w") : "ignore";
const server = spawn("node", ["scripts/serve-test.mjs"], {
  env: { ...process.env, E2E_PORT: PORT },
  stdio: ["ignore", serverLog, serverLog],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {}
};
process.on("exit", stop);

function treeRssMb(rootPid: number): number {
  const rows = execSync("ps -eo pid=,ppid=,rss=")
    .toString()
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number));
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of rows) children.set(ppid!, [...(children.get(ppid!) ?? []), pid!]);
  const rss = new Map(rows.map(([pid, , kb]) => [pid!, kb!]));
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / 1024;
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

async function main() {
  console.log(`Rendering ${COUNT} photographed worksheets...`);
  const photos: Uint8Array<ArrayBuffer>[] = [];
  for (let i = 0; i < COUNT; i++) {
    const lines = sheet.lines.map((l) => (l.startsWith("Name:") ? `Name: Student ${String(i + 1).padStart(2, "0")}` : l));
    photos.push((await renderWorksheetImage(lines, "photo", 100 + i)) as Uint8Array<ArrayBuffer>);
  }
  const keyPdf = (await worksheetPdfWithText([sheet.key.split("\n")])) as Uint8Array<ArrayBuffer>;
  await waitForHealth();
  const idle = treeRssMb(server.pid!);
  console.log("Uploading and grading...");

  const register = await fetch(`${BASE}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bench Teacher", email: `bench-${Date.now()}@school.example`, password: "bench-password" }),
  });
  const { access_token: token } = (await register.json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${token}` };

  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(server.pid!))), 250);

  const started = performance.now();
  const form = new FormData();
  form.set("title", "Bench: fractions and decimals");
  form.set("points", String(sheet.points));
  form.set("gradeLevel", String(sheet.gradeLevel));
  form.set("hasAnswerKey", "true");
  form.set("processLater", "true");
  form.set("batchUpload", "true");
  form.append("answer_key_files", new File([keyPdf], "key.pdf", { type: "application/pdf" }));
  photos.forEach((photo, i) => form.append("batch_files", new File([photo], `student-${i + 1}.jpg`, { type: "image/jpeg" })));
  const created = await fetch(`${BASE}/api/assignments`, { method: "POST", headers: auth, body: form });
  if (!created.ok) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const { assignment_id } = (await created.json()) as { assignment_id: string };
  const uploaded = performance.now();

  const processed = await fetch(`${BASE}/api/document-ai/process/assignment/${assignment_id}`, { method: "POST", headers: auth });
  if (!processed.ok) throw new Error(`process failed: ${processed.status} ${await processed.text()}`);
  const { job_id } = (await processed.json()) as { job_id: string };
  const jobStarted = performance.now();

  let firstEvent = 0;
  let firstFeedback = 0;
  let finished = 0;
  let summary: Record<string, unknown> = {};
  const events = await fetch(`${BASE}/api/v2/grading/job/${job_id}/events`, { headers: auth });
  const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  while (!finished) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.match(/^data: (.*)$/m)?.[1];
      if (!data) continue;
      const event = JSON.parse(data) as { type: string };
      const now = performance.now();
      firstEvent ||= now;
      if (event.type === "feedback_delta") firstFeedback ||= now;
      if (event.type === "progress") process.stdout.write(`\r  graded ${(event as { done?: number }).done}/${COUNT}`);
      if (event.type === "job_done") {
        finished = now;
        summary = event;
      }
    }
  }
  clearInterval(sampler);
  peak = Math.max(peak, treeRssMb(server.pid!));

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nbench:jobs: ${COUNT} one-page photographed typed submissions through wrangler dev (2 cores)`);
  console.log(`  upload (POST /api/assignments, ${COUNT} photos + key): ${s(uploaded - started)}`);
  console.log(`  grading (process → job_done):                      ${s(finished - jobStarted)}`);
  console.log(`  wall time, upload to last result stored:            ${s(finished - started)}`);
  console.log(`  time to first streamed event (from process call):   ${s(firstEvent - jobStarted)}`);
  console.log(`  time to first feedback token (from process call):   ${s(firstFeedback - jobStarted)}`);
  console.log(`  per submission:                                      ${s((finished - jobStarted) / COUNT)}`);
  console.log(`  result: ${JSON.stringify(summary)}`);
  console.log(`  memory (RSS of wrangler + workerd tree): idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stop);
