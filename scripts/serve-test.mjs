// The app for the end-to-end tests and benchmarks: a fresh local state folder, migrated, served in the local
// process layout (scripts/dev/layout.mjs: the web worker and the grading processes each in their own workerd).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalServers } from "./dev/layout.mjs";

const port = process.env.E2E_PORT ?? "8790";
// E2E_PERSIST reuses a state folder (the crash-recovery test restarts on the same state); E2E_VARS adds
// `--var NAME:value` pairs, space-separated.
const persist = process.env.E2E_PERSIST ?? mkdtempSync(join(tmpdir(), "gradewell-e2e-"));
const vars = (process.env.E2E_VARS ?? "").split(" ").filter(Boolean);
// Its own dev registry, so another `wrangler dev` of the same workers on this machine cannot restart this one.
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_REGISTRY_PATH: join(persist, "registry") };

const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], {
  stdio: "inherit",
  env,
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const servers = await startLocalServers({ port, persist, inspectorPort: Number(port) + 1000, vars });
servers.exited.then(() => setTimeout(() => process.exit(0), 1000));
