#!/usr/bin/env node
// `npm start`: build, apply migrations to the local D1, seed the demo teacher, then serve both workers
// with one `wrangler dev` on http://127.0.0.1:8787 (override with PORT).
import { spawn, spawnSync } from "node:child_process";

const port = process.env.PORT ?? "8787";
const persist = process.env.GRADEWELL_STATE ?? ".wrangler/state";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

run("npx", ["remix", "vite:build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
run("npx", ["tsx", "scripts/seed.ts", "--persist-to", persist]);

const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    "wrangler.toml",
    "-c",
    "workers/grading/wrangler.toml",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    "--persist-to",
    persist,
    "--show-interactive-dev-session=false",
    // The local outbox's reader (/dev/mail) exists only here, never in a deployed worker (docs/decisions/0011).
    "--var",
    "DEV_MAIL:on",
  ],
  { stdio: "inherit", env },
);
console.log(`\nGradewell is starting on http://127.0.0.1:${port} (demo teacher: demo@gradewell.app / gradewell-demo)\n`);

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
