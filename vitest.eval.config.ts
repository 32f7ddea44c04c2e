import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// npm run eval:grading: the held-out worksheets read and graded inside workerd (tests/eval/grading).
export default defineConfig({
  plugins: [tsconfigPaths(), cloudflareTest({ wrangler: { configPath: "./tests/eval/wrangler.toml" } })],
  test: {
    include: ["tests/eval/**/*.eval.ts"],
    testTimeout: 900_000,
  },
});
