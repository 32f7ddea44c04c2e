import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/e2e/support/chromium";

const port = process.env.E2E_PORT ?? "8790";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  outputDir: "tests/e2e/artifacts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A fresh server's first pages share two cores with the reader warming its engine: a sign-in's password hash then
  // takes seconds (in two full runs on this machine the first test timed out at 5 s, and passed run alone).
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: "node scripts/serve-test.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    // Two wrangler dev processes start (app + reader, scripts/dev/layout.mjs): give a busy machine time.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
    stderr: "pipe",
  },
});
