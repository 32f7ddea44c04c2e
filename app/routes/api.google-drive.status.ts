import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "../../core/db/client";
import { requireApiTeacher } from "~/server/auth.server";
import { driveConnected } from "~/server/google/drive-tokens.server";
import { jsonResponse } from "~/server/http.server";

/** GET /api/google-drive/status: {connected} for the signed-in teacher. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireApiTeacher(request, context);
  return jsonResponse({ connected: await driveConnected(getDb(context.cloudflare.env.DB), auth.teacher.id) });
}
