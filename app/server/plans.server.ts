// Every Professional-only gate of the web worker: the rules are core/plans.ts's, the refusal's words
// app/lib/plans.ts's; what is here needs the server (a 403 Response, reading a raw upload form). Routes call requirePlanFeature or requireAssignmentPlan after authenticating and, for anything
// with an id, after finding the teacher's own row, so another teacher's data still answers 404.
import { FILE_FIELDS, flag } from "../schemas/assignments";
import { featureRefusal } from "../lib/plans";
import { planAllows, requiredPlan, STARTER_FILES_PER_UPLOAD, UPGRADE_PATH, type PlanFeature, type PlanId } from "../../core/plans";
import { apiError } from "./http.server";

export class PlanFeatureError extends Error {
  readonly status = 403;
  constructor(
    readonly feature: PlanFeature,
    readonly plan: PlanId,
  ) {
    super(featureRefusal(feature, plan));
    this.name = "PlanFeatureError";
  }
}

/** Throws PlanFeatureError (403) unless the teacher's plan includes the feature. */
export function requirePlanFeature(teacher: { plan: PlanId }, feature: PlanFeature): void {
  if (!planAllows(teacher.plan, feature)) throw new PlanFeatureError(feature, teacher.plan);
}

/** The JSON API's 403: {error, feature, plan, required_plan, upgrade_url}. */
export function planRefusal(error: PlanFeatureError): Response {
  return apiError(403, error.message, {
    feature: error.feature,
    plan: error.plan,
    required_plan: requiredPlan(error.feature),
    upgrade_url: UPGRADE_PATH,
  });
}

/** For JSON routes: throws the 403 Response itself. */
export function requireApiPlanFeature(teacher: { plan: PlanId }, feature: PlanFeature): void {
  try {
    requirePlanFeature(teacher, feature);
  } catch (error) {
    if (error instanceof PlanFeatureError) throw planRefusal(error);
    throw error;
  }
}

const isFile = (v: FormDataEntryValue): v is File =>
  typeof v === "object" && v !== null && "arrayBuffer" in v && !(v.name === "" && v.size === 0);
const isDrivePick = (v: FormDataEntryValue) => typeof v === "string" && v.length > 0;

/**
 * The plan features a create-assignment form uses, read from the raw form before any Drive file is fetched:
 * a rubric (the hasRubric flag, rubric files or Drive picks) and more than STARTER_FILES_PER_UPLOAD students'
 * files (uploaded and picked in Drive, assignment and batch fields together).
 */
export function assignmentFormFeatures(form: FormData): PlanFeature[] {
  const count = (field: string) => form.getAll(field).filter(isFile).length + form.getAll(`drive_${field}`).filter(isDrivePick).length;
  const used: PlanFeature[] = [];
  if (flag.parse(form.getAll("hasRubric")) || count(FILE_FIELDS.rubric) > 0) used.push("custom_rubric");
  if (count(FILE_FIELDS.assignment) + count(FILE_FIELDS.batch) > STARTER_FILES_PER_UPLOAD) used.push("bulk_upload");
  return used;
}

/** Throws PlanFeatureError for the first feature the form uses that the teacher's plan does not include. */
export function requireAssignmentPlan(teacher: { plan: PlanId }, form: FormData): void {
  for (const feature of assignmentFormFeatures(form)) requirePlanFeature(teacher, feature);
}

/** For pages that explain a feature instead of refusing outright. */
export function hasPlanFeature(teacher: { plan: PlanId }, feature: PlanFeature): boolean {
  return planAllows(teacher.plan, feature);
}
