// What a teacher's plan allows, read by both workers: the web worker shows the month's usage, the grading
// worker stops grading at the Starter limit. Plans and prices for the pages live in app/lib/plans.ts.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { submissions, teachers } from "./db/schema";
import { STARTER_GRADED_PER_MONTH, UPGRADE_PATH } from "./constants";
import { ownedBy } from "./db/scoped";

export { STARTER_GRADED_PER_MONTH, UPGRADE_PATH };

export const PLAN_LIMIT_MESSAGE = `You have graded ${STARTER_GRADED_PER_MONTH} submissions this month, the Starter plan's limit. Upgrade to Professional to keep grading: ${UPGRADE_PATH}`;

/** The first instant of the calendar month (UTC) that `now` falls in. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export type GradingAllowance = { plan: "starter" | "professional" | "school"; used: number; limit: number | null; reached: boolean };

export async function gradingAllowance(db: Db, teacherId: string, now = new Date()): Promise<GradingAllowance> {
  const teacher = await db.query.teachers.findFirst({ where: eq(teachers.id, teacherId), columns: { plan: true } });
  const plan = teacher?.plan ?? "starter";
  const [row] = await db
    .select({ used: sql<number>`count(*)` })
    .from(submissions)
    .where(and(ownedBy(submissions, teacherId), eq(submissions.status, "graded"), gte(submissions.gradedAt, monthStart(now))));
  const used = Number(row?.used ?? 0);
  const limit = plan === "starter" ? STARTER_GRADED_PER_MONTH : null;
  return { plan, used, limit, reached: limit !== null && used >= limit };
}
