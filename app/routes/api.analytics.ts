import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isPeriod, PERIODS } from "~/lib/analytics";
import { analyticsReport } from "~/server/analytics.server";
import { requireApiTeacher } from "~/server/auth.server";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";
import { requireApiPlanFeature } from "~/server/plans.server";
import { getDb } from "../../core/db/client";

/** GET /api/analytics?period=7d|30d|90d|1y: every figure of the Analytics screen. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  requireApiPlanFeature(teacher, "advanced_analytics");
  const period = new URL(request.url).searchParams.get("period") ?? "30d";
  if (!isPeriod(period)) return apiError(400, `period must be one of ${Object.keys(PERIODS).join(", ")}.`);
  return jsonResponse(await analyticsReport(getDb(context.cloudflare.env.DB), teacher.id, period));
}

export const action = (_: ActionFunctionArgs) => methodNotAllowed(["GET"]);
