// Sessions and API tokens in one file (after the Copenhagen Book / Lucia):
// - Browser: cookie "<id>.<secret>" (written by cookies.server.ts: HttpOnly, SameSite=Lax, Secure but on localhost);
//   30-day sliding expiry; a new session at every sign-in.
// - API (spec section 7): short-lived access token and a rotated refresh token, both opaque, both hashed.
// Design and costs: docs/decisions/0001-sessions-tokens-and-passwords.md.
import { and, eq, lt, ne } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { apiTokens, knownDevices, rateLimits, sessions, teachers, type Teacher } from "../../core/db/schema";
import { appCookie, readText } from "./cookies.server";
import { newId, newToken, secretMatches, splitToken } from "./tokens.server";
import { identityOf } from "../../core/db/scoped";

const DAY = 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_TTL = 30 * DAY;
/** At most 15 minutes: a leaked access token is worth little; clients refresh (spec section 7). */
export const ACCESS_TOKEN_TTL = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL = 30 * DAY;
export const SESSION_COOKIE = "gw_session";

export type Auth = { teacher: Teacher; sessionId: string; via: "cookie" | "bearer" };

export async function createBrowserSession(db: Db, teacherId: string, userAgent: string | null) {
  const { id, token, secretHash } = newToken();
  const expiresAt = new Date(Date.now() + BROWSER_SESSION_TTL);
  await db.insert(sessions).values({ id, teacherId, kind: "browser", secretHash, expiresAt, userAgent: userAgent?.slice(0, 300) });
  return { token, sessionId: id, expiresAt };
}

/** Validates a session cookie; extends the session when it is past half its life (sliding expiry). */
export async function validateBrowserSession(db: Db, token: string) {
  const parts = splitToken(token);
  if (!parts) return null;
  const row = await db
    .select({ session: sessions, teacher: teachers })
    .from(sessions)
    .innerJoin(teachers, eq(teachers.id, sessions.teacherId))
    .where(and(eq(sessions.id, parts.id), eq(sessions.kind, "browser")))
    .get();
  if (!row?.session.secretHash || !secretMatches(parts.secret, row.session.secretHash)) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  let renewedUntil: Date | null = null;
  if (row.session.expiresAt.getTime() - now < BROWSER_SESSION_TTL / 2) {
    renewedUntil = new Date(now + BROWSER_SESSION_TTL);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, row.session.id));
  }
  return { teacher: row.teacher, sessionId: row.session.id, renewedUntil };
}

/** A new API session: an access token and a refresh token. */
export async function createApiSession(db: Db, teacherId: string, userAgent: string | null) {
  const sessionId = newId();
  await db.insert(sessions).values({
    id: sessionId,
    teacherId,
    kind: "api",
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL),
    userAgent: userAgent?.slice(0, 300),
  });
  return issueTokenPair(db, sessionId);
}

async function issueTokenPair(db: Db, sessionId: string) {
  const access = newToken();
  const refresh = newToken();
  const now = Date.now();
  await db.batch([
    db
      .insert(apiTokens)
      .values({ id: access.id, sessionId, kind: "access", secretHash: access.secretHash, expiresAt: new Date(now + ACCESS_TOKEN_TTL) }),
    db
      .insert(apiTokens)
      .values({ id: refresh.id, sessionId, kind: "refresh", secretHash: refresh.secretHash, expiresAt: new Date(now + REFRESH_TOKEN_TTL) }),
    db
      .update(sessions)
      .set({ expiresAt: new Date(now + REFRESH_TOKEN_TTL) })
      .where(eq(sessions.id, sessionId)),
  ]);
  return { sessionId, accessToken: access.token, refreshToken: refresh.token, expiresIn: ACCESS_TOKEN_TTL / 1000 };
}

async function findToken(db: Db, token: string, kind: "access" | "refresh" | "used_refresh") {
  const parts = splitToken(token);
  if (!parts) return null;
  const row = await db
    .select({ token: apiTokens, session: sessions, teacher: teachers })
    .from(apiTokens)
    .innerJoin(sessions, eq(sessions.id, apiTokens.sessionId))
    .innerJoin(teachers, eq(teachers.id, sessions.teacherId))
    .where(and(eq(apiTokens.id, parts.id), eq(apiTokens.kind, kind)))
    .get();
  if (!row || !secretMatches(parts.secret, row.token.secretHash)) return null;
  if (row.token.expiresAt.getTime() <= Date.now()) {
    await db.delete(apiTokens).where(eq(apiTokens.id, row.token.id));
    return null;
  }
  return row;
}

export async function validateAccessToken(db: Db, token: string) {
  const row = await findToken(db, token, "access");
  return row ? { teacher: row.teacher, sessionId: row.session.id } : null;
}

/**
 * Exchanges a refresh token for a new pair; the used one stops working (rotation) but is remembered until it
 * expires. Presenting a used refresh token again means it leaked (the thief or the owner holds a copy): the
 * whole family (the API session and every token it issued) is revoked.
 */
export async function rotateRefreshToken(db: Db, token: string) {
  const row = await findToken(db, token, "refresh");
  if (!row) {
    const reused = await findToken(db, token, "used_refresh");
    if (reused) await invalidateSession(db, reused.session.id);
    return null;
  }
  const used = await db
    .update(apiTokens)
    .set({ kind: "used_refresh" })
    .where(and(eq(apiTokens.id, row.token.id), eq(apiTokens.kind, "refresh")))
    .returning({ id: apiTokens.id });
  if (used.length === 0) return null; // a concurrent refresh already used it
  await db.delete(apiTokens).where(and(eq(apiTokens.sessionId, row.session.id), lt(apiTokens.expiresAt, new Date())));
  const pair = await issueTokenPair(db, row.session.id);
  return { ...pair, teacher: row.teacher };
}

export async function invalidateSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** After a password change: every session but the current one ends. */
export async function invalidateOtherSessions(db: Db, teacherId: string, keepSessionId: string) {
  await db.delete(sessions).where(and(identityOf(sessions, teacherId), ne(sessions.id, keepSessionId)));
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await db.delete(apiTokens).where(lt(apiTokens.expiresAt, new Date()));
  await db.delete(knownDevices).where(lt(knownDevices.expiresAt, new Date()));
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}

const session = appCookie(SESSION_COOKIE);

export function sessionCookie(request: Request, token: string, expiresAt: Date): Promise<string> {
  return session.write(request, token, { expires: expiresAt });
}

export function clearSessionCookie(request: Request): Promise<string> {
  return session.clear(request);
}

export function readSessionCookie(request: Request): Promise<string | null> {
  return readText(session, request);
}

/** Whether the request carries a session cookie at all, valid or not (the cross-origin check). */
export function hasSessionCookie(request: Request): Promise<boolean> {
  return session.present(request);
}
