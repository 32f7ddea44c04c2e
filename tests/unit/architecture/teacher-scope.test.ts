// One door to a teacher's data (docs/decisions/0044), checked through the real lint configuration: a hand-written
// teacherId filter is refused everywhere but core/db/scoped.ts; the scope's helpers and join conditions pass.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function scopeErrors(filePath: string, body: string) {
  const text = `import { and, eq, inArray, sql } from "drizzle-orm";\nimport { classes, students, teachers } from "../core/db/schema";\n${body}\n`;
  const [result] = await eslint.lintText(text, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.message);
}

describe("the teacher scope's door", { timeout: 30_000 }, () => {
  it.each([
    ["app/server/probe.server.ts", "export const w = (id: string) => eq(classes.teacherId, id);"],
    ["app/server/probe.server.ts", "export const w = (id: string) => and(eq(students.id, 'x'), eq(students.teacherId, id));"],
    ["workers/grading/probe.ts", "export const w = (ids: string[]) => inArray(students.teacherId, ids);"],
    ["core/probe.ts", "export const w = (id: string) => sql`${classes.teacherId} = ${id}`;"],
    ["scripts/probe.ts", "export const w = (id: string) => eq(classes.teacherId, id);"],
  ])("%s may not filter by hand: %s", async (filePath, body) => {
    expect(await scopeErrors(filePath, body)).toEqual([expect.stringContaining("core/db/scoped.ts")]);
  });

  it.each([
    ["core/db/scoped.ts", "export const w = (id: string) => eq(classes.teacherId, id);"],
    ["app/server/probe.server.ts", "export const j = eq(teachers.id, classes.teacherId);"],
    ["app/server/probe.server.ts", "export const w = (id: string) => eq(classes.id, id);"],
  ])("%s may write: %s", async (filePath, body) => {
    expect(await scopeErrors(filePath, body)).toEqual([]);
  });
});
