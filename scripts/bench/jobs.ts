// npm run bench:jobs — 30 one-page photographed typed submissions graded end to end through the local process
// layout (scripts/serve-test.mjs): upload (POST /api/assignments) → process → every result stored. Prints wall
// time, time to the first streamed event and to the first feedback token, how fast /assignments, the job page and
// /api/health answered while the job graded, and the peak memory of the server's process tree.
// Options: BENCH_SUBMISSIONS (30), BENCH_PORT (8796), BENCH_SERVER_LOG, BENCH_TIMELINE=1 (the first events with
// their times; =all: every page read and submission done), BENCH_SETTLE (ms to wait after the server answers, e.g.
// 15000 for warm readers), BENCH_PROBE_MS (pause between one probe's page loads, 200; 0 loads no pages while the
// job grades), BENCH_WARMUP (submissions of another assignment graded before the timing, 2: one a reader; 0 times a
// cold server); READER_PROCESSES=0 for the former one-workerd layout (the single-threaded baseline).
import {
  answerKeyPdf,
  followJob,
  percentile,
  registerTeacher,
  renderPhotos,
  seconds,
  startServer,
  treeRssMb,
  uploadAndProcess,
  workerdCpu,
  waitForHealth,
} from "./harness";

const COUNT = Number(process.env.BENCH_SUBMISSIONS ?? 30);
const PORT = process.env.BENCH_PORT ?? "8796";
const PROBE_MS = Number(process.env.BENCH_PROBE_MS ?? 200);
/** Submissions graded (another assignment) before the timed job: 0 measures a cold server. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const server = startServer(PORT);

/** Loads a page over and over (one at a time) until stopped; answers the latencies in ms (failures as Infinity). */
function probe(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
        await response.arrayBuffer();
        times.push(response.ok ? performance.now() - t0 : Infinity);
      } catch {
        times.push(Infinity);
      }
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return times.sort((a, b) => a - b);
    },
  };
}

async function main() {
  console.log(`Rendering ${COUNT} photographed worksheets...`);
  const photos = await renderPhotos(COUNT);
  const keyPdf = await answerKeyPdf();
  await waitForHealth(server.base);
  // The readers warm their engine (a small page read end to end) once up; BENCH_SETTLE ms lets them finish first.
  await new Promise((done) => setTimeout(done, Number(process.env.BENCH_SETTLE ?? 0)));
  const auth = await registerTeacher(server.base, "jobs");
  // A server that has been up: a short job of another assignment first, one page a reader, so that the timed job
  // does not pay for the readers' first pages (workerd compiles WebAssembly lazily) or the app's first requests.
  let warmup = 0;
  if (WARMUP > 0) {
    console.log(`Warming up (${WARMUP} submissions of another assignment)...`);
    const started = performance.now();
    const warm = await uploadAndProcess(server.base, auth, photos.slice(0, WARMUP), keyPdf);
    await followJob(server.base, auth, warm.jobId, {});
    warmup = performance.now() - started;
  }
  const idle = treeRssMb(server.process.pid!);
  console.log("Uploading and grading...");
  // The pages are loaded with the session cookie a browser would send: sign in through the login form's API.
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(server.process.pid!))), 250);

  const cpuBefore = workerdCpu(server.process.pid!);
  const job = await uploadAndProcess(server.base, auth, photos, keyPdf);
  const probes: Record<string, ReturnType<typeof probe>> = PROBE_MS
    ? {
        "/api/health": probe(`${server.base}/api/health`, {}),
        "/assignments": probe(`${server.base}/assignments`, auth),
        [`/jobs/{id}`]: probe(`${server.base}/jobs/${job.jobId}`, auth),
      }
    : {};
  const run = await followJob(server.base, auth, job.jobId, { onProgress: (done) => process.stdout.write(`\r  graded ${done}/${COUNT}`) });
  const latencies = Object.fromEntries(await Promise.all(Object.entries(probes).map(async ([k, p]) => [k, await p.stop()] as const)));
  clearInterval(sampler);
  const cpu = { app: 0, readers: 0 };
  for (const [pid, after] of workerdCpu(server.process.pid!))
    cpu[after.reader ? "readers" : "app"] += after.seconds - (cpuBefore.get(pid)?.seconds ?? 0);
  peak = Math.max(peak, treeRssMb(server.process.pid!));
  if (!run.finished) throw new Error("The job did not end within the time limit.");

  const layout = process.env.READER_PROCESSES === "0" ? "one workerd (former layout)" : "app process + reader processes";
  console.log(`\nbench:jobs: ${COUNT} one-page photographed typed submissions, ${layout}`);
  console.log(
    WARMUP > 0
      ? `  warm-up (${WARMUP} submissions of another assignment, before the timing): ${seconds(warmup)}`
      : "  cold server (BENCH_WARMUP=0)",
  );
  console.log(`  upload (POST /api/assignments, ${COUNT} photos + key): ${seconds(job.uploaded - job.started)}`);
  console.log(`  grading (process → job_done):                      ${seconds(run.finished - job.jobStarted)}`);
  console.log(`  wall time, upload to last result stored:            ${seconds(run.finished - job.started)}`);
  console.log(`  time to first streamed event (from process call):   ${seconds(run.firstEvent - job.jobStarted)}`);
  console.log(`  time to first feedback token (from process call):   ${seconds(run.firstFeedback - job.jobStarted)}`);
  console.log(`  per submission:                                      ${seconds((run.finished - job.jobStarted) / COUNT)}`);
  console.log(`  result: ${JSON.stringify(run.summary)}`);
  if (process.env.BENCH_TIMELINE)
    console.log(`  first events: ${run.timeline.map((e) => `${e.type} ${seconds(e.at - job.jobStarted)}`).join(", ")}`);
  for (const [path, times] of Object.entries(latencies)) {
    const failed = times.filter((t) => t === Infinity).length;
    const ok = times.filter((t) => t !== Infinity);
    console.log(
      `  ${path.padEnd(13)} while grading: ${times.length} loads, p50 ${percentile(ok, 50).toFixed(0)} ms, p95 ${percentile(ok, 95).toFixed(0)} ms, max ${(ok.at(-1) ?? 0).toFixed(0)} ms, over 2 s: ${ok.filter((t) => t > 2000).length}, failed: ${failed}`,
    );
  }
  if (!PROBE_MS) console.log("  (no pages loaded while grading: BENCH_PROBE_MS=0)");
  console.log(
    `  CPU during upload and grading: app workerd ${cpu.app.toFixed(1)} s, readers ${cpu.readers.toFixed(1)} s (${(cpu.readers / COUNT).toFixed(2)} s a submission)`,
  );
  console.log(`  memory (RSS of the server's process tree): idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    server.stop();
    setTimeout(() => process.exit(), 500).unref();
  });
