#!/usr/bin/env node
// `npm run bench:demo`: from a fresh local state, time `npm start` until the demo teacher sees graded work.
// Prints seconds to the server answering, to the first graded paper and to every demo paper graded.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.BENCH_PORT ?? "8861";
const base = `http://127.0.0.1:${port}`;
const state = mkdtempSync(join(tmpdir(), "gradewell-demo-"));
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const server = spawn("node", ["scripts/start.mjs"], {
  env: { ...process.env, PORT: port, GRADEWELL_STATE: state },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});

const marks = {};
let token = null;
try {
  for (let i = 0; i < 1200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (!marks.up && (await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) marks.up = seconds();
    if (!marks.up) continue;
    if (!token) {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "demo@gradewell.app", password: "gradewell-demo" }),
      }).catch(() => null);
      if (login?.ok) token = (await login.json()).access_token;
      continue;
    }
    const res = await fetch(`${base}/api/dashboard/overview`, { headers: { Authorization: `Bearer ${token}` } }).catch(() => null);
    if (!res?.ok) continue;
    const overview = await res.json();
    const progress = overview.progress.reduce((s, a) => ({ total: s.total + a.total, graded: s.graded + a.graded, failed: s.failed + a.failed }), {
      total: 0,
      graded: 0,
      failed: 0,
    });
    if (!marks.first && progress.graded > 0) marks.first = seconds();
    if (progress.total && progress.graded + progress.failed >= progress.total) {
      marks.all = seconds();
      marks.summary = `${progress.graded} graded, ${progress.failed} failed, ${overview.kpis.needsReview} waiting for review, average ${overview.kpis.averageScore}%`;
      break;
    }
  }
} finally {
  process.kill(-server.pid, "SIGTERM");
  rmSync(state, { recursive: true, force: true });
}
console.log(`npm start on a fresh state (port ${port}):`);
console.log(`  server answering      ${marks.up ?? "never"} s`);
console.log(`  first graded paper    ${marks.first ?? "never"} s`);
console.log(`  all demo work graded  ${marks.all ?? "not within 20 min"} s${marks.summary ? ` (${marks.summary})` : ""}`);
