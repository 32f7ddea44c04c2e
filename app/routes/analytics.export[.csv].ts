import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isPeriod } from "~/lib/analytics";
import { PERIOD_LABELS, reportTables } from "~/lib/analytics-tables";
import { analyticsReport } from "~/server/analytics.server";
import { requireTeacher } from "~/server/auth.server";
import { csvResponse, toCsv, type Cell } from "~/server/exports.server";
import { getDb } from "../../core/db/client";
import { hasPlanFeature } from "~/server/plans.server";
import { featureRefusal } from "~/lib/plans";

/** /analytics/export.csv?period=30d: every figure of the Analytics screen, one section after another. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  if (!hasPlanFeature(teacher, "advanced_analytics")) {
    return new Response(featureRefusal("advanced_analytics", teacher.plan), {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const param = new URL(request.url).searchParams.get("period");
  const period = isPeriod(param) ? param : "30d";
  const report = await analyticsReport(getDb(context.cloudflare.env.DB), teacher.id, period);
  const rows: Cell[][] = [["Gradewell analytics", PERIOD_LABELS[period], report.generatedAt]];
  for (const table of reportTables(report)) rows.push([], [table.title], table.columns, ...table.rows);
  return csvResponse(toCsv(rows), `Gradewell analytics ${period}.csv`);
}
