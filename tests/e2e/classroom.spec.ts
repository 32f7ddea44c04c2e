// Google Classroom in the browser, against the fake Classroom on the fake Google's origin (tests/mocks): a teacher
// connects Classroom, imports a course and coursework with three turned-in papers, grades them and returns the
// grades; the fake Classroom then holds them. Runs a server of its own with Google configured.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { startFakeGoogle, type FakeGoogle } from "../mocks/fake-google";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { killOwnServer, startOwnServer, waitUntilHealthy, type OwnServer } from "./support/own-server";
import { choosePlan, signUp } from "./support/teacher";

const PORT = Number(process.env.E2E_PORT ?? 8790) + 3;

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

// The form posts carry this server's origin; the main server's (set by earlier specs) comes back afterwards.
const mainOrigin = process.env.E2E_ORIGIN;

test.afterAll(async () => {
  if (mainOrigin === undefined) delete process.env.E2E_ORIGIN;
  else process.env.E2E_ORIGIN = mainOrigin;
  if (server) killOwnServer(server, "SIGTERM");
  await google?.close();
});

async function fake<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${google.url}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

/** A typed worksheet PDF, as a student would turn in. */
async function paper(name: string, answers: string[]) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  [`Name: ${name}`, "Fractions check-in", ...answers.map((a, i) => `${i + 1}. ${a}`)].forEach((line, i) =>
    page.drawText(line, { x: 72, y: 720 - i * 24, size: 14, font }),
  );
  return { name: `${name}.pdf`, mimeType: "application/pdf", contentBase64: Buffer.from(await pdf.save()).toString("base64") };
}

test("connect Classroom, import a course and coursework with three papers, grade them, return the grades to Classroom", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/register");
  process.env.E2E_ORIGIN = `http://127.0.0.1:${PORT}`;
  await signUp(page, "Grace");
  await choosePlan(page, "professional");

  // The teacher's Classroom: a course of three students and coursework (posted by Gradewell) with their papers.
  const googleEmail = `grace-${Date.now()}@school.example`;
  await fake("/__fake/next-user", { sub: `3${Date.now()}`, email: googleEmail, name: "Grace Hopper" });
  const students = [
    { userId: "501", fullName: "Ana Diaz", email: "ana@students.example" },
    { userId: "502", fullName: "Ben Okafor", email: "ben@students.example" },
    { userId: "503", fullName: "Chloe Martin", email: "chloe@students.example" },
  ];
  const course = await fake<{ id: string }>("/__fake/classroom/courses", {
    name: "Math 7",
    section: "Period 2",
    teacherEmail: googleEmail,
    students,
  });
  const work = await fake<{ id: string }>("/__fake/classroom/coursework", {
    courseId: course.id,
    title: "Fractions check-in",
    maxPoints: 20,
    associatedWithDeveloperProject: true,
    submissions: [
      { userId: "501", state: "TURNED_IN", files: [await paper("Ana Diaz", ["96", "1", "1/2", "83"])] },
      { userId: "502", state: "TURNED_IN", late: true, files: [await paper("Ben Okafor", ["96", "1", "1/2", "80"])] },
      { userId: "503", state: "TURNED_IN", files: [await paper("Chloe Martin", ["90", "1", "1/2", "83"])] },
    ],
  });

  // Connect from Settings: Google asks for the Classroom permissions, then back to Settings.
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Google Classroom" });
  await section.getByRole("link", { name: "Connect Google Classroom" }).click();
  await expect(page).toHaveURL(/\/settings\?classroom=connected$/);
  await page.getByRole("region", { name: "Google Classroom" }).getByRole("link", { name: "Import from Google Classroom" }).click();

  // Import the course as a class with its roster, then its coursework.
  await expect(page.getByRole("heading", { name: "Google Classroom", level: 1 })).toBeVisible();
  await page.getByLabel("Subject for Math 7 (Period 2)").selectOption("Mathematics");
  await page.getByLabel("Grade for Math 7 (Period 2)").selectOption("7");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Import Math 7" }).click();
  await expect(page.getByRole("status")).toHaveText("Imported Math 7 (Period 2): 3 students.");
  await expect(page.getByText("Linked to your class Math 7 (Period 2)")).toBeVisible();
  await page.getByRole("button", { name: "Import Fractions check-in" }).click();
  await page.waitForURL(/\/assignment\/\w+\?classroom=imported/);
  const assignmentId = new URL(page.url()).pathname.split("/").pop()!;

  // Each paper is already the student's; Ben's is late. The key, then grading as usual.
  const panel = page.getByRole("region", { name: "Google Classroom" });
  await expect(panel.getByTestId("classroom-row")).toHaveCount(3);
  await expect(panel.getByTestId("classroom-row").filter({ hasText: "Ben Okafor" })).toContainText("Late");
  await panel.getByLabel(/Answer key/).fill("1. 96\n2. 1\n3. 1/2\n4. 83");
  await panel.getByRole("button", { name: "Save answer key" }).click();
  await expect(panel.getByLabel(/Answer key/)).toHaveCount(0);
  await page.getByRole("button", { name: "Grade 3 submissions now" }).click();
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/assignments/${assignmentId}`)).json()) as {
          assignment: { submissions: { processing_status: string }[] };
        };
        return body.assignment.submissions.map((s) => s.processing_status).join(",");
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe("graded,graded,graded");

  // Return the grades: Classroom now holds them as assigned grades, and each row says so.
  await page.reload();
  await page.getByRole("region", { name: "Google Classroom" }).getByRole("button", { name: "Return grades" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Google Classroom: 3 sent, 0 unchanged." })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId("classroom-row").filter({ hasText: "Returned" })).toHaveCount(3);
  const held = await fake<{
    submissions: { courseWorkId: string; userId: string; state: string; assignedGrade?: number; draftGrade?: number }[];
  }>("/__fake/classroom");
  const grades = Object.fromEntries(
    held.submissions.filter((s) => s.courseWorkId === work.id).map((s) => [s.userId, [s.state, s.assignedGrade, s.draftGrade]]),
  );
  expect(grades).toEqual({ "501": ["RETURNED", 20, 20], "502": ["RETURNED", 15, 15], "503": ["RETURNED", 15, 15] });
});
