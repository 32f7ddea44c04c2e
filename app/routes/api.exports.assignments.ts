import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { assignmentListExport, csvResponse } from "~/server/exports.server";

/** The assignments list as CSV, with the list page's search and filters (q, status, class, type). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const params = new URL(request.url).searchParams;
  const result = await assignmentListExport(getDb(context.cloudflare.env.DB), teacher.id, {
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    classId: params.get("class") ?? undefined,
    type: params.get("type") ?? undefined,
  });
  return csvResponse(result.csv, result.fileName);
}
