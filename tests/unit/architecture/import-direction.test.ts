// The dependency direction of DESIGN.md, checked through the real lint configuration:
// web app → core ← grading worker, and never between the two workers.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(filePath: string, specifier: string) {
  const [result] = await eslint.lintText(`import { value } from "${specifier}";\nexport { value };\n`, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

// Linting a first file loads the TypeScript parser: slow on a busy machine, so a roomier timeout.
describe("import direction", { timeout: 30_000 }, () => {
  it.each([
    ["app/server/probe.server.ts", "../../workers/grading/engines/grade"],
    ["app/routes/probe.tsx", "../../workers/grading/pipeline"],
    ["workers/app.ts", "./grading/index"],
    ["workers/grading/probe.ts", "../../app/server/http.server"],
    ["workers/grading/engines/probe.ts", "~/server/jobs.server"],
    ["core/probe.ts", "../app/lib/format"],
    ["core/db/probe.ts", "../../workers/grading/results"],
  ])("%s may not import %s", async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toHaveLength(1);
  });

  it.each([
    ["app/server/probe.server.ts", "../../core/db/schema"],
    ["workers/grading/probe.ts", "../../core/jobs/events"],
    ["workers/grading/engines/probe.ts", "./grade"],
    ["core/feedback/probe.ts", "../grading/result"],
  ])("%s may import %s", async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toEqual([]);
  });
});
