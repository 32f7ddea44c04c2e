import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "./test-worker";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "~/server/password.server";
import { api, registerTeacher, uniqueEmail } from "./helpers";

describe("JSON auth API (spec section 7)", () => {
  it("registers a teacher and answers user, access_token and refresh_token", async () => {
    const email = uniqueEmail();
    const response = await api("/api/auth/register", {
      json: { name: "Ada Lovelace", email, password: "analytical-engine", school_name: "Babbage High", state: "CA" },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, any>;
    expect(body.user).toMatchObject({ email, name: "Ada Lovelace", school_name: "Babbage High", state: "CA" });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.user).not.toHaveProperty("password_hash");
  });

  it.each([
    ["malformed JSON", "{not json", 400, "The request body is not valid JSON."],
    ["missing fields", JSON.stringify({}), 400, "Name is required"],
    [
      "a short password",
      JSON.stringify({ name: "A", email: "a@b.example", password: "short" }),
      400,
      "Password must be at least 8 characters long",
    ],
    [
      "a bad e-mail",
      JSON.stringify({ name: "A", email: "not-an-email", password: "long enough" }),
      400,
      "Please enter a valid email address",
    ],
  ])("refuses %s with a clear 4xx", async (_, raw, status, message) => {
    const response = await api("/api/auth/register", { body: raw, headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: message });
  });

  it("refuses a duplicate e-mail, whatever its case", async () => {
    const { email } = await registerTeacher();
    const response = await api("/api/auth/register", { json: { name: "Copy", email: email.toUpperCase(), password: "another password" } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "An account with this email already exists." });
  });

  it("logs in, answers /me, and stops accepting the token after logout", async () => {
    const { email, password } = await registerTeacher({ name: "Grace Hopper" });
    const login = await api("/api/auth/login", { json: { email, password } });
    expect(login.status).toBe(200);
    const { access_token, refresh_token, user } = (await login.json()) as Record<string, any>;
    expect(user.name).toBe("Grace Hopper");

    const me = await api("/api/auth/me", { token: access_token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as any).user.email).toBe(email);

    expect((await api("/api/auth/logout", { method: "POST", token: access_token })).status).toBe(200);
    const after = await api("/api/auth/me", { token: access_token });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "Your session has expired. Please sign in again." });
    expect((await api("/api/auth/refresh", { method: "POST", token: refresh_token })).status).toBe(401);
  });

  it("answers 401 to a wrong password and to no or an unknown token", async () => {
    const { email } = await registerTeacher();
    const wrong = await api("/api/auth/login", { json: { email, password: "not the password" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid email or password" });
    expect((await api("/api/auth/me")).status).toBe(401);
    expect((await api("/api/auth/me", { token: "abc.def" })).status).toBe(401);
  });

  it("rotates the refresh token: the new pair works, the used refresh token does not", async () => {
    const { refresh_token } = await registerTeacher();
    const first = await api("/api/auth/refresh", { method: "POST", token: refresh_token });
    expect(first.status).toBe(200);
    const pair = (await first.json()) as Record<string, any>;
    expect(pair.refresh_token).not.toBe(refresh_token);
    expect(pair.expires_in).toBeLessThanOrEqual(15 * 60);
    expect((await api("/api/auth/me", { token: pair.access_token })).status).toBe(200);
    const second = await api("/api/auth/refresh", { method: "POST", token: pair.refresh_token });
    expect(second.status).toBe(200);
  });

  it("revokes the whole token family when a used refresh token comes back", async () => {
    const { refresh_token, access_token: firstAccess } = await registerTeacher();
    const pair = (await (await api("/api/auth/refresh", { method: "POST", token: refresh_token })).json()) as Record<string, string>;
    // Someone replays the old refresh token (it leaked): refused, and everything issued after it stops working.
    expect((await api("/api/auth/refresh", { method: "POST", token: refresh_token })).status).toBe(401);
    expect((await api("/api/auth/me", { token: pair.access_token })).status).toBe(401);
    expect((await api("/api/auth/refresh", { method: "POST", token: pair.refresh_token })).status).toBe(401);
    expect((await api("/api/auth/me", { token: firstAccess })).status).toBe(401);
  });

  it("throttles sign-in per account with a clear 429", async () => {
    const { email } = await registerTeacher();
    for (let i = 0; i < 4; i++) {
      expect((await api("/api/auth/login", { json: { email, password: `wrong-${i}-password` } })).status).toBe(401);
    }
    const blocked = await api("/api/auth/login", { json: { email, password: "correct horse battery" } });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as any).error).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/);
  });

  it("updates the profile and keeps the extra registration fields", async () => {
    const { access_token } = await registerTeacher();
    const response = await api("/api/auth/profile", {
      method: "PUT",
      token: access_token,
      json: { name: "Renamed Teacher", school_name: "North High", grade_level: "9th Grade" },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).user).toMatchObject({
      name: "Renamed Teacher",
      school_name: "North High",
      grade_level: "9th Grade",
    });
    const bad = await api("/api/auth/profile", { method: "PUT", token: access_token, json: { grade_level: "Grade 99" } });
    expect(bad.status).toBe(400);
  });

  it("changes the password and ends every other session", async () => {
    const { email, password, access_token: current } = await registerTeacher();
    const other = (await (await api("/api/auth/login", { json: { email, password } })).json()) as Record<string, string>;
    const wrong = await api("/api/auth/change-password", {
      token: current,
      json: { current_password: "nope nope", new_password: "brand new password" },
    });
    expect(wrong.status).toBe(400);
    const ok = await api("/api/auth/change-password", {
      token: current,
      json: { current_password: password, new_password: "brand new password" },
    });
    expect(ok.status).toBe(200);
    expect((await api("/api/auth/me", { token: current })).status).toBe(200);
    expect((await api("/api/auth/me", { token: other.access_token })).status).toBe(401);
    expect((await api("/api/auth/login", { json: { email, password } })).status).toBe(401);
    expect((await api("/api/auth/login", { json: { email, password: "brand new password" } })).status).toBe(200);
  });

  it("answers the health check", async () => {
    const response = await api("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "healthy" });
  });

  it("deletes expired sessions and tokens in the daily clean-up, and keeps live ones", async () => {
    const expired = await registerTeacher();
    const live = await registerTeacher();
    await env.DB.prepare("UPDATE sessions SET expires_at = 0 WHERE teacher_id = ?").bind(expired.user.id).run();
    const ctx = createExecutionContext();
    await (worker.scheduled as (c: ScheduledController, e: Env, x: ExecutionContext) => Promise<void>)(
      createScheduledController(),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const count = (teacherId: string) =>
      env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE teacher_id = ?").bind(teacherId).first<{ n: number }>();
    expect((await count(expired.user.id))!.n).toBe(0);
    expect((await count(live.user.id))!.n).toBe(1);
    expect((await api("/api/auth/me", { token: live.access_token })).status).toBe(200);
  });

  it("makes an old-parameter password hash again with today's parameters at the next sign-in", async () => {
    const t = await registerTeacher();
    const storedHash = async () =>
      (await env.DB.prepare("select password_hash as h from teachers where id = ?").bind(t.user.id).first<{ h: string }>())!.h;
    expect(await storedHash()).toMatch(/^scrypt\$14\$8\$5\$/);
    // A hash from before issue 34 (N=2^14, r=8, p=1).
    const old = await hashPassword(t.password, { ...SCRYPT_PARAMS, p: 1 });
    await env.DB.prepare("update teachers set password_hash = ? where id = ?").bind(old, t.user.id).run();

    // A wrong password changes nothing.
    expect((await api("/api/auth/login", { json: { email: t.email, password: "not the password" } })).status).toBe(401);
    expect(await storedHash()).toBe(old);

    expect((await api("/api/auth/login", { json: { email: t.email, password: t.password } })).status).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^scrypt\$14\$8\$5\$/);
    expect(await verifyPassword(t.password, upgraded)).toBe(true);
    // And the teacher still signs in with it.
    expect((await api("/api/auth/login", { json: { email: t.email, password: t.password } })).status).toBe(200);
    expect(await storedHash()).toBe(upgraded);
  });
});
