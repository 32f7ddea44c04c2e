import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { accountExportResponse } from "~/server/account-export.server";
import { getDb } from "../../core/db/client";

/** GET /api/account/export: everything of the signed-in teacher's as one streamed ZIP (Settings links here). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  return accountExportResponse(context.cloudflare.env, getDb(context.cloudflare.env.DB), teacher);
}
