import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { startFakeGoogle } from "./tests/mocks/fake-google";

// Integration tests run inside workerd with real local D1, R2, Queues and Durable Objects.
// tests/integration/wrangler.toml joins the web and grading workers into one test worker.
const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
// A fake Google on loopback (tests/mocks/fake-google.ts) for the Google sign-in and Drive tests: the worker reaches
// it through GOOGLE_ENDPOINTS_BASE exactly as it would reach Google.
const fakeGoogle = await startFakeGoogle();

export default defineConfig({
  plugins: [
    tsconfigPaths(),
    cloudflareTest({
      wrangler: { configPath: "./tests/integration/wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          GOOGLE_CLIENT_ID: fakeGoogle.clientId,
          GOOGLE_CLIENT_SECRET: fakeGoogle.clientSecret,
          GOOGLE_ENDPOINTS_BASE: fakeGoogle.url,
          // 32 bytes of zeros and ones: a test key, never a real one.
          GOOGLE_TOKEN_KEY: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
          GOOGLE_TOKEN_KEY_ID: "test-1",
        },
      },
    }),
  ],
  test: {
    include: ["tests/integration/**/*.test.ts"],
    // An unexpected console.error fails the test (docs/decisions/0046); a queue delivery of a message an earlier test
    // sent is not the running test's (docs/decisions/0050).
    setupFiles: ["./tests/integration/apply-migrations.ts", "./tests/integration/console-error.ts"],
    deps: {
      optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } },
    },
    testTimeout: 60_000,
  },
});
