// A teacher's Google Drive grant: sealed at rest (token-vault), refreshed when expired, revoked on disconnect and
// on account deletion.
import { OAuth2RequestError, type OAuth2Tokens } from "arctic";
import type { Db } from "../../../core/db/client";
import { googleTokens } from "../../../core/db/schema";
import type { GoogleConfig } from "./config.server";
import { googleOAuthClient } from "./oauth.server";
import { open, seal } from "./token-vault.server";
import { ownedBy } from "../../../core/db/scoped";

export const NO_GOOGLE_TOKEN = "No Google access token available";
export const RECONNECT_DRIVE = "Your Google Drive connection has expired. Please connect Google Drive again.";
export const DRIVE_NOT_SET_UP = "Google Drive is not set up on this server.";

/** The teacher must (re)connect Drive: the API answers requires_auth. */
export class DriveAuthError extends Error {}

const context = (teacherId: string) => `google-token:${teacherId}`;

function requireKey(config: GoogleConfig) {
  const key = config.tokenKeys[0];
  if (!key) throw new DriveAuthError(DRIVE_NOT_SET_UP);
  return key;
}

export async function saveDriveTokens(db: Db, config: GoogleConfig, teacherId: string, tokens: OAuth2Tokens): Promise<void> {
  const key = requireKey(config);
  const existing = await db.query.googleTokens.findFirst({ where: ownedBy(googleTokens, teacherId) });
  const refresh = tokens.hasRefreshToken()
    ? await seal(key, tokens.refreshToken(), context(teacherId))
    : (existing?.refreshTokenEnc ?? null);
  const values = {
    accessTokenEnc: await seal(key, tokens.accessToken(), context(teacherId)),
    refreshTokenEnc: refresh,
    tokenExpiry: tokens.accessTokenExpiresAt(),
    scope: tokens.hasScopes() ? tokens.scopes().join(" ") : (existing?.scope ?? null),
    updatedAt: new Date(),
  };
  await db
    .insert(googleTokens)
    .values({ teacherId, ...values })
    .onConflictDoUpdate({ target: googleTokens.teacherId, set: values });
}

export async function driveConnected(db: Db, teacherId: string): Promise<boolean> {
  const row = await db.query.googleTokens.findFirst({ where: ownedBy(googleTokens, teacherId), columns: { teacherId: true } });
  return Boolean(row);
}

/** The scopes the teacher's Google grant holds, or null when there is no grant. */
export async function grantedScopes(db: Db, teacherId: string): Promise<string[] | null> {
  const row = await db.query.googleTokens.findFirst({ where: ownedBy(googleTokens, teacherId), columns: { scope: true } });
  return row ? (row.scope ?? "").split(/\s+/).filter(Boolean) : null;
}

/** A live access token: the stored one, or a fresh one from the refresh token when it has (nearly) expired. */
export async function driveAccessToken(db: Db, config: GoogleConfig, request: Request, teacherId: string): Promise<string> {
  const row = await db.query.googleTokens.findFirst({ where: ownedBy(googleTokens, teacherId) });
  if (!row) throw new DriveAuthError(NO_GOOGLE_TOKEN);
  const fresh = !row.tokenExpiry || row.tokenExpiry.getTime() - 60_000 > Date.now();
  if (fresh) return open(config.tokenKeys, row.accessTokenEnc, context(teacherId));
  if (!row.refreshTokenEnc) throw new DriveAuthError(RECONNECT_DRIVE);
  const refreshToken = await open(config.tokenKeys, row.refreshTokenEnc, context(teacherId));
  let tokens: OAuth2Tokens;
  try {
    tokens = await googleOAuthClient(config, request).refreshAccessToken(config.endpoints.token, refreshToken, []);
  } catch (error) {
    if (error instanceof OAuth2RequestError) {
      // invalid_grant: revoked by the teacher in their Google account, or expired. The grant is of no further use.
      await db.delete(googleTokens).where(ownedBy(googleTokens, teacherId));
      throw new DriveAuthError(RECONNECT_DRIVE);
    }
    throw error;
  }
  await saveDriveTokens(db, config, teacherId, tokens);
  return tokens.accessToken();
}

/** Revokes the grant at Google (best effort: a grant Google already dropped is gone either way) and forgets it. */
export async function disconnectDrive(db: Db, config: GoogleConfig | null, request: Request, teacherId: string): Promise<void> {
  const row = await db.query.googleTokens.findFirst({ where: ownedBy(googleTokens, teacherId) });
  if (!row) return;
  if (config) {
    try {
      const token = await open(config.tokenKeys, row.refreshTokenEnc ?? row.accessTokenEnc, context(teacherId));
      await googleOAuthClient(config, request).revokeToken(config.endpoints.revocation, token);
    } catch (error) {
      console.warn("Revoking the Google grant failed; forgetting it anyway:", error instanceof Error ? error.message : error);
    }
  }
  await db.delete(googleTokens).where(ownedBy(googleTokens, teacherId));
}
