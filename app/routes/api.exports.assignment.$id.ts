import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { logAssignmentExport } from "~/server/access-log.server";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { exportFile, exportOptions, parseExportFormat, UNKNOWN_FORMAT } from "~/server/exports.server";
import { apiError } from "~/server/http.server";

/**
 * One assignment's grades: ?format=csv (generic sheet, default), canvas (Canvas gradebook import; &points=confirmed
 * writes Points Possible) or oneroster (ZIP; needs &classSourcedId=..&schoolSourcedId=..).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const search = new URL(request.url).searchParams;
  const format = parseExportFormat(search.get("format"));
  if (!format) return apiError(400, UNKNOWN_FORMAT);
  const target = { kind: "assignment", id: params.id ?? "" } as const;
  const result = await exportFile(getDb(context.cloudflare.env.DB), teacher.id, target, format, exportOptions(search));
  if (!result) return apiError(404, "Assignment not found.");
  if ("error" in result) return apiError(result.status, result.error);
  await logAssignmentExport(getDb(context.cloudflare.env.DB), teacher, params.id ?? "");
  return result.response;
}
