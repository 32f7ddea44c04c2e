// One cookie helper (app/server/cookies.server.ts, on Remix's createCookie) for every cookie Gradewell sets: the
// same Secure rule everywhere, values read back by the same helper, and no Cookie header parsed by hand. Issue 34.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clearPendingLinkCookie, pendingLinkCookie, readPendingLink } from "~/server/google/accounts.server";
import type { GoogleConfig } from "~/server/google/config.server";
import { clearFlowCookie, readFlow, startFlow } from "~/server/google/oauth.server";
import { clearSessionCookie, hasSessionCookie, readSessionCookie, sessionCookie } from "~/server/session.server";
import { deviceCookie, readDeviceCookie } from "~/server/throttle.server";

const config = {
  clientId: "client",
  clientSecret: "secret",
  endpoints: { authorization: "https://accounts.example/auth", token: "https://accounts.example/token" },
} as unknown as GoogleConfig;
const identity = { sub: "google-1", email: "ana@school.example" } as Parameters<typeof pendingLinkCookie>[2];

/** Every Set-Cookie value Gradewell writes, for a request to `url`. */
async function allCookies(url: string) {
  const request = new Request(url);
  return {
    session: await sessionCookie(request, "id.secret", new Date(Date.now() + 60_000)),
    "session cleared": await clearSessionCookie(request),
    device: await deviceCookie(request, "abc123"),
    "google flow": (await startFlow(config, request, { purpose: "login", redirectTo: "/dashboard", popup: false })).cookie,
    "google flow cleared": await clearFlowCookie(request),
    "google link": await pendingLinkCookie(request, "secret", identity),
    "google link cleared": await clearPendingLinkCookie(request),
  };
}

/** The request a browser sends back with the cookie. */
const withCookie = (url: string, setCookie: string) => new Request(url, { headers: { Cookie: setCookie.split(";")[0]! } });

describe("cookies", () => {
  it("every cookie follows one rule: HttpOnly, SameSite=Lax, Secure except over plain http on localhost", async () => {
    for (const url of ["https://app.example/login", "http://app.example/login", "http://localhost:8787/login"]) {
      const secure = !url.startsWith("http://localhost");
      for (const [name, cookie] of Object.entries(await allCookies(url))) {
        expect(cookie, `${name} at ${url}`).toMatch(/; HttpOnly/);
        expect(cookie, `${name} at ${url}`).toMatch(/; SameSite=Lax/);
        expect(/; Secure/.test(cookie), `${name} at ${url}: Secure`).toBe(secure);
      }
    }
  });

  it("reads back what it writes, and refuses what it did not", async () => {
    const url = "https://app.example/auth/google/callback";
    const written = await allCookies(url);
    expect(await readSessionCookie(withCookie(url, written.session))).toBe("id.secret");
    expect(await readDeviceCookie(withCookie(url, written.device))).toBe("abc123");
    expect(await readFlow(withCookie(url, written["google flow"]))).toMatchObject({ purpose: "login", redirectTo: "/dashboard" });
    expect(await readPendingLink(withCookie(url, written["google link"]), "secret")).toEqual(identity);
    // Signed with another secret, tampered with, or nonsense: absent.
    expect(await readPendingLink(withCookie(url, written["google link"]), "other secret")).toBeNull();
    const tampered = written["google link"].replace(/gw_google_link=([^.;]+)/, (_, v: string) => `gw_google_link=${v.slice(0, -2)}AA`);
    expect(await readPendingLink(withCookie(url, tampered), "secret")).toBeNull();
    // A signature that is not even base64 (Remix's unsign throws on it) is absent too, not a 500.
    expect(await readPendingLink(new Request(url, { headers: { Cookie: "gw_google_link=e30%3D.%%%" } }), "secret")).toBeNull();
    expect(await readPendingLink(new Request(url, { headers: { Cookie: "gw_google_link=e30.@@" } }), "secret")).toBeNull();
    expect(await readSessionCookie(new Request(url, { headers: { Cookie: "gw_session=nope" } }))).toBeNull();
    expect(await readFlow(new Request(url, { headers: { Cookie: "gw_google_flow=%%%" } }))).toBeNull();
    // The cross-origin check only asks whether a session cookie is there at all.
    expect(await hasSessionCookie(new Request(url, { headers: { Cookie: "a=1; gw_session=nope" } }))).toBe(true);
    expect(await hasSessionCookie(new Request(url, { headers: { Cookie: "a=1" } }))).toBe(false);
  });

  it("no module parses a Cookie header or writes a Set-Cookie string by hand", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const files = (dir: string): string[] =>
      readdirSync(path.join(root, dir)).flatMap((name) => {
        const rel = path.join(dir, name);
        return statSync(path.join(root, rel)).isDirectory() ? files(rel) : /\.tsx?$/.test(name) ? [rel] : [];
      });
    const offenders = ["app", "workers", "core"]
      .flatMap(files)
      .filter((f) => !f.includes(".wrangler") && !f.endsWith("cookies.server.ts"))
      .filter((f) => /headers\.get\(["']cookie["']\)|; Secure|HttpOnly;/i.test(readFileSync(path.join(root, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
