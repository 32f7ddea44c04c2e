import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "../../core/db/client";
import { requireApiTeacher } from "~/server/auth.server";
import { googleConfig } from "~/server/google/config.server";
import { disconnectDrive } from "~/server/google/drive-tokens.server";
import { jsonResponse, methodNotAllowed } from "~/server/http.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/google-drive/disconnect: revokes the grant at Google and forgets it. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const auth = await requireApiTeacher(request, context);
  await disconnectDrive(getDb(context.cloudflare.env.DB), googleConfig(context.cloudflare.env), request, auth.teacher.id);
  return jsonResponse({ connected: false });
}
