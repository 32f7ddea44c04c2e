import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isPeriod, TREND_PERIODS } from "~/lib/analytics";
import { requireApiTeacher } from "~/server/auth.server";
import { dashboardOverview } from "~/server/dashboard.server";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";
import { listNotifications, recordNotifications } from "~/server/notifications.server";
import { getDb } from "../../core/db/client";

/** GET /api/dashboard/overview[?trend=7d|30d|90d]: the dashboard's figures, the same object the page shows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const trend = new URL(request.url).searchParams.get("trend") ?? "30d";
  if (!isPeriod(trend) || !(TREND_PERIODS as readonly string[]).includes(trend)) {
    return apiError(400, `trend must be one of ${TREND_PERIODS.join(", ")}.`);
  }
  const db = getDb(context.cloudflare.env.DB);
  await recordNotifications(db, teacher.id);
  const [overview, notifications] = await Promise.all([
    dashboardOverview(db, teacher.id, { trendPeriod: trend }),
    listNotifications(db, teacher.id, 10),
  ]);
  return jsonResponse({ ...overview, notifications: { unread: notifications.unread } });
}

export const action = (_: ActionFunctionArgs) => methodNotAllowed(["GET"]);
