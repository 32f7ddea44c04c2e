// Mail, password reset, password and e-mail change: through the real pages, with the local outbox as the mailbox.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, ORIGIN, postForm, registerTeacher, sessionCookieFrom, uniqueEmail, waitFor } from "./helpers";

type Mail = { id: string; to_address: string; subject: string; text: string; teacher_id: string | null };

async function mailsTo(address: string): Promise<Mail[]> {
  const { results } = await env.DB.prepare("select * from mail_outbox where to_address = ? order by created_at, rowid")
    .bind(address)
    .all<Mail>();
  return results;
}

async function waitForMail(address: string, subject: RegExp, count = 1): Promise<Mail> {
  const found = await waitFor(async () => {
    const mails = (await mailsTo(address)).filter((m) => subject.test(m.subject));
    return mails.length >= count ? mails[count - 1] : null;
  }, `mail "${subject}" to ${address}`);
  return found;
}

function linkIn(mail: Mail, path: string): string {
  const match = mail.text.match(new RegExp(`${ORIGIN}(/${path}/[^\\s]+)`));
  if (!match) throw new Error(`no /${path} link in: ${mail.text}`);
  return match[1]!;
}

async function signIn(email: string, password: string) {
  return postForm("/login", { email, password });
}

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("forgot password → outbox → reset", () => {
  it("answers the same for an unknown address and sends nothing", async () => {
    const known = await registerTeacher();
    const unknown = uniqueEmail("nobody");
    const a = await postForm("/forgot-password", { email: known.email });
    const b = await postForm("/forgot-password", { email: unknown });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    // Each response has a CSP nonce of its own; nothing else may differ.
    const textA = (await a.text()).replaceAll(known.email, "EMAIL").replace(/ nonce="[^"]*"/g, "");
    const textB = (await b.text()).replaceAll(unknown, "EMAIL").replace(/ nonce="[^"]*"/g, "");
    expect(textA).toContain("If an account exists for EMAIL, we have sent it a link to reset the password.");
    expect(textA).toBe(textB);
    await waitForMail(known.email, /Reset your Gradewell password/);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it("stores only the link's hash, works once, enforces the password rules and ends every session", async () => {
    const { email, password, access_token } = await registerTeacher();
    const browser = sessionCookieFrom(await signIn(email, password));
    await postForm("/forgot-password", { email });
    const mail = await waitForMail(email, /Reset your Gradewell password/);
    const path = linkIn(mail, "reset-password");
    const token = decodeURIComponent(path.split("/").pop()!);
    const [id, secret] = token.split(".");

    const row = await env.DB.prepare("select * from account_tokens where id = ?").bind(id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ purpose: "password_reset", secret_hash: await sha256Hex(secret!) });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(30 * 60 * 1000);

    const page = await api(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await page.text()).toContain("Choose a new password");

    const mismatch = await postForm(path, { password: "new-password-1", confirmPassword: "new-password-2" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    const short = await postForm(path, { password: "short", confirmPassword: "short" });
    expect(await short.text()).toContain("Password must be at least 8 characters long");

    const reset = await postForm(path, { password: "brand-new-secret", confirmPassword: "brand-new-secret" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/login?reset=1");

    // Single use: the same link is refused afterwards, and its row is gone.
    const again = await postForm(path, { password: "another-secret", confirmPassword: "another-secret" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This password reset link is invalid or has expired.");
    expect(await env.DB.prepare("select count(*) as n from account_tokens where id = ?").bind(id).first("n")).toBe(0);

    // Every session ended: the browser cookie and the API token no longer work.
    expect((await api("/api/auth/me", { token: access_token })).status).toBe(401);
    const dashboard = await api("/dashboard", { headers: { Cookie: browser } });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("Location")).toContain("/login");

    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, "brand-new-secret")).status).toBe(302);
  });

  it("refuses an expired link", async () => {
    const { email } = await registerTeacher();
    await postForm("/forgot-password", { email });
    const path = linkIn(await waitForMail(email, /Reset your Gradewell password/), "reset-password");
    const id = decodeURIComponent(path.split("/").pop()!).split(".")[0];
    await env.DB.prepare("update account_tokens set expires_at = ? where id = ?")
      .bind(Date.now() - 1, id)
      .run();
    expect(await (await api(path)).text()).toContain("This password reset link is invalid or has expired.");
    const reset = await postForm(path, { password: "brand-new-secret", confirmPassword: "brand-new-secret" });
    expect(reset.status).toBe(400);
  });

  it("only the newest link works", async () => {
    const { email } = await registerTeacher();
    await postForm("/forgot-password", { email });
    const first = linkIn(await waitForMail(email, /Reset/, 1), "reset-password");
    await postForm("/forgot-password", { email });
    const second = linkIn(await waitForMail(email, /Reset/, 2), "reset-password");
    expect((await postForm(first, { password: "brand-new-secret", confirmPassword: "brand-new-secret" })).status).toBe(400);
    expect((await postForm(second, { password: "brand-new-secret", confirmPassword: "brand-new-secret" })).status).toBe(302);
  });

  it("throttles requests for one address", async () => {
    const email = uniqueEmail("throttled");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await postForm("/forgot-password", { email }, {})).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it("tells the owner when someone registers with their address", async () => {
    const { email } = await registerTeacher();
    expect((await api("/api/auth/register", { json: { name: "Copy", email, password: "another password" } })).status).toBe(409);
    const mail = await waitForMail(email, /Someone tried to create a Gradewell account/);
    expect(mail.text).toContain("No new account was created.");
  });

  it("has no /dev/mail unless the local dev server turned it on", async () => {
    const response = await api("/dev/mail");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("Settings: password and e-mail", () => {
  it("changes the password and ends the other sessions", async () => {
    const { email, password, access_token } = await registerTeacher();
    const cookie = sessionCookieFrom(await signIn(email, password));
    const wrong = await postForm(
      "/settings",
      { intent: "password", currentPassword: "wrong", password: "changed-pass", confirmPassword: "changed-pass" },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Current password is incorrect");
    const ok = await postForm(
      "/settings",
      { intent: "password", currentPassword: password, password: "changed-pass", confirmPassword: "changed-pass" },
      { cookie },
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Password changed.");
    expect((await api("/api/auth/me", { token: access_token })).status).toBe(401);
    expect((await api("/settings", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await signIn(email, "changed-pass")).status).toBe(302);
  });

  it("changes the e-mail only once the new address confirms, and tells the old one", async () => {
    const { email, password } = await registerTeacher();
    const cookie = sessionCookieFrom(await signIn(email, password));
    const newEmail = uniqueEmail("moved");
    const wrong = await postForm("/settings", { intent: "email", newEmail, currentPassword: "nope" }, { cookie });
    expect(await wrong.text()).toContain("Current password is incorrect");
    const ok = await postForm("/settings", { intent: "email", newEmail, currentPassword: password }, { cookie });
    expect(await ok.text()).toContain(`We sent a confirmation link to ${newEmail}.`);
    expect((await waitForMail(email, /is being changed/)).text).toContain(newEmail);
    const path = linkIn(await waitForMail(newEmail, /Confirm your new Gradewell e-mail/), "confirm-email");

    // Opening the link changes nothing (mail scanners follow links); the button does.
    expect(await (await api(path)).text()).toContain(newEmail);
    expect((await signIn(email, password)).status).toBe(302);
    const confirmed = await postForm(path, {});
    expect(await confirmed.text()).toContain("Your account now signs in with");
    expect((await signIn(newEmail, password)).status).toBe(302);
    expect((await signIn(email, password)).status).toBe(401);
    expect((await postForm(path, {})).status).toBe(400);
  });

  it("refuses an address that another account uses", async () => {
    const other = await registerTeacher();
    const { email, password } = await registerTeacher();
    const cookie = sessionCookieFrom(await signIn(email, password));
    const taken = await postForm("/settings", { intent: "email", newEmail: other.email, currentPassword: password }, { cookie });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("An account with this email already exists.");
  });
});
