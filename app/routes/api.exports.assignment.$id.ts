import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { logAssignmentExport } from "~/server/access-log.server";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { assignmentExport, csvResponse, EXPORT_FORMATS, type ExportFormat } from "~/server/exports.server";
import { apiError } from "~/server/http.server";

/** One assignment's grades as CSV: ?format=csv (generic gradebook, default) or ?format=canvas. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const format = (new URL(request.url).searchParams.get("format") ?? "csv") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) return apiError(400, "Unknown export format. Use csv or canvas.");
  const result = await assignmentExport(getDb(context.cloudflare.env.DB), teacher.id, params.id ?? "", format);
  if (!result) return apiError(404, "Assignment not found.");
  await logAssignmentExport(getDb(context.cloudflare.env.DB), teacher, params.id ?? "");
  return csvResponse(result.csv, result.fileName);
}
