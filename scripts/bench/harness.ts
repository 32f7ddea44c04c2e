// Shared by the end-to-end benchmarks (bench:jobs, bench:soak, bench:load): start the e2e server (fresh state),
// register a teacher, upload a class set of photographed worksheets, follow a job's event stream, and watch the
// server's processes (memory, user/kernel CPU) so a wedge can be told from a slow page.
import { spawn, type ChildProcess } from "node:child_process";
import { openSync, readdirSync, readFileSync } from "node:fs";
import { renderWorksheetImage, worksheetPdfWithText, WORKSHEETS } from "../../tools/worksheets/worksheets";

export const sheet = WORKSHEETS[0]!;

export interface BenchServer {
  base: string;
  process: ChildProcess;
  stop(): void;
}

/** `node scripts/serve-test.mjs` on the port, in its own process group so stopping it stops wrangler and workerd. */
export function startServer(port: string, logFile = process.env.BENCH_SERVER_LOG): BenchServer {
  const log = logFile ? openSync(logFile, "w") : "ignore";
  const child = spawn("node", ["scripts/serve-test.mjs"], {
    env: { ...process.env, E2E_PORT: port },
    stdio: ["ignore", log, log],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
  };
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(1));
  return { base: `http://127.0.0.1:${port}`, process: child, stop };
}

export async function waitForHealth(base: string) {
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

interface ProcRow {
  pid: number;
  ppid: number;
  rssKb: number;
  vszKb: number;
  command: string;
}

/** Bytes of a memory page, the unit of /proc/<pid>/stat's resident set. */
const PAGE_BYTES = 4096;

/** A process's /proc/<pid>/stat fields after the command's closing parenthesis (field 3, the state, first). */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/**
 * Every process, read from /proc. Not `ps`: the samplers call this four times a second while a job grades, and a
 * shell and `ps` each time cost about 40 ms of CPU (and blocked this process 25 ms), about a tenth of the two
 * cores the server under test has.
 */
function processTable(): ProcRow[] {
  const rows: ProcRow[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    let command = "";
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
    } catch {}
    // ppid is field 4, vsize (bytes) field 23, rss (pages) field 24; `fields` starts at field 3.
    rows.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      vszKb: Number(fields[20]) / 1024,
      rssKb: (Number(fields[21]) * PAGE_BYTES) / 1024,
      command,
    });
  }
  return rows;
}

/** Every process under rootPid (itself included). */
export function processTree(rootPid: number): ProcRow[] {
  const rows = processTable();
  const children = new Map<number, ProcRow[]>();
  for (const row of rows) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  const out: ProcRow[] = [];
  const stack = rows.filter((r) => r.pid === rootPid);
  while (stack.length) {
    const row = stack.pop()!;
    out.push(row);
    stack.push(...(children.get(row.pid) ?? []));
  }
  return out;
}

export function treeRssMb(rootPid: number): number {
  return processTree(rootPid).reduce((sum, r) => sum + r.rssKb, 0) / 1024;
}

/** workerd processes of the server, with their user and kernel CPU ticks so far. */
export function workerdStats(rootPid: number) {
  return processTree(rootPid)
    .filter((r) => /\/workerd serve/.test(r.command))
    .map((r) => {
      let user = 0;
      let system = 0;
      // utime and stime: fields 14 and 15.
      const fields = statFields(r.pid);
      if (fields) [user, system] = [Number(fields[11]), Number(fields[12])];
      const role = r.command.match(/--socket-addr=entry=127\.0\.0\.1:(\d+)/)?.[1] ?? String(r.pid);
      return { pid: r.pid, role, rssMb: r.rssKb / 1024, vszGb: r.vszKb / 1024 / 1024, user, system };
    });
}

/** Clock ticks a second, the unit of /proc's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds each workerd under rootPid has used (workerdStats' user + kernel time), and whether it belongs to a
 * reader process: set against a later snapshot, what a job cost in CPU, whatever else the machine was doing.
 */
export function workerdCpu(rootPid: number): Map<number, { seconds: number; reader: boolean }> {
  const tree = processTree(rootPid);
  const readerRoots = new Set(tree.filter((r) => /wrangler-dev-reader-/.test(r.command)).map((r) => r.pid));
  const underReader = (pid: number): boolean => {
    for (let r = tree.find((t) => t.pid === pid); r; r = tree.find((t) => t.pid === r!.ppid)) if (readerRoots.has(r.pid)) return true;
    return false;
  };
  return new Map(workerdStats(rootPid).map((w) => [w.pid, { seconds: (w.user + w.system) / CLOCK_TICKS, reader: underReader(w.pid) }]));
}

