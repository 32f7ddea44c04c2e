import { expect, test } from "@playwright/test";
import { worksheetPdfWithText } from "../../tools/worksheets/worksheets";
import { signUp } from "./support/teacher";

const port = process.env.E2E_PORT ?? "8790";

test("the review page shows a regrade's new marks without a reload, keeping the teacher's override", async ({ page }) => {
  test.setTimeout(180_000);
  const origin = `http://127.0.0.1:${port}`;
  process.env.E2E_ORIGIN = origin;
  await signUp(page, "Rae");

  const form = new FormData();
  form.set("title", "Check-in");
  form.set("points", "8");
  form.set("hasAnswerKey", "true");
  form.set("processLater", "true");
  form.set("batchUpload", "true");
  const pdf = async (lines: string[]) =>
    new Blob([(await worksheetPdfWithText([lines])) as Uint8Array<ArrayBuffer>], { type: "application/pdf" });
  form.append("answer_key_files", await pdf(["1. 96", "2. 1", "3. 1/2", "4. 83"]), "key.pdf");
  form.append("batch_files", await pdf(["Name: Cleo Park", "1. 96", "2. 2", "3. 1/3", "4. 83"]), "cleo.pdf");
  const created = await page.request.post("/api/assignments", { multipart: form, headers: { Origin: origin } });
  expect(created.status()).toBe(201);
  const { assignment_id } = await created.json();
  const processed = await page.request.post(`/api/document-ai/process/assignment/${assignment_id}`, { headers: { Origin: origin } });
  const { job_id } = await processed.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/v2/grading/job/${job_id}`)).json()).status, { timeout: 90_000 })
    .toBe("completed");
  const { assignment } = await (await page.request.get(`/api/assignments/${assignment_id}`)).json();
  const submission = assignment.submissions[0];
  expect(submission.file_name).toBe("cleo.pdf");

  await page.goto(`/assignment/${assignment_id}/submission/${submission.id}`);
  await expect(page.getByLabel("Score (out of 8)")).toHaveValue("4");
  const rows = page.getByTestId("question-row");
  // The teacher gives question 2 half marks.
  await rows
    .nth(1)
    .getByLabel(/Points/)
    .fill("1");
  await rows.nth(1).getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Score (out of 8)")).toHaveValue("5");

  // Mark the document: a full page load would lose this.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const text = page.getByRole("textbox", { name: "Recognised text" });
  await text.fill((await text.inputValue()).replace("3. 1/3", "3. 1/2"));
  await page.getByRole("button", { name: "Save text and regrade" }).click();

  // The regrade lands while the page stays open: question 3 is now right, question 2 keeps the override.
  await expect(page.getByLabel("Score (out of 8)")).toHaveValue("7", { timeout: 90_000 });
  await expect(rows.nth(2).getByLabel(/Points/)).toHaveValue("2");
  await expect(rows.nth(1).getByLabel(/Points/)).toHaveValue("1");
  await expect(rows.nth(1)).toContainText("AI gave 0");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await page.screenshot({ path: "tests/e2e/artifacts/review-after-regrade.png", fullPage: true });
});
