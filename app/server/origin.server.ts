import { readSessionCookie } from "./session.server";

/**
 * Non-GET requests that carry the session cookie, and every page form post, must come from our own origin
 * (the browser always sends Origin on POST); API clients with a bearer token are not cookie-bound.
 */
export function isCrossOrigin(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  if (request.headers.has("Authorization")) return false;
  const origin = request.headers.get("Origin");
  const own = new URL(request.url).origin;
  if (origin) return origin !== own;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  return readSessionCookie(request) !== null;
}
