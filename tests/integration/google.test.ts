// Google sign-in, account linking and Drive, through the real worker against the fake Google of tests/mocks
// (OAuth 2.0 / OIDC and Drive v3 on loopback).
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../core/db/client";
import { googleTokens, teachers } from "../../core/db/schema";
import photo from "../fixtures/engines/photographed-worksheet.jpg";
import fixture from "../fixtures/engines/photographed-worksheet.json";
import { assignmentForm, processAndWait } from "./assignments-helpers";
import { api, ORIGIN, postForm, registerTeacher, sessionCookieFrom, uniqueEmail } from "./helpers";

const google = env.GOOGLE_ENDPOINTS_BASE!;
let subCounter = 0;

async function control(path: string, body?: unknown) {
  const response = await fetch(`${google}/__fake/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`fake google ${path}: ${response.status}`);
  return response.json() as Promise<any>;
}

function nextGoogleUser(overrides: Partial<{ email: string; name: string; email_verified: boolean }> = {}) {
  subCounter += 1;
  const user = {
    sub: `1${Date.now()}${subCounter}`,
    email: uniqueEmail("google"),
    name: "Grace Hopper",
    email_verified: true,
    ...overrides,
  };
  return control("next-user", user).then(() => user);
}

const cookieValue = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c: string) => c.match(new RegExp(`^${name}=([^;]*)`))?.[1])
    .find((v: string | undefined) => v !== undefined);

/** Clicks through Google: our start route → Google's authorize → our callback, carrying cookies like a browser. */
async function throughGoogle(startPath: string, cookie = "") {
  const start = await SELF.fetch(`${ORIGIN}${startPath}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("Location")!);
  expect(authorize.origin + authorize.pathname).toBe(`${google}/o/oauth2/v2/auth`);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/google/callback`);
  const flow = cookieValue(start, "gw_google_flow");
  const consent = await fetch(authorize, { redirect: "manual" });
  const callback = consent.headers.get("Location")!;
  const back = await SELF.fetch(callback, {
    headers: { Cookie: [cookie, `gw_google_flow=${flow}`].filter(Boolean).join("; ") },
    redirect: "manual",
  });
  return { start, authorize, callback: new URL(callback), back };
}

describe("Google sign-in", () => {
  it("signs up a new teacher with Google, then signs them in again to the same account", async () => {
    const user = await nextGoogleUser();
    const first = await throughGoogle("/auth/google?intent=register");
    expect(first.back.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionCookieFrom(first.back);
    const me = await SELF.fetch(`${ORIGIN}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(me.status).toBe(200);
    const row = await getDb(env.DB).query.teachers.findFirst({ where: eq(teachers.email, user.email) });
    expect(row).toMatchObject({ googleSub: user.sub, passwordHash: null, name: "Grace Hopper" });

    const again = await throughGoogle("/auth/google?intent=login");
    expect(again.back.headers.get("Location")).toBe("/dashboard");
    const rows = await getDb(env.DB).select().from(teachers).where(eq(teachers.email, user.email));
    expect(rows).toHaveLength(1);
  });

  it("refuses a callback whose state does not match the cookie, and a replayed code", async () => {
    await nextGoogleUser();
    const { start, callback } = await (async () => {
      const start = await SELF.fetch(`${ORIGIN}/auth/google?intent=login`, { redirect: "manual" });
      const consent = await fetch(start.headers.get("Location")!, { redirect: "manual" });
      return { start, callback: new URL(consent.headers.get("Location")!) };
    })();
    const flow = cookieValue(start, "gw_google_flow");
    const forged = new URL(callback);
    forged.searchParams.set("state", "not-the-state");
    const refused = await SELF.fetch(forged, { headers: { Cookie: `gw_google_flow=${flow}` }, redirect: "manual" });
    expect(refused.headers.get("Location")).toBe("/login?google=failed");
    expect(refused.headers.get("Set-Cookie")).not.toContain("gw_session=");

    const ok = await SELF.fetch(callback, { headers: { Cookie: `gw_google_flow=${flow}` }, redirect: "manual" });
    expect(ok.headers.get("Location")).toBe("/dashboard");
    const replay = await SELF.fetch(callback, { headers: { Cookie: `gw_google_flow=${flow}` }, redirect: "manual" });
    expect(replay.headers.get("Location")).toBe("/login?google=failed");
  });

  it("never links Google to an existing e-mail account silently: the password must be proven first", async () => {
    const owner = await registerTeacher();
    const user = await nextGoogleUser({ email: owner.email });
    const { back } = await throughGoogle("/auth/google?intent=login");
    expect(back.headers.get("Location")).toBe(`/login?google=link&email=${encodeURIComponent(owner.email)}`);
    expect(back.headers.get("Set-Cookie")).not.toContain("gw_session=");
    const link = cookieValue(back, "gw_google_link");
    let row = await getDb(env.DB).query.teachers.findFirst({ where: eq(teachers.email, owner.email) });
    expect(row?.googleSub).toBeNull();

    const wrong = await postForm("/login", { email: owner.email, password: "not the password" }, { cookie: `gw_google_link=${link}` });
    expect(wrong.status).toBe(401);
    row = await getDb(env.DB).query.teachers.findFirst({ where: eq(teachers.email, owner.email) });
    expect(row?.googleSub).toBeNull();

    const right = await postForm("/login", { email: owner.email, password: owner.password }, { cookie: `gw_google_link=${link}` });
    expect(right.status).toBe(302);
    row = await getDb(env.DB).query.teachers.findFirst({ where: eq(teachers.email, owner.email) });
    expect(row?.googleSub).toBe(user.sub);
    const next = await throughGoogle("/auth/google?intent=login");
    expect(next.back.headers.get("Location")).toBe("/dashboard");
  });

  it("API: POST /api/auth/google/token and /register take a Google ID token and answer like e-mail login", async () => {
    const user = await nextGoogleUser();
    const { credential } = await control("id-token", { sub: user.sub, email: user.email, name: user.name });
    const registered = await api("/api/auth/google/register", { json: { credential } });
    expect(registered.status).toBe(201);
    const body = (await registered.json()) as any;
    expect(body.user.email).toBe(user.email);
    expect(body.access_token).toBeTruthy();
    expect(body.refresh_token).toBeTruthy();
    const me = await api("/api/auth/me", { token: body.access_token });
    expect(me.status).toBe(200);

    const login = await api("/api/auth/google/token", { json: { credential } });
    expect(login.status).toBe(200);
    expect(((await login.json()) as any).user.id).toBe(body.user.id);
  });

  it("API: refuses ID tokens for another audience, expired, unverified e-mail, or badly signed", async () => {
    const user = await nextGoogleUser();
    const cases = [
      (await control("id-token", { sub: user.sub, email: user.email, audience: "someone-else.apps.googleusercontent.com" })).credential,
      (await control("id-token", { sub: user.sub, email: user.email, expiresIn: "-5m" })).credential,
      (await control("id-token", { sub: user.sub, email: user.email, email_verified: false })).credential,
    ];
    const valid = (await control("id-token", { sub: user.sub, email: user.email })).credential as string;
    const [head, payload, signature] = valid.split(".");
    cases.push(`${head}.${payload}.${signature.slice(0, -4)}AAAA`);
    for (const credential of cases) {
      const response = await api("/api/auth/google/token", { json: { credential } });
      expect(response.status).toBe(401);
      expect(((await response.json()) as any).error).toBe("Google login failed");
    }
    const existing = await registerTeacher();
    const taken = (await control("id-token", { sub: "999", email: existing.email })).credential;
    const conflict = await api("/api/auth/google/register", { json: { credential: taken } });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as any).error).toBe("Google registration failed");
  });
});

