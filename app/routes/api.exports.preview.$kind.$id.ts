import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { exportOptions, exportPreview } from "~/server/exports.server";
import { apiError, jsonResponse } from "~/server/http.server";

/**
 * GET /api/exports/preview/{class|assignment}/{id}: what each gradebook format will carry, before downloading:
 * students left out and why, students Canvas can match by name only, columns Canvas would misread or drop, and
 * students OneRoster cannot key (no SIS id). The export dialog shows it.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const kind = params.kind === "class" || params.kind === "assignment" ? params.kind : null;
  if (!kind) return apiError(404, "Not found.");
  const options = exportOptions(new URL(request.url).searchParams);
  const preview = await exportPreview(getDb(context.cloudflare.env.DB), teacher.id, { kind, id: params.id ?? "" }, options);
  if (!preview) return apiError(404, kind === "class" ? "Class not found." : "Assignment not found.");
  return jsonResponse(preview);
}
