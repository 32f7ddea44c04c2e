import { hasSessionCookie } from "./session.server";

/**
 * Every state change a browser says came from another site is refused, whatever it carries (a cookie, an
 * Authorization header): browsers send Origin on POST and Sec-Fetch-Site on every request. API clients
 * (bearer token, no browser headers) are not cookie-bound; a cookie without either header is refused too.
 */
export async function isCrossOrigin(request: Request): Promise<boolean> {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const origin = request.headers.get("Origin");
  const own = new URL(request.url).origin;
  if (origin) return origin !== own;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  if (request.headers.has("Authorization")) return false;
  return hasSessionCookie(request);
}