async function connectDrive(cookie: string) {
  const { back } = await throughGoogle("/auth/google?intent=drive&redirectTo=%2Fadd-assignment", cookie);
  expect(back.headers.get("Location")).toBe("/add-assignment?drive_connected=true");
}

async function signedInTeacher() {
  const teacher = await registerTeacher();
  const login = await postForm("/login", { email: teacher.email, password: teacher.password });
  return { ...teacher, cookie: sessionCookieFrom(login) };
}

describe("Google Drive", () => {
  it("status is false until connected, true after; 401 without a token", async () => {
    const teacher = await signedInTeacher();
    expect((await api("/api/google-drive/status")).status).toBe(401);
    const before = await api("/api/google-drive/status", { token: teacher.access_token });
    expect(await before.json()).toEqual({ connected: false });
    await nextGoogleUser({ email: teacher.email });
    await connectDrive(teacher.cookie);
    const after = await api("/api/google-drive/status", { token: teacher.access_token });
    expect(await after.json()).toEqual({ connected: true });
  });

  it("keeps no plaintext token in D1, refreshes an expired one, and revokes on disconnect", async () => {
    const teacher = await signedInTeacher();
    await nextGoogleUser({ email: teacher.email });
    await connectDrive(teacher.cookie);
    const row = await getDb(env.DB).query.googleTokens.findFirst({ where: eq(googleTokens.teacherId, teacher.user.id) });
    expect(row?.accessTokenEnc).toMatch(/^test-1\./);
    expect(row?.refreshTokenEnc).toMatch(/^test-1\./);
    expect(JSON.stringify(row)).not.toMatch(/ya29\.|1\/\//);

    const folder = await control("files", { name: "Period 3", mimeType: "application/vnd.google-apps.folder" });
    await control("files", { name: "ava.png", mimeType: "image/png", parents: [folder.id], contentBase64: "iVBORw0KGgo=" });
    // Make the stored access token stale: the next call refreshes it with the refresh token.
    await getDb(env.DB)
      .update(googleTokens)
      .set({ tokenExpiry: new Date(Date.now() - 1000) })
      .where(eq(googleTokens.teacherId, teacher.user.id));
    await control("expire-access", {});
    const files = await api(`/api/google-drive/files?folder_id=${folder.id}`, { token: teacher.access_token });
    expect(files.status).toBe(200);
    expect(((await files.json()) as any).files.map((f: any) => f.name)).toEqual(["ava.png"]);
    const refreshed = await getDb(env.DB).query.googleTokens.findFirst({ where: eq(googleTokens.teacherId, teacher.user.id) });
    expect(refreshed!.tokenExpiry!.getTime()).toBeGreaterThan(Date.now());
    expect(refreshed!.accessTokenEnc).not.toBe(row!.accessTokenEnc);

    const revokedBefore = ((await control("revoked")) as string[]).length;
    const disconnect = await api("/api/google-drive/disconnect", { method: "POST", token: teacher.access_token });
    expect(disconnect.status).toBe(200);
    expect(((await control("revoked")) as string[]).length).toBe(revokedBefore + 1);
    expect(await (await api("/api/google-drive/status", { token: teacher.access_token })).json()).toEqual({ connected: false });
  });

  it("answers requires_auth when not connected, and asks to reconnect when Google refuses the grant", async () => {
    const teacher = await signedInTeacher();
    const notConnected = await api("/api/google-drive/files", { token: teacher.access_token });
    expect(notConnected.status).toBe(401);
    expect(await notConnected.json()).toMatchObject({
      requires_auth: true,
      message: "Authentication required. Please connect Google Drive.",
    });

    await nextGoogleUser({ email: teacher.email });
    await connectDrive(teacher.cookie);
    // The teacher removes Gradewell in their Google account; the stored access token has also run out.
    await control("revoke-user", { email: teacher.email });
    await getDb(env.DB)
      .update(googleTokens)
      .set({ tokenExpiry: new Date(0) })
      .where(eq(googleTokens.teacherId, teacher.user.id));
    const expired = await api("/api/google-drive/files", { token: teacher.access_token });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      requires_auth: true,
      error: "Your Google Drive connection has expired. Please connect Google Drive again.",
    });
    // The dead grant is forgotten, so status tells the page to offer Connect again.
    expect(await (await api("/api/google-drive/status", { token: teacher.access_token })).json()).toEqual({ connected: false });
  });

  it("downloads files (Google Docs exported), creates the Gradewell folder once, uploads into it", async () => {
    const teacher = await signedInTeacher();
    await nextGoogleUser({ email: teacher.email });
    await connectDrive(teacher.cookie);
    const doc = await control("files", {
      name: "Essay",
      mimeType: "application/vnd.google-apps.document",
      contentBase64: btoa("PK-docx-bytes"),
    });
    const download = await api(`/api/google-drive/download/${doc.id}`, { token: teacher.access_token });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(download.headers.get("Content-Disposition")).toContain("Essay.docx");
    expect(await download.text()).toBe("PK-docx-bytes");
    const missing = await api(`/api/google-drive/download/nope`, { token: teacher.access_token });
    expect(missing.status).toBe(404);

    const first = await api("/api/auth/drive/create-folder", { json: {}, token: teacher.access_token });
    expect(first.status).toBe(201);
    const folder = (await first.json()) as any;
    expect(folder.folder_name).toBe("Gradewell Assignments");
    const second = await api("/api/auth/drive/create-folder", { json: {}, token: teacher.access_token });
    expect(((await second.json()) as any).folder_id).toBe(folder.folder_id);

    const upload = await api("/api/auth/drive/upload-assignment", {
      json: { file_name: "grades.csv", file_content: "Student,Score\nAva,9\n", folder_id: folder.folder_id },
      token: teacher.access_token,
    });
    expect(upload.status).toBe(201);
    const stored = ((await control("files")) as any[]).find((f) => f.name === "grades.csv");
    expect(stored).toMatchObject({ mimeType: "text/csv", parents: [folder.folder_id] });
  });
});