export async function registerTeacher(base: string, label: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: `Bench ${label}`,
      email: `bench-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@school.example`,
      password: "bench-password",
    }),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${token}` };
  // A class set is more than Starter's 10 files an upload: the local-only /dev/plan page (DEV_MAIL, as every
  // layout runs) puts the bench teacher on Professional (docs/decisions/0017).
  const plan = await fetch(`${base}/dev/plan`, {
    method: "POST",
    headers: { ...auth, Origin: base },
    body: new URLSearchParams({ plan: "professional" }),
    redirect: "manual",
  });
  if (plan.status >= 400) throw new Error(`choosing the plan failed: ${plan.status} ${await plan.text()}`);
  return auth;
}

export async function renderPhotos(count: number): Promise<Uint8Array<ArrayBuffer>[]> {
  const photos: Uint8Array<ArrayBuffer>[] = [];
  for (let i = 0; i < count; i++) {
    const lines = sheet.lines.map((l) => (l.startsWith("Name:") ? `Name: Student ${String(i + 1).padStart(2, "0")}` : l));
    photos.push((await renderWorksheetImage(lines, "photo", 100 + i)) as Uint8Array<ArrayBuffer>);
  }
  return photos;
}

export async function answerKeyPdf(): Promise<Uint8Array<ArrayBuffer>> {
  return (await worksheetPdfWithText([sheet.key.split("\n")])) as Uint8Array<ArrayBuffer>;
}

/** POST /api/assignments with the photos as a batch, then start processing: answers the job id and timings. */
export async function uploadAndProcess(
  base: string,
  auth: Record<string, string>,
  photos: Uint8Array<ArrayBuffer>[],
  keyPdf: Uint8Array<ArrayBuffer>,
) {
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
  const created = await fetch(`${base}/api/assignments`, { method: "POST", headers: auth, body: form });
  if (!created.ok) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const { assignment_id } = (await created.json()) as { assignment_id: string };
  const uploaded = performance.now();
  const processed = await fetch(`${base}/api/document-ai/process/assignment/${assignment_id}`, { method: "POST", headers: auth });
  if (!processed.ok) throw new Error(`process failed: ${processed.status} ${await processed.text()}`);
  const { job_id } = (await processed.json()) as { job_id: string };
  return { assignmentId: assignment_id, jobId: job_id, started, uploaded, jobStarted: performance.now() };
}

export interface JobRun {
  firstEvent: number;
  firstFeedback: number;
  finished: number;
  summary: Record<string, unknown>;
  /** The first events' types and arrival times, in order (feedback tokens after the first are left out). */
  timeline: { type: string; at: number }[];
}

/** BENCH_TIMELINE=all: every page read and submission done, in place of the first 24 events. */
const ALL_EVENTS = process.env.BENCH_TIMELINE === "all";

/** Reads the job's SSE stream until job_done (or the time limit): answers when the first event, the first feedback
 * token and job_done arrived (performance.now(); 0 when they never came). */
export async function followJob(
  base: string,
  auth: Record<string, string>,
  jobId: string,
  opts: { limitMs?: number; onProgress?: (done: number) => void } = {},
): Promise<JobRun> {
  const run: JobRun = { firstEvent: 0, firstFeedback: 0, finished: 0, summary: {}, timeline: [] };
  const signal = AbortSignal.timeout(opts.limitMs ?? 10 * 60_000);
  try {
    const events = await fetch(`${base}/api/v2/grading/job/${jobId}/events`, { headers: auth, signal });
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    while (!run.finished) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.match(/^data: (.*)$/m)?.[1];
        if (!data) continue;
        const event = JSON.parse(data) as { type: string; done?: number };
        const now = performance.now();
        run.firstEvent ||= now;
        if (
          ALL_EVENTS
            ? /^(page_read|submission_done)$/.test(event.type)
            : run.timeline.length < 24 && !(event.type === "feedback_delta" && run.firstFeedback)
        )
          run.timeline.push({ type: event.type, at: now });
        if (event.type === "feedback_delta") run.firstFeedback ||= now;
        if (event.type === "progress") opts.onProgress?.(event.done ?? 0);
        if (event.type === "job_done") {
          run.finished = now;
          run.summary = event;
        }
      }
    }
    void reader.cancel().catch(() => {});
  } catch (error) {
    if (!signal.aborted) throw error;
  }
  return run;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
