// The Professional-only features (spec section 6) and what each one is in Gradewell, for the pages and the server
// alike: the server enforces them in app/server/plans.server.ts, the pages explain them with an upgrade link.
// docs/decisions/0017-professional-features.md says why these routes and this file count.
import { PLAN_IDS, UPGRADE_PATH } from "../../core/constants";

export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_FEATURES = ["custom_rubric", "bulk_upload", "advanced_analytics", "google_classroom"] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Students' files in one upload on Starter; more than this at once is bulk upload. */
export const STARTER_FILES_PER_UPLOAD = 10;

/** Spec section 6: "Custom rubric builder, bulk upload, Google Classroom integration and advanced analytics are Professional and above." */
const REQUIRED_PLAN: Record<PlanFeature, PlanId> = {
  custom_rubric: "professional",
  bulk_upload: "professional",
  advanced_analytics: "professional",
  google_classroom: "professional",
};

export const FEATURE_INFO: Record<PlanFeature, { name: string; what: string; onStarter: string }> = {
  custom_rubric: {
    name: "Custom rubric builder",
    what: "grading open answers and essays against your own rubric, uploaded or typed",
    onStarter: "Starter grades against your answer key.",
  },
  bulk_upload: {
    name: "Bulk upload",
    what: `uploading more than ${STARTER_FILES_PER_UPLOAD} students' files at once`,
    onStarter: `On Starter, upload up to ${STARTER_FILES_PER_UPLOAD} files at a time.`,
  },
  advanced_analytics: {
    name: "Advanced analytics",
    what: "the Analytics screen (every period, grade distribution, class comparison, question difficulty, standards mastery) and its exported reports",
    onStarter: "Your dashboard keeps showing your basic figures.",
  },
  google_classroom: {
    name: "Google Classroom integration",
    what: "bringing courses, rosters and students' turned-in work in from Google Classroom, and sending grades back",
    onStarter: "Starter grades work you upload or pick in Google Drive.",
  },
};

export function planLabel(plan: PlanId): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

export function requiredPlan(feature: PlanFeature): PlanId {
  return REQUIRED_PLAN[feature];
}

export function planAllows(plan: PlanId, feature: PlanFeature): boolean {
  return PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(REQUIRED_PLAN[feature]);
}

/** The refusal every gate answers with: the feature, the plan it needs, the teacher's plan and the upgrade link. */
export function featureRefusal(feature: PlanFeature, plan: PlanId): string {
  const info = FEATURE_INFO[feature];
  return `${info.name} (${info.what}) is part of the ${planLabel(requiredPlan(feature))} plan; you are on the ${planLabel(plan)} plan. ${info.onStarter} Upgrade: ${UPGRADE_PATH}`;
}

export { UPGRADE_PATH };
