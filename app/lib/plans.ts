// Plan copy (spec sections 6 and 9) in one typed module: names, prices, what each plan promises, what each
// Professional feature is and how a refusal reads. The pricing page, the landing page, the gates and anything that
// ever bills read them from here, so a price or a word changes in one place. The rules (which plan includes what,
// the limits) are core/plans.ts's.
import {
  STARTER_FILES_PER_UPLOAD,
  STARTER_GRADED_PER_MONTH,
  UPGRADE_PATH,
  requiredPlan,
  type PlanFeature,
  type PlanId,
} from "../../core/plans";

export type BillingPeriod = "monthly" | "annual";

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** US dollars per month when billed monthly. */
  monthlyPrice: number;
  /** US dollars per month when billed annually. */
  annualPrice: number;
  features: readonly string[];
  notIncluded: readonly string[];
  popular: boolean;
};

export const FREE_TRIAL_DAYS = 14;
export const ANNUAL_SAVING_LABEL = "Save 20%";

const PROFESSIONAL_EXTRAS = ["Custom rubric builder", "Bulk upload", "Google Classroom integration", "Advanced analytics"] as const;
const SCHOOL_EXTRAS = [
  "Unlimited teachers and students",
  "LMS and SIS integrations",
  "White-label branding",
  "API access",
  "Single sign-on (SSO)",
  "Dedicated account manager",
  "Training for your staff",
] as const;

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    description: "For one teacher getting started with AI-assisted grading.",
    monthlyPrice: 19,
    annualPrice: 15,
    features: [
      `Up to ${STARTER_GRADED_PER_MONTH} graded submissions a month`,
      "Grading against your answer key",
      "Photo and file upload (PDF, JPG, PNG, HEIC)",
      "Written feedback for every student",
      "Review and override every grade",
      "Gradebook export",
      "Email support",
    ],
    notIncluded: PROFESSIONAL_EXTRAS,
    popular: false,
  },
  {
    id: "professional",
    name: "Professional",
    description: "For teachers who grade every week, across several classes.",
    monthlyPrice: 49,
    annualPrice: 39,
    features: ["Unlimited graded submissions", "Everything in Starter", ...PROFESSIONAL_EXTRAS, "Priority support"],
    notIncluded: SCHOOL_EXTRAS,
    popular: true,
  },
  {
    id: "school",
    name: "School",
    description: "For departments, schools and districts.",
    monthlyPrice: 149,
    annualPrice: 119,
    features: ["Everything in Professional", ...SCHOOL_EXTRAS],
    notIncluded: [],
    popular: false,
  },
];

export function planPrice(plan: Plan, period: BillingPeriod): number {
  return period === "annual" ? plan.annualPrice : plan.monthlyPrice;
}

/** The yearly saving of annual billing: (monthly − annual) × 12 (spec section 9). */
export function annualSaving(plan: Plan): number {
  return (plan.monthlyPrice - plan.annualPrice) * 12;
}

export function parseBillingPeriod(value: string | null | undefined): BillingPeriod {
  return value === "monthly" ? "monthly" : "annual";
}

export const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: "How do I pay or change plans?",
    answer:
      "Gradewell takes no payments online. Every new account starts on Starter; to move to Professional or School, contact us and we set your plan.",
  },
  {
    question: "How does the free trial work?",
    answer: `Every plan starts with a ${FREE_TRIAL_DAYS}-day free trial. No credit card is needed; you choose a plan only if you decide to stay.`,
  },
  {
    question: "Can I cancel at any time?",
    answer: "Yes. Cancel whenever you like; your plan stays active until the end of the billing period you have paid for.",
  },
  {
    question: "What happens when I change plans?",
    answer: "Upgrades and downgrades take effect immediately, and the price is prorated for the rest of your billing period.",
  },
  {
    question: "What counts towards the Starter plan's monthly limit?",
    answer: `Each student submission Gradewell grades counts once (a regrade of the same submission does not count again). Starter includes ${STARTER_GRADED_PER_MONTH} a month; at the limit grading stops until the next month or an upgrade. Professional and School are unlimited.`,
  },
  {
    question: "Which file formats can I upload?",
    answer: "PDF, JPG, PNG and HEIC files, Word documents, and photos taken straight from your phone's camera.",
  },
  {
    question: "Is my students' data safe?",
    answer:
      "Student work is encrypted in transit and at rest, only you and the people you authorise can see it, and we never sell it or share it for marketing.",
  },
];

/** What each Professional feature is in Gradewell, and what Starter offers instead (docs/decisions/0017). */
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

/** The refusal every gate answers with: the feature, the plan it needs, the teacher's plan and the upgrade link. */
export function featureRefusal(feature: PlanFeature, plan: PlanId): string {
  const info = FEATURE_INFO[feature];
  return `${info.name} (${info.what}) is part of the ${planLabel(requiredPlan(feature))} plan; you are on the ${planLabel(plan)} plan. ${info.onStarter} Upgrade: ${UPGRADE_PATH}`;
}
