import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RegisterBody } from "~/schemas/auth";
import { getDb } from "../../core/db/client";
import { apiError, clientAddress, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { consume, isLocalAddress, RateLimitError, rateLimitResponse } from "~/server/rate-limit.server";
import { createApiSession } from "~/server/session.server";
import { notifyOwner } from "~/server/password-reset.server";
import { createTeacher, DUPLICATE_EMAIL_MESSAGE, toUserJson } from "~/server/teachers.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, RegisterBody);
  const db = getDb(context.cloudflare.env.DB);
  // Per address, so that the duplicate-e-mail answer cannot be used to test addresses in bulk.
  const address = clientAddress(request);
  try {
    if (!isLocalAddress(address)) await consume(db, "registration", address);
  } catch (error) {
    if (error instanceof RateLimitError) return rateLimitResponse(error);
    throw error;
  }
  const created = await createTeacher(db, {
    name: body.name,
    email: body.email,
    password: body.password,
    username: body.username,
    schoolName: body.school_name,
    state: body.state,
    gradeLevel: body.grade_level,
  });
  if ("error" in created) {
    if (created.error === DUPLICATE_EMAIL_MESSAGE) notifyOwner(context, request, body.email);
    return apiError(409, created.error);
  }
  const tokens = await createApiSession(db, created.teacher.id, request.headers.get("User-Agent"));
  return jsonResponse(
    {
      user: toUserJson(created.teacher),
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: "Bearer",
      expires_in: tokens.expiresIn,
    },
    201,
  );
}
