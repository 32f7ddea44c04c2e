// The JSON API's Google and Drive calls (spec section 7): one place that maps Google's failures onto the spec's
// answers (requires_auth when Drive must be (re)connected, the spec's messages otherwise).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { getDb } from "../../../core/db/client";
import { requireApiTeacher } from "../auth.server";
import { apiError, jsonResponse, readJsonBody } from "../http.server";
import { createApiSession } from "../session.server";
import { toUserJson } from "../teachers.server";
import { googleConfig, type GoogleConfig } from "./config.server";
import { DRIVE_NOT_SET_UP, driveAccessToken, DriveAuthError } from "./drive-tokens.server";
import { DriveError } from "./drive.server";
import { signInWithCredential } from "./flows.server";

const CredentialBody = z.strictObject({ credential: z.string().trim().min(1, "credential is required").max(8192) });

export async function googleCredentialAction(request: Request, context: AppLoadContext, failure: string): Promise<Response> {
  if (request.method !== "POST") return apiError(405, "Method not allowed. Use POST.");
  const body = await readJsonBody(request, CredentialBody);
  const result = await signInWithCredential(context, body.credential);
  if ("error" in result) return apiError(result.status, failure, { detail: result.error });
  const tokens = await createApiSession(getDb(context.cloudflare.env.DB), result.teacher.id, request.headers.get("User-Agent"));
  return jsonResponse(
    {
      user: toUserJson(result.teacher),
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: "Bearer",
      expires_in: tokens.expiresIn,
      created: result.created,
    },
    result.created ? 201 : 200,
  );
}

export type DriveCall = { config: GoogleConfig; teacherId: string; accessToken: string };

/**
 * Runs a Drive call for the signed-in teacher. Not connected, or a grant Google no longer honours, answers
 * `requires_auth` with the spec's message; Drive's own errors answer with `failure`.
 */
export async function withDrive(request: Request, context: AppLoadContext, failure: string, run: (drive: DriveCall) => Promise<Response>) {
  const auth = await requireApiTeacher(request, context);
  const config = googleConfig(context.cloudflare.env);
  if (!config || config.tokenKeys.length === 0) return apiError(404, DRIVE_NOT_SET_UP, { status: "error", requires_auth: false });
  const db = getDb(context.cloudflare.env.DB);
  try {
    const accessToken = await driveAccessToken(db, config, request, auth.teacher.id);
    return await run({ config, teacherId: auth.teacher.id, accessToken });
  } catch (error) {
    if (error instanceof DriveAuthError) {
      return jsonResponse(
        {
          status: "error",
          requires_auth: true,
          message: "Authentication required. Please connect Google Drive.",
          error: error.message,
          files: [],
        },
        401,
      );
    }
    if (error instanceof DriveError) {
      return apiError(error.status, `${failure}: ${error.message}`, {
        status: "error",
        message: `${failure}: ${error.message}`,
        requires_auth: false,
      });
    }
    throw error;
  }
}
