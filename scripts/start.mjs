#!/usr/bin/env node
// `npm start`: build, apply migrations to the local D1, seed the demo teacher, then serve both workers
// on http://127.0.0.1:8787 (override with PORT): the web worker and the grading processes each in their own
// workerd (scripts/dev/layout.mjs, docs/decisions/0014).
import { spawn, spawnSync } from "node:child_process";
import { startLocalServers } from "./dev/layout.mjs";

const port = process.env.PORT ?? "8787";
const persist = process.env.GRADEWELL_STATE ?? ".wrangler/state";
// A dev registry of its own: wrangler's shared one (~/.config/.wrangler/registry) lets any other `wrangler dev` of
// workers with the same names on this machine restart this one's runtime, which loses its in-memory queue.
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_REGISTRY_PATH: `${persist}/registry` };

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

run("npx", ["remix", "vite:build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
run("npx", ["tsx", "scripts/db/seed.ts", "--persist-to", persist]);

const servers = await startLocalServers({ port, persist });
console.log(`\nGradewell is starting on http://127.0.0.1:${port} (demo teacher: demo@gradewell.app / gradewell-demo)\n`);

servers.exited.then(() => setTimeout(() => process.exit(0), 1000));

// Once the app answers, the demo teacher's ungraded work goes to the real grading queue (scripts/db/seed.ts).
const base = `http://127.0.0.1:${port}`;
(async () => {
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      spawn("npx", ["tsx", "scripts/db/seed.ts", "--grade-at", base], { stdio: "inherit", env });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
})();
