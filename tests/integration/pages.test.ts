import { describe, expect, it } from "vitest";
import { api, ORIGIN, postForm, registerTeacher, sessionCookieFrom, uniqueEmail } from "./helpers";
import { env, SELF } from "cloudflare:test";
import { loader as startGoogleRoute } from "../../app/routes/auth.google";

const registration = (email: string) => ({
  firstName: "Maria",
  lastName: "Lopez",
  username: "mlopez",
  email,
  schoolName: "Lincoln Elementary",
  state: "TX",
  gradeLevel: "3rd Grade",
  password: "chalkboard-42",
  confirmPassword: "chalkboard-42",
  agreeToTerms: "on",
});

describe("sign-in pages without JavaScript", () => {
  it("registers through the form, sets a session cookie and lands on the dashboard with the teacher's name", async () => {
    const email = uniqueEmail();
    const response = await postForm("/register", registration(email));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Secure/); // not plain-http localhost
    const dashboard = await SELF.fetch(`${ORIGIN}/dashboard`, { headers: { Cookie: sessionCookieFrom(response) } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Welcome back, Maria");
  });

  it.each([
    [{ confirmPassword: "different-password" }, "Passwords do not match"],
    [{ password: "short", confirmPassword: "short" }, "Password must be at least 8 characters long"],
    [{ agreeToTerms: "" }, "Please agree to the Terms of Service and Privacy Policy"],
  ])("shows the spec's message in order: %o", async (change, message) => {
    const fields = { ...registration(uniqueEmail()), ...change };
    if (!fields.agreeToTerms) delete (fields as Partial<typeof fields>).agreeToTerms;
    const response = await postForm("/register", fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("stores the extra registration fields", async () => {
    const email = uniqueEmail();
    const response = await postForm("/register", registration(email));
    const login = await api("/api/auth/login", { json: { email, password: "chalkboard-42" } });
    expect(((await login.json()) as any).user).toMatchObject({
      username: "mlopez",
      school_name: "Lincoln Elementary",
      state: "TX",
      grade_level: "3rd Grade",
    });
    expect(response.status).toBe(302);
  });

  it("signs in, shows 'Invalid email or password' for a wrong password, and logs out to /login", async () => {
    const { email, password } = await registerTeacher();
    const wrong = await postForm("/login", { email, password: "wrong password!" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid email or password");

    const ok = await postForm("/login", { email, password });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionCookieFrom(ok);

    const logout = await postForm("/logout", {}, { cookie });
    expect(logout.headers.get("Location")).toBe("/login");
    const after = await SELF.fetch(`${ORIGIN}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login");
  });

  it("never sends a signed-in teacher off-site from ?redirectTo= (/.//evil.example resolves to //evil.example)", async () => {
    const { email, password } = await registerTeacher();
    for (const redirectTo of ["/.//evil.example", "/./\\evil.example", "/%2F%2Fevil.example", "/x/..//evil.example"]) {
      const response = await postForm("/login", { email, password, redirectTo });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("Location"), redirectTo).toBe("/dashboard");
    }
    const inside = await postForm("/login", { email, password, redirectTo: "/students?q=a" });
    expect(inside.headers.get("Location")).toBe("/students?q=a");
  });

  it("refuses a cross-origin form post carrying the session cookie", async () => {
    const { email, password } = await registerTeacher();
    const cookie = sessionCookieFrom(await postForm("/login", { email, password }));
    const forged = await postForm("/logout", {}, { cookie, origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    const still = await SELF.fetch(`${ORIGIN}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(still.status).toBe(200);
  });

  it("sends signed-out visitors to /login and unknown paths to /", async () => {
    const dashboard = await SELF.fetch(`${ORIGIN}/dashboard`, { redirect: "manual" });
    expect(dashboard.headers.get("Location")).toBe("/login");
    const unknown = await SELF.fetch(`${ORIGIN}/no-such-page`, { redirect: "manual" });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/");
    expect((await api("/api/no-such-endpoint")).status).toBe(404);
  });

  it("explains that Google sign-in is not set up instead of a dead click", async () => {
    // This test worker has a (fake) Google set up; a server without GOOGLE_CLIENT_ID sends the teacher back.
    const withoutGoogle = { ...env, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined };
    const start = await startGoogleRoute({
      request: new Request(`${ORIGIN}/auth/google?intent=login`),
      context: { cloudflare: { env: withoutGoogle, ctx: {} }, responseCookies: [] },
      params: {},
    } as never).then(
      () => null as never as Response,
      (response: Response) => response,
    );
    expect(start.headers.get("Location")).toBe("/login?google=unavailable");
    const page = await SELF.fetch(`${ORIGIN}/login?google=unavailable`);
    expect(await page.text()).toContain("Google sign-in is not set up on this server.");
  });
});
