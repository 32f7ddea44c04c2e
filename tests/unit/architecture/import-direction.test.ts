// The dependency direction of DESIGN.md, checked through the real lint configuration:
// web app → core ← grading worker, and never between the two workers; inside the grading worker, its rooms:
// reading ← values ← answers ← judging ← the pipeline (docs/decisions/0036), and no import cycle anywhere.
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
    ["app/server/probe.server.ts", "../../workers/grading/judging/grade"],
    ["app/routes/probe.tsx", "../../workers/grading/pipeline"],
    ["workers/app.ts", "./grading/index"],
    ["workers/grading/probe.ts", "../../app/server/http.server"],
    ["workers/grading/judging/probe.ts", "~/server/jobs.server"],
    ["core/probe.ts", "../app/lib/format"],
    ["core/db/probe.ts", "../../workers/grading/results"],
    ["workers/grading/reading/probe.ts", "../judging/judge"],
    ["workers/grading/reading/ocr/probe.ts", "../../answers/student-work"],
    ["workers/grading/reading/probe.ts", "../values/values"],
    ["workers/grading/answers/probe.ts", "../judging/grade"],
    ["workers/grading/values/probe.ts", "../answers/answer-key"],
    ["workers/grading/judging/probe.ts", "../pipeline"],
    // Dev tools serve scripts and tests only (docs/decisions/0045).
    ["app/routes/probe.tsx", "../../tools/worksheets/worksheets"],
    ["core/probe.ts", "../tools/reading/pages"],
    ["workers/grading/probe.ts", "../../tools/reading/edits"],
    ["workers/grading/reading/probe.ts", "../../../tools/reading/pages"],
  ])("%s may not import %s", async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toHaveLength(1);
  });

  it.each([
    ["app/server/probe.server.ts", "../../core/db/schema"],
    ["workers/grading/probe.ts", "../../core/jobs/events"],
    ["workers/grading/judging/probe.ts", "./grade"],
    ["core/feedback/probe.ts", "../grading/result"],
    ["workers/grading/judging/probe.ts", "../answers/student-work"],
    ["workers/grading/answers/probe.ts", "../reading/types"],
    ["workers/grading/answers/probe.ts", "../values/values"],
    ["workers/grading/pipeline-probe.ts", "./judging/grade"],
    ["scripts/probe.ts", "../tools/worksheets/worksheets"],
    ["tests/unit/probe.test.ts", "../../tools/reading/pages"],
  ])("%s may import %s", async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toEqual([]);
  });

  // The pages import the plan rules: no table comes in with them (docs/decisions/0051).
  it("keeps tables out of core/plans.ts, types aside", async () => {
    const lint = async (text: string) => {
      const [result] = await eslint.lintText(text, { filePath: "core/plans.ts" });
      return result.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports");
    };
    expect(await lint(`import { teachers } from "./db/schema";\nexport const t = teachers;\n`)).toHaveLength(1);
    expect(await lint(`import type { Db } from "./db/client";\nexport type D = Db;\n`)).toEqual([]);
  });

  // Each file imports the next one already: importing the first back from it would close a cycle.
  it.each([
    ["workers/grading/answers/layout.ts", "./student-work", "extractFromLines"],
    ["core/db/chunk.ts", "./scoped", "forTeacher"],
    ["app/server/auth.server.ts", "./intent-action.server", "intentAction"],
  ])("refuses an import that closes a cycle: %s importing %s", async (filePath, specifier, name) => {
    const text = `import { ${name} } from "${specifier}";\nexport { ${name} };\n`;
    const [result] = await eslint.lintText(text, { filePath });
    expect(result.messages.map((message) => message.ruleId)).toContain("import-x/no-cycle");
  });

  it("finds no cycle in an import that goes one way", async () => {
    const text = `import { layoutLines } from "./layout";\nexport { layoutLines };\n`;
    const [result] = await eslint.lintText(text, { filePath: "workers/grading/answers/probe.ts" });
    expect(result.messages.filter((message) => message.ruleId === "import-x/no-cycle")).toEqual([]);
  });
});
