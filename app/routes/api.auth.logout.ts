import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getAuth } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { jsonResponse, methodNotAllowed } from "~/server/http.server";
import { clearSessionCookie, invalidateSession } from "~/server/session.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Revokes the session behind the bearer token (its access and refresh tokens) or the cookie. Always succeeds. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const auth = await getAuth(request, context);
  if (auth) await invalidateSession(getDb(context.cloudflare.env.DB), auth.sessionId);
  const headers = auth?.via === "cookie" ? { "Set-Cookie": await clearSessionCookie(request) } : undefined;
  return jsonResponse({ message: "Logged out" }, { headers });
}
