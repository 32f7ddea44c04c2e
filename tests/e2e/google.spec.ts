// Google in the browser, against the fake Google (tests/mocks/fake-google.ts: Google's real OAuth 2.0 / OIDC and
// Drive v3 endpoints on loopback). This file runs a server of its own with Google configured, so the other specs
// keep seeing a server where Google is not set up.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startFakeGoogle, type FakeGoogle } from "../mocks/fake-google";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { killOwnServer, startOwnServer, waitUntilHealthy, type OwnServer } from "./support/own-server";
import { answerKeyPdf, worksheetPng } from "./support/worksheets";

const PORT = Number(process.env.E2E_PORT ?? 8790) + 2;
const FOLDER = "application/vnd.google-apps.folder";

let google: FakeGoogle;
let server: OwnServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  google = await startFakeGoogle();
  server = startOwnServer(PORT, {
    vars: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ENDPOINTS_BASE: google.url,
      GOOGLE_TOKEN_KEY: randomBytes(32).toString("base64"),
      GOOGLE_TOKEN_KEY_ID: "e2e-1",
    },
  });
  await waitUntilHealthy(server, "the Google-configured server");
});

test.afterAll(async () => {
  if (server) killOwnServer(server, "SIGTERM");
  await google?.close();
});

async function fake<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${google.url}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

test("sign up and sign in with Google, connect Drive, grade two files picked from a Drive folder, save the reports to Drive", async ({
  page,
}) => {
  test.setTimeout(300_000); // two photos are read and graded for real
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `grace-${Date.now()}@school.example`;
  await fake("/__fake/next-user", { sub: `1${Date.now()}`, email, name: "Grace Hopper" });

  // Sign up with Google: straight to the dashboard, signed in.
  await page.goto("/register");
  await page.getByRole("link", { name: "Sign up with Google" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Grace" })).toBeVisible();

  // Sign out, then sign in with Google: the same account.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Grace" })).toBeVisible();
  const me = (await (await page.request.get("/api/auth/me")).json()) as { email?: string; user?: { email: string } };
  expect(me.user?.email ?? me.email).toBe(email);

  // The teacher's Drive: a folder with two students' worksheets, and a file Gradewell cannot grade.
  const folder = await fake<{ id: string }>("/__fake/files", { name: "Period 2 quiz", mimeType: FOLDER });
  for (const [name, answers] of [
    ["Ana Diaz", ["3/4", "12", "0.5"]],
    ["Ben Ode", ["3/4", "21", "0.5"]],
  ] as const) {
    await fake("/__fake/files", {
      name: `${name}.png`,
      mimeType: "image/png",
      parents: [folder.id],
      contentBase64: worksheetPng(name, [...answers]).toString("base64"),
    });
  }
  await fake("/__fake/files", { name: "seating.mp3", mimeType: "audio/mpeg", parents: [folder.id], contentBase64: "SUQz" });

  // Connect Drive from the add-assignment page: Google opens in a popup, which closes itself when done.
  await page.goto("/add-assignment");
  await expect(page.getByRole("heading", { name: "Create New Assignment" })).toBeVisible();
  await expect(page.getByText("Google Drive Connected")).toHaveCount(0);
  await page.getByRole("button", { name: "Google Drive" }).first().click();
  const picker = page.getByRole("dialog", { name: "Select Files from Google Drive" });
  await expect(picker.getByText("Please connect your Google Drive account first")).toBeVisible();
  const popupOpened = page.waitForEvent("popup");
  await picker.getByRole("button", { name: "Connect Google Drive" }).click();
  const popup = await popupOpened;
  await popup.waitForEvent("close", { timeout: 30_000 });
  await expect(page.getByText("Google Drive Connected")).toBeVisible({ timeout: 15_000 });

  // Into the folder; only what Gradewell can grade is listed; two picks.
  await picker.getByRole("button", { name: /Period 2 quiz/ }).click();
  const files = picker.getByRole("list", { name: "Files" });
  await expect(files.getByRole("listitem")).toHaveCount(2);
  await expect(files).not.toContainText("seating.mp3");
  await files.getByLabel(/Ana Diaz\.png/).check();
  await files.getByLabel(/Ben Ode\.png/).check();
  await expect(picker.getByText("2 files selected")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await picker.getByRole("button", { name: "Select Files" }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Assignment Files: from Google Drive" }).getByRole("listitem")).toHaveCount(2);

  await page
    .getByTestId("choose-answer_key_files")
    .setInputFiles({ name: "key.pdf", mimeType: "application/pdf", buffer: await answerKeyPdf() });
  await page.getByLabel("Subject").fill("Mathematics");
  await page.getByLabel("Title").fill("Drive quiz");
  await page.getByLabel("Points").fill("10");
  await page.getByRole("button", { name: "Create & Process Assignment" }).click();
  await page.waitForURL(/\/assignments\?created=\w+&job=\w+$/, { timeout: 60_000 });
  const created = new URL(page.url());
  const assignmentId = created.searchParams.get("created")!;
  const jobId = created.searchParams.get("job")!;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v2/grading/job/${jobId}`)).json()) as { status: string }).status, {
      timeout: 180_000,
      intervals: [1000],
    })
    .toBe("completed");

  // The files came from Drive: their names, copied into the assignment.
  const saved = (await (await page.request.get(`/api/assignments/${assignmentId}`)).json()) as {
    assignment: { submissions: { student: string; processing_status: string }[] };
  };
  expect(saved.assignment.submissions.map((s) => s.processing_status)).toEqual(["graded", "graded"]);

  // Save to Drive: a report for each student and the grade sheet, in Gradewell's folder (one folder an assignment),
  // which the fake Google now holds.
  await page.goto(`/assignment/${assignmentId}`);
  await expect(page.getByRole("heading", { name: "Drive quiz" })).toBeVisible();
  await page.getByRole("button", { name: "Save to Drive" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved 3 files to Google Drive/ })).toBeVisible({ timeout: 60_000 });
  const held = await fake<{ id: string; name: string; mimeType: string; parents: string[]; size: number }[]>("/__fake/files");
  const assignmentFolder = held.find((f) => f.mimeType === FOLDER && f.name === "Drive quiz");
  const gradewellFolder = held.find((f) => f.id === assignmentFolder?.parents[0]);
  expect(gradewellFolder?.mimeType).toBe(FOLDER);
  expect(gradewellFolder?.parents).toEqual(["root"]);
  const written = held.filter((f) => f.parents.includes(assignmentFolder!.id));
  expect(written).toHaveLength(3);
  expect(written.every((f) => f.size > 0)).toBe(true);
  expect(written.filter((f) => f.name.endsWith(".csv"))).toHaveLength(1);
  expect(written.filter((f) => /Ana Diaz|Ben Ode/.test(f.name))).toHaveLength(2);
});
