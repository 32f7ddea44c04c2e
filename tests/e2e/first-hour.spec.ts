// A new teacher's first hour (issue 32, item 5): the defects found at 1280 px and on a 390 px phone, each
// checked as the teacher meets it, on work graded by the real grader.
import { expect, test, type Page } from "@playwright/test";
import { renderWorksheetImage } from "../../tools/worksheets/worksheets";
import { choosePlan, signUp } from "./support/teacher";

const SHOTS = "tests/e2e/artifacts/first-hour";
const KEY = "1. 96\n2. 1\n3. 83\n4. 20";
// Names as students write them: in lower case, one of them on the roster.
const PAPERS = [
  { file: "paper-one-scanned-at-school-2026.png", name: "ana diaz", answers: ["96", "1", "83", "20"] },
  { file: "paper-two-scanned-at-school-2026.png", name: "jordan smith", answers: ["96", "2", "73", "20"] },
];

async function teacherWithGradedWork(page: Page) {
  await page.goto("/login");
  await signUp(page, "Maria");
  await choosePlan(page, "professional");
  const origin = new URL(page.url()).origin;
  const klass = await page.request.post("/api/classes", {
    headers: { Origin: origin },
    data: {
      name: "Grade 3 Homeroom",
      subject: "Mathematics",
      grade_level: "3",
      description: "",
      class_code: "",
      enrollment_method: "manual",
      students: [{ id: "0", name: "Ana Diaz", email: "ana.diaz.homeroom.parent.contact@lincoln-elementary-school.example" }],
    },
  });
  expect(klass.status()).toBe(201);
  const classId = (await klass.json()).class.id as string;
  const form = new FormData();
  const fields = {
    title: "Math check",
    subject: "Mathematics",
    assignmentType: "quiz",
    classId,
    points: "8",
    hasAnswerKey: "true",
    answerKeyText: KEY,
    processingMode: "later",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of PAPERS) {
    const lines = [`Name: ${p.name}`, "Math check", "", ...p.answers.flatMap((a, i) => [`${i + 1}. Question ${i + 1}`, `Answer: ${a}`])];
    const bytes = await renderWorksheetImage(lines, "clean");
    form.append("batch_files", new Blob([new Uint8Array(bytes)], { type: "image/png" }), p.file);
  }
  const created = await page.request.post("/api/assignments", { multipart: form, headers: { Origin: origin } });
  expect(created.status()).toBe(201);
  const { assignment_id: assignmentId } = await created.json();
  const started = await page.request.post(`/api/document-ai/process/assignment/${assignmentId}`, { headers: { Origin: origin } });
  const jobId = (await started.json()).job_id as string;
  await expect
    .poll(async () => (await (await page.request.get(`/api/v2/grading/job/${jobId}`)).json()).status, {
      timeout: 120_000,
      intervals: [500],
    })
    .toBe("completed");
  const studentId = (await (await page.request.get(`/api/classes/${classId}`)).json()).students[0].id as string;
  return { classId, assignmentId: assignmentId as string, studentId };
}

