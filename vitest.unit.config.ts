import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Unit tests: pure modules in Node (parsers, grader, schemas, exports).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts", "workers/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
  },
});
