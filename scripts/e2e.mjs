#!/usr/bin/env node
// `npm run test:e2e`: find (or install) Debian's Chromium, build the app, then run Playwright against `wrangler dev`.
import { spawnSync } from "node:child_process";
import { findChromium } from "./find-chromium.mjs";

const chromium = findChromium();
// One reader process beside the app is enough for the browser tests and starts faster than two (scripts/dev/layout.mjs).
const env = { READER_PROCESSES: "1", ...process.env, CHROMIUM_PATH: chromium, WRANGLER_SEND_METRICS: "false" };
for (const [command, args] of [
  ["npx", ["remix", "vite:build"]],
  ["npx", ["playwright", "test", ...process.argv.slice(2)]],
]) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
