// One door to a teacher's data (docs/decisions/0044), checked through the real lint configuration: a hand-written
// teacherId filter (or `teacher_id` in raw SQL) is refused everywhere but core/db/scoped.ts; the scope's helpers and
// join conditions pass; the scope's raw client is refused everywhere, the grading worker included (docs/decisions/0050, 0056).
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
    ["app/server/probe.server.ts", "export const w = sql`(select count(*) from submissions s where s.teacher_id = ${'t'})`;"],
  ])("%s may not filter by hand: %s", async (filePath, body) => {
    expect(await scopeErrors(filePath, body)).toEqual([expect.stringContaining("core/db/scoped.ts")]);
  });

  it.each([
    ["app/server/probe.server.ts", "declare const scope: { db: unknown };\nexport const raw = scope.db;"],
    [
      "core/probe.ts",
      "declare function forTeacher(db: unknown, id: string): { db: unknown };\nexport const raw = forTeacher(null, 't').db;",
    ],
    ["workers/app.ts", "declare const scope: { db: unknown };\nexport const { db } = scope;"],
    ["workers/grading/probe.ts", "declare const scope: { db: unknown };\nexport const raw = scope.db;"],
    ["workers/grading/reading/probe.ts", "declare const scope: { db: unknown };\nexport const { db } = scope;"],
    [
      "scripts/probe.ts",
      "declare function forTeacher(db: unknown, id: string): { db: unknown };\nexport const { db } = forTeacher(null, 't');",
    ],
  ])("%s may not take the scope's raw client: %s", async (filePath, body) => {
    expect(await scopeErrors(filePath, body)).toEqual([expect.stringContaining("the only door")]);
  });

  it.each([
    ["core/db/scoped.ts", "export const w = (id: string) => eq(classes.teacherId, id);"],
    ["app/server/probe.server.ts", "declare const session: { db: unknown };\nexport const raw = session.db;"],
    ["app/server/probe.server.ts", "export const j = eq(teachers.id, classes.teacherId);"],
    ["app/server/probe.server.ts", "export const w = (id: string) => eq(classes.id, id);"],
  ])("%s may write: %s", async (filePath, body) => {
    expect(await scopeErrors(filePath, body)).toEqual([]);
  });
});
