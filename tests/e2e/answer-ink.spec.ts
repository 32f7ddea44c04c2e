// The student's own ink beside every answer, and answer groups (issue 32): three photographed copies of one
// worksheet are graded; the live job page, the submission page and grade-by-question show each answer's crop; a
// group of the same answers is confirmed in one click with the mouse and from the keyboard alone.
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { signUp } from "./support/teacher";

const port = process.env.E2E_PORT ?? "8790";
const PHOTOS = ["wrapped-1.jpg", "wrapped-2.jpg", "wrapped-3.jpg"];
const manifest = JSON.parse(readFileSync("tests/fixtures/class-set/manifest.json", "utf8")) as { key: string; points: number };

/** Every crop in the locator has loaded as a real image (they load lazily: each is scrolled into view). */
async function expectInkLoaded(ink: Locator) {
  await expect(ink.first()).toBeVisible();
  for (const img of await ink.all()) await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      ink.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
}

async function noWiderThanScreen(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test("the ink beside every answer, and answer groups confirmed with the mouse and the keyboard", async ({ page }) => {
  test.setTimeout(300_000);
  const origin = `http://127.0.0.1:${port}`;
  process.env.E2E_ORIGIN = origin;
  await signUp(page, "Ines");

  const form = new FormData();
  form.set("title", "Fractions and facts");
  form.set("points", String(manifest.points));
  form.set("hasAnswerKey", "true");
  form.set("answerKeyText", manifest.key);
  form.set("processLater", "true");
  form.set("batchUpload", "true");
  for (const name of PHOTOS) {
    form.append("batch_files", new Blob([readFileSync(`tests/fixtures/class-set/${name}`)], { type: "image/jpeg" }), name);
  }
  const created = await page.request.post("/api/assignments", { multipart: form, headers: { Origin: origin } });
  expect(created.status()).toBe(201);
  const { assignment_id: id } = await created.json();
  const processed = await page.request.post(`/api/document-ai/process/assignment/${id}`, { headers: { Origin: origin } });
  const { job_id: jobId } = await processed.json();

  // The live page: each question's mark arrives with the student's ink.
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("job-status")).toHaveText("Complete", { timeout: 240_000 });
  await expectInkLoaded(page.getByTestId("answer-ink"));
  await page.screenshot({ path: "tests/e2e/artifacts/ink-job-page.png", fullPage: true });

  // The submission page: the crop beside the text read and the key.
  const { assignment } = await (await page.request.get(`/api/assignments/${id}`)).json();
  const paper = assignment.submissions.find((s: { student: string }) => s.student === "Luca Hansen");
  await page.goto(`/assignment/${id}/submission/${paper.id}`);
  await expectInkLoaded(page.getByTestId("answer-ink"));
  await expect(page.getByRole("img", { name: /read as "421"/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/ink-submission.png", fullPage: true });

  // Grade-by-question, question 4: "421" (one student) and "431" (two). A group with a flagged answer comes first,
  // else the smaller; "431" is confirmed in one click.
  await page.goto(`/assignment/${id}/question/4`);
  const groups = page.getByTestId("answer-group");
  await expect(groups).toHaveCount(2);
  const fours = groups.filter({ hasText: "“431”" });
  await expect(fours).toContainText("2 students");
  const flagged = async (answer: string) => /flagged/.test((await groups.filter({ hasText: answer }).textContent()) ?? "");
  const [flagged431, flagged421] = [await flagged("“431”"), await flagged("“421”")];
  await expect(groups.nth(0)).toContainText(flagged431 && !flagged421 ? "“431”" : "“421”");
  await expectInkLoaded(groups.getByTestId("answer-ink"));
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/answer-groups.png", fullPage: true });
  await fours.getByRole("button", { name: "Confirm these 2 marks" }).click(); // action 1 of 1
  await expect(page.getByRole("status")).toHaveText("Confirmed the marks of 2 students.");

  // Question 2 from the keyboard: everyone wrote 5/2; focus the group's button and press Enter.
  await page.goto(`/assignment/${id}/question/2`);
  await expect(groups).toHaveCount(1);
  const confirm = groups.getByRole("button", { name: "Confirm these 3 marks" });
  await page.keyboard.press("Tab");
  for (let i = 0; i < 40 && !(await confirm.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Confirmed the marks of 3 students.");

  // The history of each student says so.
  await page.goto(`/assignment/${id}/submission/${paper.id}`);
  await expect(page.getByText('confirmed the mark on question 2 for everyone who answered "5/2"')).toBeVisible();

  // On a phone, the groups and the crops fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/assignment/${id}/question/4`);
  await expectInkLoaded(groups.getByTestId("answer-ink"));
  await noWiderThanScreen(page);
  await page.screenshot({ path: "tests/e2e/artifacts/answer-groups-phone.png", fullPage: true });
});
