// Who is asking: a bearer access token (API clients) or the session cookie (the browser).
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../core/db/client";
import { apiError } from "./http.server";
import { readSessionCookie, sessionCookie, validateAccessToken, validateBrowserSession, type Auth } from "./session.server";

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

async function resolveAuth(request: Request, context: AppLoadContext): Promise<Auth | null> {
  const db = getDb(context.cloudflare.env.DB);
  const bearer = bearerToken(request);
  if (bearer) {
    const found = await validateAccessToken(db, bearer);
    return found ? { ...found, via: "bearer" } : null;
  }
  const cookie = await readSessionCookie(request);
  if (!cookie) return null;
  const found = await validateBrowserSession(db, cookie);
  if (!found) return null;
  if (found.renewedUntil) context.responseCookies.push(await sessionCookie(request, cookie, found.renewedUntil));
  return { teacher: found.teacher, sessionId: found.sessionId, via: "cookie" };
}

export function getAuth(request: Request, context: AppLoadContext): Promise<Auth | null> {
  context.auth ??= resolveAuth(request, context);
  return context.auth;
}

/**
 * A same-origin path or the fallback: no scheme, no host, no scheme-relative `//` or `/\\`, no backslash or
 * control character anywhere (browsers drop tabs and newlines, turning `/\t/evil.example` into `//evil.example`),
 * and what the browser would resolve it to must still be on our origin. The path we hand back is the resolved
 * one, so it must not start with `//` either (`/.//evil.example` resolves to `//evil.example`), nor with a
 * slash or backslash written as `%2F`/`%5C` that a proxy or a later decode could turn into one.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (!to || typeof to !== "string" || to.length > 1000) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!to.startsWith("/") || to.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  const base = "https://gradewell.invalid";
  const resolved = new URL(to, base);
  if (resolved.origin !== base) return fallback;
  if (/^\/(\/|%2f|%5c)/i.test(resolved.pathname)) return fallback;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** For pages: a signed-out visitor goes to /login and comes back after signing in. */
export async function requireTeacher(request: Request, context: AppLoadContext): Promise<Auth> {
  const auth = await getAuth(request, context);
  if (auth) return auth;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(back === "/dashboard" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`);
}

/** For the JSON API: 401 so that clients refresh their token once and retry (spec section 4). */
export async function requireApiTeacher(request: Request, context: AppLoadContext): Promise<Auth> {
  const auth = await getAuth(request, context);
  if (auth) return auth;
  throw apiError(401, bearerToken(request) ? "Your session has expired. Please sign in again." : "Authentication required.");
}

export async function requireAnonymous(request: Request, context: AppLoadContext) {
  if (await getAuth(request, context)) throw redirect("/dashboard");
}
