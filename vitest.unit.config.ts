import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Unit tests: pure modules in Node (parsers, grader, schemas, exports).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts", "workers/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup/console-error.ts"],
    // Shared CI machines can be slow: behaviour is asserted, never speed.
    testTimeout: 30_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