describe("Drive into an assignment, and graded reports back to Drive", () => {
  it("copies picked Drive files into a new assignment, grades them, and saves reports and the CSV to Drive", async () => {
    const teacher = await signedInTeacher();
    await nextGoogleUser({ email: teacher.email });
    await connectDrive(teacher.cookie);
    const folder = await control("files", { name: "Quiz photos", mimeType: "application/vnd.google-apps.folder" });
    const bytes = new Uint8Array(photo);
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const ids = [];
    for (const name of ["maya-lopez.jpg", "maya-copy.jpg"]) {
      ids.push((await control("files", { name, mimeType: "image/jpeg", parents: [folder.id], contentBase64: btoa(binary) })).id);
    }
    const form = assignmentForm(
      { answerKeyText: fixture.key, points: String(fixture.points), hasAnswerKey: "true" },
      { assignment_files: [] },
    );
    for (const id of ids) form.append("drive_assignment_files", id);
    const created = await api("/api/assignments", { method: "POST", token: teacher.access_token, body: form });
    expect(created.status).toBe(201);
    const { assignment_id } = (await created.json()) as { assignment_id: string };
    const detail = (await (await api(`/api/assignments/${assignment_id}`, { token: teacher.access_token })).json()) as any;
    expect(detail.assignment.files.map((f: any) => f.file_name ?? f.fileName).sort()).toEqual(["maya-copy.jpg", "maya-lopez.jpg"]);

    await processAndWait(teacher.access_token, assignment_id);
    const saved = await api(`/api/assignments/${assignment_id}/save-to-drive`, { method: "POST", token: teacher.access_token });
    expect(saved.status).toBe(201);
    const body = (await saved.json()) as any;
    expect(body.folder_name).toBe("Gradewell Assignments/Fractions quiz");
    const stored = ((await control("files")) as any[]).filter((f) => f.parents.includes(body.folder_id));
    expect(stored.map((f) => f.name).sort()).toEqual([
      "Fractions quiz grades.csv",
      "Maya Lopez (2) - Fractions quiz.docx",
      "Maya Lopez - Fractions quiz.docx",
    ]);
    expect(stored.find((f) => f.name.endsWith(".docx")).size).toBeGreaterThan(1000);

    // Another teacher's assignment answers 404, and a file that is not in Drive fails the whole creation.
    const other = await signedInTeacher();
    await nextGoogleUser({ email: other.email });
    await connectDrive(other.cookie);
    expect((await api(`/api/assignments/${assignment_id}/save-to-drive`, { method: "POST", token: other.access_token })).status).toBe(404);
    const missing = assignmentForm({}, { assignment_files: [] });
    missing.append("drive_assignment_files", "no-such-file");
    const refused = await api("/api/assignments", { method: "POST", token: other.access_token, body: missing });
    expect(refused.status).toBe(404);
  }, 240_000); // two photographed pages read and graded inside workerd
});
