// The app for the end-to-end tests: a fresh local state folder, migrated, served by one `wrangler dev` of both workers.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.E2E_PORT ?? "8790";
const persist = mkdtempSync(join(tmpdir(), "gradewell-e2e-"));
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], {
  stdio: "inherit",
  env,
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

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
    "--inspector-port",
    String(Number(port) + 1000),
    "--persist-to",
    persist,
    "--show-interactive-dev-session=false",
    // The local outbox's reader (/dev/mail) exists only here, never in a deployed worker (docs/decisions/0011).
    "--var",
    "DEV_MAIL:on",
  ],
  { stdio: "inherit", env },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
