// Plan rules, read by both workers and the pages: which plan includes which feature, the Starter limits, where a
// refusal sends the teacher, and the month's grading allowance the grading worker enforces. What the plans are
// called, cost and promise (the pages' copy) lives in app/lib/plans.ts; the web worker's gates in
// app/server/plans.server.ts (docs/decisions/0051).
// The pages import these rules, so this module imports no table: gradingAllowance loads the schema when it runs
// (a static import put 35 KB of drizzle in the pages' bundle). Lint keeps it so.
import { and, eq, gte } from "drizzle-orm";
import { PLAN_IDS } from "./constants";
import type { TeacherScope } from "./db/scoped";

/** The plans, cheapest first. Their ids are a column of the schema, so they are declared in core/constants.ts. */
export { PLAN_IDS };
export type PlanId = (typeof PLAN_IDS)[number];

/** Graded submissions a month on the Starter plan; Professional and School are unlimited. */
export const STARTER_GRADED_PER_MONTH = 100;
/** Students' files in one upload on Starter; more than this at once is bulk upload. */
export const STARTER_FILES_PER_UPLOAD = 10;
/** Where every plan refusal sends the teacher. */
export const UPGRADE_PATH = "/pricing";

/** The Professional-only features (spec section 6); docs/decisions/0017-professional-features.md says which routes count. */
export const PLAN_FEATURES = ["custom_rubric", "bulk_upload", "advanced_analytics", "google_classroom"] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Spec section 6: "Custom rubric builder, bulk upload, Google Classroom integration and advanced analytics are Professional and above." */
const REQUIRED_PLAN: Record<PlanFeature, PlanId> = {
  custom_rubric: "professional",
  bulk_upload: "professional",
  advanced_analytics: "professional",
  google_classroom: "professional",
};

export function requiredPlan(feature: PlanFeature): PlanId {
  return REQUIRED_PLAN[feature];
}

export function planAllows(plan: PlanId, feature: PlanFeature): boolean {
  return PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(REQUIRED_PLAN[feature]);
}

export const PLAN_LIMIT_MESSAGE = `You have graded ${STARTER_GRADED_PER_MONTH} submissions this month, the Starter plan's limit. Upgrade to Professional to keep grading: ${UPGRADE_PATH}`;

/** The first instant of the calendar month (UTC) that `now` falls in. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export type GradingAllowance = { plan: PlanId; used: number; limit: number | null; reached: boolean };

/** The teacher's graded submissions this month against their plan's limit. */
export async function gradingAllowance(scope: TeacherScope, now = new Date()): Promise<GradingAllowance> {
  const { submissions } = await import("./db/schema");
  const plan = (await scope.plan()) ?? "starter";
  const used = await scope.count(submissions, and(eq(submissions.status, "graded"), gte(submissions.gradedAt, monthStart(now))));
  const limit = plan === "starter" ? STARTER_GRADED_PER_MONTH : null;
  return { plan, used, limit, reached: limit !== null && used >= limit };
}
