// `npm run bench:demo`: from a fresh local state, time `npm start` until the demo teacher sees graded work.
// Prints seconds to the server answering, to the first graded paper and to every demo paper graded (or failed).
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_EMAIL, DEMO_PASSWORD, demoWork } from "../db/demo/content";

const port = process.env.BENCH_PORT ?? "8861";
const base = `http://127.0.0.1:${port}`;
const expected = demoWork().length;
const state = mkdtempSync(join(tmpdir(), "gradewell-demo-"));
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const log = join(tmpdir(), `gradewell-bench-demo-${port}.log`);
const server = spawn("node", ["scripts/start.mjs"], {
  env: { ...process.env, PORT: port, GRADEWELL_STATE: state },
  stdio: ["ignore", openSync(log, "w"), "inherit"],
  detached: true,
});

const marks: Record<string, string> = {};
let token: string | null = null;
try {
  for (let i = 0; i < 1800 && !marks.all; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (
      !marks.up &&
      (await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      marks.up = seconds();
    if (!marks.up) continue;
    if (!token) {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      }).catch(() => null);
      if (login?.ok) token = ((await login.json()) as { access_token: string }).access_token;
      continue;
    }
    const res = await fetch(`${base}/api/dashboard/overview`, { headers: { Authorization: `Bearer ${token}` } }).catch(() => null);
    if (!res?.ok) continue;
    const { kpis } = (await res.json()) as { kpis: { graded: number; failed: number; needsReview: number; averageScore: number | null } };
    if (!marks.first && kpis.graded > 0) marks.first = seconds();
    if (kpis.graded + kpis.failed >= expected) {
      marks.all = seconds();
      marks.summary = `${kpis.graded} graded, ${kpis.failed} failed, ${kpis.needsReview} waiting for review, average ${kpis.averageScore}%`;
    }
  }
} finally {
  process.kill(-server.pid!, "SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(state, { recursive: true, force: true });
}
console.log(`npm start on a fresh state (port ${port}), ${expected} demo papers (server log: ${log}):`);
console.log(`  server answering      ${marks.up ?? "never"} s`);
console.log(`  first graded paper    ${marks.first ?? "never"} s`);
console.log(`  all demo work graded  ${marks.all ?? "not within 30 min"} s${marks.summary ? ` (${marks.summary})` : ""}`);
