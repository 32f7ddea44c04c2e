import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { bearerToken } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";
import { rotateRefreshToken } from "~/server/session.server";
import { toUserJson } from "~/server/teachers.server";

export const loader = () => methodNotAllowed(["POST"]);

/** The refresh token comes as the bearer; it is used up and a new pair is returned (rotation). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const token = bearerToken(request);
  if (!token) return apiError(401, "Send the refresh token as a bearer token.");
  const rotated = await rotateRefreshToken(getDb(context.cloudflare.env.DB), token);
  if (!rotated) return apiError(401, "Your session has expired. Please sign in again.");
  return jsonResponse({
    access_token: rotated.accessToken,
    refresh_token: rotated.refreshToken,
    token_type: "Bearer",
    expires_in: rotated.expiresIn,
    user: toUserJson(rotated.teacher),
  });
}
