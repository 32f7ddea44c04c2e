// Limits on the expensive paths (clear 413/429 messages) and sign-in throttling that never locks the owner out
// (docs/decisions/0010, 0010-b).
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { file, PNG } from "./assignments-helpers";
import { api, ORIGIN, registerTeacher, uniqueEmail } from "./helpers";

function login(email: string, password: string, headers: Record<string, string> = {}) {
  return api("/api/auth/login", { json: { email, password }, headers });
}

function deviceFrom(response: Response): string {
  const match = (response.headers.get("Set-Cookie") ?? "").match(/gw_device=([^;]+)/);
  if (!match) throw new Error("no device cookie");
  return `gw_device=${match[1]}`;
}

describe("limits", () => {
  it("answers 429 after 20 QuickSnap uploads in a minute, with the wait", async () => {
    const { access_token } = await registerTeacher();
    for (let i = 0; i < 20; i++) {
      const form = new FormData(); // no photo: refused (400) but counted, as every attempt is
      expect((await api("/api/v2/grading/upload/quicksnap", { method: "POST", token: access_token, body: form })).status).toBe(400);
    }
    const form = new FormData();
    form.set("file", file(PNG, "snap.png"));
    const refused = await api("/api/v2/grading/upload/quicksnap", { method: "POST", token: access_token, body: form });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Too many QuickSnap uploads: at most 20 a minute\. Please try again in \d+ seconds?\.$/,
    );
  });

  it("answers 429 after 10 feedback rewrites in a minute", async () => {
    const { access_token } = await registerTeacher();
    for (let i = 0; i < 10; i++) {
      expect((await api("/api/submissions/nope/feedback", { method: "POST", token: access_token })).status).toBe(404);
    }
    const refused = await api("/api/submissions/nope/feedback", { method: "POST", token: access_token });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many feedback rewrites: at most 10 a minute/);
  });

  it("throttles registrations per address, and still says clearly when an e-mail is taken", async () => {
    const headers = { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250)}` };
    const taken = await registerTeacher();
    const duplicate = await api("/api/auth/register", {
      headers,
      json: { name: "Dup", email: taken.email, password: "correct horse battery" },
    });
    expect(duplicate.status).toBe(409);
    for (let i = 0; i < 4; i++) {
      const ok = await api("/api/auth/register", {
        headers,
        json: { name: "New", email: uniqueEmail(), password: "correct horse battery" },
      });
      expect(ok.status).toBe(201);
    }
    const refused = await api("/api/auth/register", {
      headers,
      json: { name: "New", email: uniqueEmail(), password: "correct horse battery" },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many new accounts from this address: at most 5 an hour/);
  });

  it("answers 413 to more files than one upload may carry", async () => {
    const { access_token } = await registerTeacher();
    const form = new FormData();
    form.set("title", "Too many");
    for (let i = 0; i < 151; i++) form.append("assignment_files", file(PNG, `s${i}.png`));
    const refused = await api("/api/assignments", { method: "POST", token: access_token, body: form });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: string }).error).toBe("Too many files in one upload: send at most 150 files at once.");
  });

  it("refuses new work while a teacher already has 200 submissions waiting", async () => {
    const { access_token, user } = await registerTeacher();
    const jobId = `busy-${user.id}`;
    await env.DB.prepare("INSERT INTO grading_jobs (id, teacher_id, kind, status, total) VALUES (?, ?, 'assignment', 'processing', 200)")
      .bind(jobId, user.id)
      .run();
    const rows = Array.from({ length: 200 }, (_, i) =>
      env.DB.prepare("INSERT INTO submissions (id, teacher_id, job_id, student_name) VALUES (?, ?, ?, 'x')").bind(
        `${jobId}-${i}`,
        user.id,
        jobId,
      ),
    );
    await env.DB.batch(rows);
    const form = new FormData();
    form.set("file", file(PNG, "snap.png"));
    const refused = await api("/api/v2/grading/upload/quicksnap", { method: "POST", token: access_token, body: form });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "You have 200 submissions waiting to be graded; at most 200 can wait at once. Please try again when some have finished.",
    );
  });

  it("refuses an address over 2,048 characters after the ? with 414, and a page post that is not a form with 415", async () => {
    expect((await SELF.fetch(`${ORIGIN}/students?q=${"a".repeat(10_000)}`)).status).toBe(414);
    const json = await SELF.fetch(`${ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toBe("Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  });
});

// Every attempt runs the password hash (scrypt), a few seconds each on a busy machine: a roomier timeout.
describe("sign-in throttling", { timeout: 300_000 }, () => {
  it("slows guessing with growing delays per account, and lets the owner in from a device they used before", async () => {
    const { email, password } = await registerTeacher();
    const device = deviceFrom(await login(email, password)); // the owner's usual browser
    for (let i = 0; i < 4; i++) expect((await login(email, `wrong-${i}-password`)).status).toBe(401);
    const blocked = await login(email, password);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/);
    // A longer attack: seven failures in a row make strangers wait 40 seconds…
    await env.DB.prepare("UPDATE login_attempts SET failures = 7, window_started_at = ? WHERE key = ?")
      .bind(Date.now(), `account:${email}`)
      .run();
    const longer = await login(email, password);
    expect(((await longer.json()) as { error: string }).error).toMatch(
      /^Too many sign-in attempts\. Please try again in (39|40) seconds\.$/,
    );
    // …but the right password from the owner's device still works while the account is being attacked.
    expect((await login(email, password, { Cookie: device })).status).toBe(200);
    // A wrong password from that device is throttled on the device alone.
    expect((await login(email, "not the password", { Cookie: device })).status).toBe(401);
  });

  it("does not lock every teacher behind one address out after many failures there", async () => {
    const school = { "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}` };
    const colleague = await registerTeacher();
    const device = deviceFrom(await login(colleague.email, colleague.password, school));
    // Twenty failures are free at one address (a school shares it); then each waits longer.
    for (let i = 0; i < 21; i++) expect((await login(uniqueEmail("guess"), "wrong password!", school)).status).toBe(401);
    expect((await login(uniqueEmail("guess"), "wrong password!", school)).status).toBe(429);
    expect((await login(colleague.email, colleague.password, { ...school, Cookie: device })).status).toBe(200);
  });
});