/** The page's width, and the elements that stick out past the screen when it is too wide. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const culprits =
      width <= window.innerWidth
        ? []
        : [...document.querySelectorAll("body *")]
            .map((el) => ({ el, right: el.getBoundingClientRect().right + (Number.parseFloat(getComputedStyle(el).marginRight) || 0) }))
            .filter(({ right }) => right > window.innerWidth + 1)
            .slice(-8)
            .map(({ el, right }) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class")).slice(0, 60)} (${Math.round(right)})`);
    return { width, culprits };
  });
}

test.describe.configure({ mode: "serial" });

test("a new teacher's first hour: names, tabs, charts, Drive, Analytics, not-found and the phone widths", async ({ page }) => {
  test.setTimeout(400_000);
  const refused: string[] = [];
  page.on("response", (r) => {
    if (r.status() === 414) refused.push(r.url());
  });
  const { assignmentId, studentId } = await teacherWithGradedWork(page);

  // Names read from the pages: the roster's spelling when matched, a readable case otherwise.
  await page.goto(`/assignment/${assignmentId}`);
  const names = await page.getByTestId("student-row").locator("span.block.font-medium").allTextContents();
  expect(names.sort()).toEqual(["Ana Diaz", "Jordan Smith"]);

  // Analytics, with a link per assignment and question, loads without a 414.
  await page.goto("/analytics");
  await page.waitForLoadState("networkidle");
  expect(refused).toEqual([]);

  // The dashboard's trend draws this one week as a dot.
  await page.goto("/dashboard");
  await expect(page.locator(".recharts-area-dots circle, .recharts-area-dot").first()).toBeAttached();

  // Google is not set up here: the Drive quick action says so.
  await page
    .getByRole("link", { name: /^Google Drive/ })
    .first()
    .click();
  await expect(page.getByTestId("drive-unavailable")).toContainText("Google Drive is not set up on this server");

  // The student profile's tabs switch at the first click.
  await page.goto(`/student/${studentId}`);
  await page.getByRole("link", { name: "Grades", exact: true }).click();
  await expect(page).toHaveURL(/tab=grades/);
  await expect(page.getByRole("columnheader", { name: "Percent" })).toBeVisible();
  await page.getByRole("link", { name: "Notes", exact: true }).click();
  await expect(page.getByRole("button", { name: "Add Note" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Percent" })).toHaveCount(0);
  await page.getByRole("link", { name: "Progress", exact: true }).click();
  await expect(page).toHaveURL(/tab=progress/);
  await expect(page.getByRole("button", { name: "Add Note" })).toHaveCount(0);

  // An unknown assignment: a not-found page inside the app, with a way back.
  await page.goto("/assignment/no-such-assignment");
  await expect(page.getByRole("heading", { name: "Assignment not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).first()).toBeAttached();
  await page.getByRole("link", { name: "Back to Assignments" }).click();
  await expect(page).toHaveURL(/\/assignments$/);

  // On a 390 px phone nothing is wider than the screen, and the Review button is on it.
  await page.setViewportSize({ width: 390, height: 844 });
  const tooWide: string[] = [];
  for (const [name, path] of [
    ["students", "/students"],
    ["student", `/student/${studentId}`],
    ["student-grades", `/student/${studentId}?tab=grades`],
    ["elementary-student", `/elementary-student/${studentId}`],
    ["assignment", `/assignment/${assignmentId}`],
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const { width, culprits } = await overflow(page);
    if (width > 390) tooWide.push(`${name}: ${width} px: ${culprits.join("; ")}`);
    await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  }
  expect(tooWide).toEqual([]);
  const review = page.getByRole("link", { name: /^Review / }).first();
  const box = (await review.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(refused).toEqual([]);
});

test("Add assignment: every error at once, and Hide Advanced Options turns the overrides off", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  await signUp(page, "Maria");
  await page.goto("/add-assignment?advanced=1");
  const autoNames = page.getByRole("switch", { name: "Auto-detect student names" });
  const useNames = page.getByRole("switch", { name: "Use these names" });
  await expect(autoNames).toBeChecked();
  await useNames.check();
  await expect(autoNames).not.toBeChecked();
  await page.getByRole("link", { name: "Hide Advanced Options" }).click();
  await expect(page).toHaveURL(/\/add-assignment$/);
  // Detection is back on, and the hidden override is off when the options are shown again.
  await expect(autoNames).toBeChecked();
  await expect(autoNames).toBeEnabled();
  await page.getByRole("link", { name: "Show Advanced Options" }).click();
  await expect(useNames).not.toBeChecked();
  await expect(autoNames).toBeChecked();

  const points = page.getByLabel(/^Points/);
  await points.fill("0");
  await points.blur();
  const title = page.getByLabel(/^Title/);
  await title.focus();
  await title.blur();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText(/Points must be/).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/add-assignment-errors.png`, fullPage: true });
});

test("feedback follows an override: rewritten at once, and the teacher's own words marked with a one-click rewrite", async ({ page }) => {
  test.setTimeout(300_000);
  const { assignmentId } = await teacherWithGradedWork(page);
  await page.goto(`/assignment/${assignmentId}`);
  await page.getByRole("link", { name: "Review Jordan Smith" }).click();
  const summary = page.getByLabel("Feedback for the student");
  const before = await summary.inputValue();
  expect(before).toMatch(/you scored (\d+(\.\d+)?) out of 8 points/);
  const oldScore = before.match(/you scored (\S+) out of 8/)![1];

  // Question 2 was wrong (2 for 1): the teacher gives it full marks.
  const q2 = page.getByTestId("question-row").filter({ hasText: "Question 2" });
  await q2.getByLabel(/^Points/).fill("2");
  await q2.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Question updated.")).toBeVisible();
  const after = await summary.inputValue();
  expect(after).toMatch(/you scored \d+(\.\d+)? out of 8 points/);
  expect(after).not.toContain(`you scored ${oldScore} out of 8`);
  await expect(page.getByTestId("question-row").filter({ hasText: "Question 2" }).getByLabel("Feedback")).toHaveValue(
    "Full marks from your teacher for 2.",
  );
  await expect(page.getByTestId("feedback-stale")).toHaveCount(0);
  const csv = await (await page.request.get(`/api/exports/assignment/${assignmentId}`)).text();
  expect(csv).not.toContain(`scored ${oldScore} out of 8`);

  // The teacher writes the summary herself, then changes a mark: her words stay, marked, with one-click rewrite.
  await summary.fill("Jordan: see me about question 3.");
  await page.getByRole("button", { name: "Save score" }).click();
  await expect(page.getByText("Score and feedback saved.")).toBeVisible();
  const q3 = page.getByTestId("question-row").filter({ hasText: "Question 3" });
  await q3.getByLabel(/^Points/).fill("2");
  await q3.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("feedback-stale")).toContainText("Written before your change");
  await expect(summary).toHaveValue("Jordan: see me about question 3.");
  await page.screenshot({ path: `${SHOTS}/feedback-stale.png`, fullPage: true });
  await page.getByRole("button", { name: "Rewrite from the marks" }).click();
  await expect(page.getByTestId("feedback-stale")).toHaveCount(0);
  await expect(summary).toHaveValue(/^Jordan, you scored \d+(\.\d+)? out of 8 points/);
  await page.screenshot({ path: `${SHOTS}/feedback-rewritten.png`, fullPage: true });
});
