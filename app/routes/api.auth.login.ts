import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LoginBody } from "~/schemas/auth";
import { getDb } from "../../core/db/client";
import { apiError, clientAddress, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { createApiSession } from "~/server/session.server";
import { authenticate, toUserJson } from "~/server/teachers.server";
import { deviceCookie, readDeviceCookie } from "~/server/throttle.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, LoginBody);
  const db = getDb(context.cloudflare.env.DB);
  const result = await authenticate(db, body.email, body.password, clientAddress(request), await readDeviceCookie(request));
  if ("error" in result) {
    return apiError(result.status, result.error, undefined);
  }
  const tokens = await createApiSession(db, result.teacher.id, request.headers.get("User-Agent"));
  return jsonResponse(
    {
      user: toUserJson(result.teacher),
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: "Bearer",
      expires_in: tokens.expiresIn,
    },
    { headers: { "Set-Cookie": await deviceCookie(request, result.device) } },
  );
}
