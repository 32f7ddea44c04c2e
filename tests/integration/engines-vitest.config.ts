import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// The engines inside workerd, on their own small worker so they can be tested apart from the app.
// Run from the project root: npx vitest run --config tests/integration/engines-vitest.config.ts
export default defineConfig({
  plugins: [cloudflareTest({ wrangler: { configPath: "./tests/integration/engines-wrangler.toml" } })],
  test: {
    include: ["tests/integration/engines.test.ts"],
    testTimeout: 120_000,
    maxWorkers: 1,
  },
});
