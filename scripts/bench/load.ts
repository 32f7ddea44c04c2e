// npm run bench:load — N simulated teachers (default 50) against the e2e server over loopback. Each teacher takes
// one QuickSnap photo (upload, then an SSE subscription to its job until the first event), then loops over page loads (/dashboard, /assignments, /classes) and JSON API calls (/api/auth/me, /api/classes,
// /api/assignments, the job's status). Prints throughput, p50/p95/p99 latency per kind and errors; meanwhile the
// QuickSnap photos grade in the background, as they would in a classroom.
// By default a teacher sends the next request as soon as the last is answered (a closed loop: the figures are the
// server's capacity). BENCH_THINK_MS=1000 makes each teacher pause about that long (0.5–1.5×, random) between
// requests, as a person clicking through the app does: the figures are what such teachers see.
// Options: BENCH_TEACHERS (50), BENCH_SECONDS (20), BENCH_THINK_MS (0), BENCH_PORT (8798), BENCH_SERVER_LOG,
// BENCH_URL (use a running server instead of starting one), READER_PROCESSES=0 for the former one-workerd layout.
import { percentile, registerTeacher, renderPhotos, startServer, waitForHealth, type BenchServer } from "./harness";

const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
const PORT = process.env.BENCH_PORT ?? "8798";
/** A request unanswered for this long counts as an error, so the run always ends. */
const REQUEST_LIMIT_MS = 30_000;
const server: BenchServer | undefined = process.env.BENCH_URL ? undefined : startServer(PORT);
const base = process.env.BENCH_URL ?? server!.base;

type Kind = "page" | "api" | "upload" | "sse-first-event";
const samples: Record<Kind, number[]> = { page: [], api: [], upload: [], "sse-first-event": [] };
const errors: Record<Kind, number> = { page: 0, api: 0, upload: 0, "sse-first-event": 0 };
const errorExamples: string[] = [];
let stopAt = Infinity;

async function timed(kind: Kind, work: () => Promise<Response>, consume = true): Promise<Response | null> {
  const t0 = performance.now();
  try {
    const response = await work();
    if (consume) await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.status} ${response.url}`);
    samples[kind].push(performance.now() - t0);
    return response;
  } catch (error) {
    errors[kind]++;
    if (errorExamples.length < 5) errorExamples.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

async function firstEvent(auth: Record<string, string>, jobId: string) {
  const t0 = performance.now();
  try {
    const response = await fetch(`${base}/api/v2/grading/job/${jobId}/events`, { headers: auth, signal: AbortSignal.timeout(30_000) });
    if (!response.ok || !response.body) throw new Error(`SSE ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("data: ")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    void reader.cancel().catch(() => {});
    if (!text.includes("data: ")) throw new Error("SSE closed before its first event");
    samples["sse-first-event"].push(performance.now() - t0);
  } catch (error) {
    errors["sse-first-event"]++;
    if (errorExamples.length < 5) errorExamples.push(`sse: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function teacher(auth: Record<string, string>, photo: Uint8Array<ArrayBuffer>, n: number) {
  const form = new FormData();
  form.set("file", new File([photo], `snap-${n}.jpg`, { type: "image/jpeg" }));
  const upload = await timed(
    "upload",
    () =>
      fetch(`${base}/api/v2/grading/upload/quicksnap`, {
        method: "POST",
        headers: auth,
        body: form,
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      }),
    false,
  );
  const jobId = upload ? ((await upload.json()) as { job_id: string }).job_id : undefined;
  if (jobId) await firstEvent(auth, jobId);
  const pages = ["/dashboard", "/assignments", "/classes"];
  const apis = ["/api/auth/me", "/api/classes", "/api/assignments", ...(jobId ? [`/api/v2/grading/job/${jobId}`] : [])];
  for (let i = n; performance.now() < stopAt; i++) {
    if (THINK_MS > 0) await new Promise((done) => setTimeout(done, THINK_MS * (0.5 + Math.random())));
    if (performance.now() >= stopAt) break;
    const signal = AbortSignal.timeout(REQUEST_LIMIT_MS);
    if (i % 2 === 0) await timed("page", () => fetch(`${base}${pages[i % pages.length]}`, { headers: auth, signal }));
    else await timed("api", () => fetch(`${base}${apis[i % apis.length]}`, { headers: auth, signal }));
  }
}

async function main() {
  const photos = await renderPhotos(Math.min(TEACHERS, 10));
  await waitForHealth(base);
  console.log(`Registering ${TEACHERS} teachers...`);
  const auths: Record<string, string>[] = [];
  for (let i = 0; i < TEACHERS; i++) auths.push(await registerTeacher(base, `load${i}`));
  console.log(`${TEACHERS} teachers for ${SECONDS} s...`);
  const started = performance.now();
  stopAt = started + SECONDS * 1000;
  await Promise.all(auths.map((auth, i) => teacher(auth, photos[i % photos.length]!, i)));
  const elapsed = (performance.now() - started) / 1000;

  const total = Object.values(samples).reduce((s, l) => s + l.length, 0);
  const failed = Object.values(errors).reduce((s, n) => s + n, 0);
  const layout = process.env.READER_PROCESSES === "0" ? "one workerd (former layout)" : "app process + reader processes";
  const pacing = THINK_MS > 0 ? `pausing about ${THINK_MS} ms between requests` : "no pause between requests";
  console.log(`\nbench:load: ${TEACHERS} teachers, ${pacing}, ${elapsed.toFixed(1)} s, ${layout}`);
  console.log(`  throughput: ${(total / elapsed).toFixed(0)} requests/s (${total} answered, ${failed} errors)`);
  const all = Object.values(samples)
    .flat()
    .sort((a, b) => a - b);
  const line = (label: string, list: number[], errs: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(16)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms  p99 ${percentile(sorted, 99).toFixed(0).padStart(5)} ms  errors ${errs}`,
    );
  };
  line("all", all, failed);
  for (const kind of Object.keys(samples) as Kind[]) line(kind, samples[kind], errors[kind]);
  for (const example of errorExamples) console.log(`  e.g. ${example}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    server?.stop();
    setTimeout(() => process.exit(), 500).unref();
  });
