// Every cookie Gradewell sets, built on Remix's createCookie: HttpOnly, SameSite=Lax, and one rule for Secure:
// always, except over plain http on localhost (wrangler dev and the tests), where a browser would drop a Secure
// cookie. Remix encodes the value (and signs it when given secrets), so no route parses a Cookie header by hand.
import { createCookie } from "@remix-run/cloudflare";

export function isLocalHttp(url: URL): boolean {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export type AppCookieOptions = {
  /** Defaults to "/". */
  path?: string;
  /** Seconds; without it (and without `expires` when written) the cookie ends with the browser session. */
  maxAge?: number;
  /** HMAC keys: the value is signed and a value with a wrong signature reads as absent. */
  secrets?: string[];
};

export type AppCookie = {
  name: string;
  /** The decoded value, or null when the request has no such cookie or its value cannot be decoded. */
  read(request: Request): Promise<unknown>;
  /** True when the request carries the cookie at all, whatever its value (the cross-origin check needs this). */
  present(request: Request): Promise<boolean>;
  write(request: Request, value: unknown, options?: { expires?: Date; maxAge?: number }): Promise<string>;
  clear(request: Request): Promise<string>;
};

export function appCookie(name: string, options: AppCookieOptions = {}): AppCookie {
  const make = (request: Request) =>
    createCookie(name, {
      path: options.path ?? "/",
      httpOnly: true,
      sameSite: "lax",
      secure: !isLocalHttp(new URL(request.url)),
      maxAge: options.maxAge,
      secrets: options.secrets,
    });
  return {
    name,
    async read(request) {
      let value: unknown;
      try {
        value = await make(request).parse(request.headers.get("Cookie"));
      } catch {
        // Remix's unsign throws on a signature that is not base64 (a forged or damaged cookie): absent.
        return null;
      }
      // Remix reads an undecodable value as {} and a missing or badly signed one as null.
      return value === "" || value == null || (typeof value === "object" && Object.keys(value).length === 0) ? null : value;
    },
    async present(request) {
      // Parsed without secrets: a cookie with any value counts, even one that cannot be decoded.
      try {
        return (await createCookie(name).parse(request.headers.get("Cookie"))) !== null;
      } catch {
        return true;
      }
    },
    write: (request, value, extra) => make(request).serialize(value, extra),
    clear: (request) => make(request).serialize("", { maxAge: 0, expires: undefined }),
  };
}

/** The value as a string of at most `max` characters, or null. */
export async function readText(cookie: AppCookie, request: Request, max = 500): Promise<string | null> {
  const value = await cookie.read(request);
  return typeof value === "string" && value.length > 0 && value.length <= max ? value : null;
}
