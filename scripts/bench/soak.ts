// npm run bench:soak — several class sets in a row (default 10 batches of 30 photographed submissions) through the
// e2e server while /api/health is polled every 250 ms. Prints each batch's wall time and the health latencies
// (worst, p99, how many took over 1 s). A health check outstanding for 5 s, or a batch that does not end within
// SOAK_BATCH_LIMIT_S, counts as a wedge: the workerd processes' user/kernel CPU and memory are then written to
// bench-results/soak-diagnostics.txt (with SOAK_STRACE=1 also a 3 s `strace -c` of the busiest workerd).
// Options: SOAK_BATCHES (10), BENCH_SUBMISSIONS (30), BENCH_PORT (8797), BENCH_SERVER_LOG, SOAK_BATCH_LIMIT_S (300).
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
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
  waitForHealth,
  workerdStats,
} from "./harness";

const BATCHES = Number(process.env.SOAK_BATCHES ?? 10);
const COUNT = Number(process.env.BENCH_SUBMISSIONS ?? 30);
const PORT = process.env.BENCH_PORT ?? "8797";
const BATCH_LIMIT_MS = Number(process.env.SOAK_BATCH_LIMIT_S ?? 300) * 1000;
const HEALTH_EVERY_MS = 250;
const STUCK_MS = 5000;
const DIAGNOSTICS = "bench-results/soak-diagnostics.txt";

const server = startServer(PORT);
const health: number[] = [];
let healthErrors = 0;
let pendingSince = 0;
let polling = true;
let wedges = 0;
let diagnosing = false;

async function pollHealth() {
  while (polling) {
    pendingSince = performance.now();
    try {
      const response = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(180_000) });
      await response.arrayBuffer();
      if (!response.ok) healthErrors++;
    } catch {
      healthErrors++;
    }
    health.push(performance.now() - pendingSince);
    pendingSince = 0;
    await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
  }
}

async function diagnose(reason: string) {
  if (diagnosing) return;
  diagnosing = true;
  try {
    mkdirSync("bench-results", { recursive: true });
    const before = workerdStats(server.process.pid!);
    await new Promise((r) => setTimeout(r, 1000));
    const after = workerdStats(server.process.pid!);
    const lines = [`\n== ${new Date().toISOString()} ${reason}`];
    for (const p of after) {
      const b = before.find((x) => x.pid === p.pid);
      const user = b ? p.user - b.user : 0;
      const system = b ? p.system - b.system : 0;
      lines.push(
        `workerd pid ${p.pid} (entry port ${p.role}): user ${user}% kernel ${system}% of a core over 1 s, RSS ${p.rssMb.toFixed(0)} MB, virtual ${p.vszGb.toFixed(1)} GB`,
      );
    }
    const busiest = after.sort((a, b) => b.user + b.system - (a.user + a.system))[0];
    if (busiest && process.env.SOAK_STRACE === "1") {
      const trace = spawnSync("timeout", ["3", "strace", "-c", "-f", "-p", String(busiest.pid)], { encoding: "utf8" });
      lines.push(`strace -c -f -p ${busiest.pid} (3 s):`, trace.stderr.split("\n").slice(0, 25).join("\n"));
    }
    appendFileSync(DIAGNOSTICS, lines.join("\n") + "\n");
    console.log(`\n  ${reason}: diagnostics in ${DIAGNOSTICS}\n  ${lines.slice(1, 4).join("\n  ")}`);
  } finally {
    diagnosing = false;
  }
}

async function main() {
  console.log(`Rendering ${COUNT} photographed worksheets...`);
  const photos = await renderPhotos(COUNT);
  const keyPdf = await answerKeyPdf();
  await waitForHealth(server.base);
  const auth = await registerTeacher(server.base, "soak");
  void pollHealth();
  const watchdog = setInterval(() => {
    if (pendingSince && performance.now() - pendingSince > STUCK_MS) void diagnose(`/api/health unanswered for ${STUCK_MS / 1000} s`);
  }, 1000);

  const rows: string[] = [];
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRssMb(server.process.pid!))), 1000);
  for (let batch = 1; batch <= BATCHES; batch++) {
    const job = await uploadAndProcess(server.base, auth, photos, keyPdf);
    const run = await followJob(server.base, auth, job.jobId, {
      limitMs: BATCH_LIMIT_MS,
      onProgress: (done) => process.stdout.write(`\r  batch ${batch}/${BATCHES}: graded ${done}/${COUNT}   `),
    });
    if (!run.finished) {
      wedges++;
      await diagnose(`batch ${batch} did not end within ${BATCH_LIMIT_MS / 1000} s`);
      rows.push(`  batch ${batch}: WEDGED (no job_done within ${BATCH_LIMIT_MS / 1000} s)`);
      break;
    }
    rows.push(
      `  batch ${batch}: ${seconds(run.finished - job.started)} upload to last result, first event ${seconds(run.firstEvent - job.jobStarted)}, ${JSON.stringify(run.summary)}`,
    );
    console.log(`\r${rows.at(-1)}`);
  }
  polling = false;
  clearInterval(watchdog);
  clearInterval(sampler);

  const sorted = [...health].sort((a, b) => a - b);
  const slow = health.filter((ms) => ms > 1000).length;
  console.log(`\nbench:soak: ${BATCHES} batches of ${COUNT} photographed submissions, /api/health every ${HEALTH_EVERY_MS} ms`);
  for (const row of rows) console.log(row);
  console.log(`  wedges: ${wedges}`);
  console.log(
    `  /api/health: ${health.length} checks, p50 ${sorted.length ? percentile(sorted, 50).toFixed(0) : "-"} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms, over 1 s: ${slow}, errors: ${healthErrors}`,
  );
  console.log(`  memory (RSS of the server's process tree): peak ${peakRss.toFixed(0)} MB`);
  for (const p of workerdStats(server.process.pid!)) {
    console.log(`  workerd (entry port ${p.role}): RSS ${p.rssMb.toFixed(0)} MB, virtual ${p.vszGb.toFixed(1)} GB`);
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    polling = false;
    server.stop();
    setTimeout(() => process.exit(), 500).unref();
  });
