import { expect, test } from "@playwright/test";
import { renderWorksheetImage, worksheetPdfWithText, WORKSHEETS } from "../../tools/worksheets/worksheets";
import { signUp } from "./support/teacher";

const port = process.env.E2E_PORT ?? "8790";
const sheet = WORKSHEETS[0]!;

test("a three-student job page shows each page's text, then its scores and feedback streaming in", async ({ page }) => {
  test.setTimeout(180_000);
  const origin = `http://127.0.0.1:${port}`;
  process.env.E2E_ORIGIN = origin;
  await signUp(page, "Jo");

  const form = new FormData();
  form.set("title", "Fractions check");
  form.set("points", String(sheet.points));
  form.set("hasAnswerKey", "true");
  form.set("processLater", "true");
  form.set("batchUpload", "true");
  form.append(
    "answer_key_files",
    new Blob([(await worksheetPdfWithText([sheet.key.split("\n")])) as Uint8Array<ArrayBuffer>], { type: "application/pdf" }),
    "key.pdf",
  );
  for (const [i, name] of ["Ava Stone", "Ben Cruz", "Cleo Park"].entries()) {
    const lines = sheet.lines.map((l) => (l.startsWith("Name:") ? `Name: ${name}` : l));
    form.append(
      "batch_files",
      new Blob([(await renderWorksheetImage(lines, "photo", 40 + i)) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }),
      `student-${i + 1}.jpg`,
    );
  }
  const created = await page.request.post("/api/assignments", { multipart: form, headers: { Origin: origin } });
  expect(created.status()).toBe(201);
  const { assignment_id } = await created.json();

  await page.goto("/dashboard");
  // Record what the page shows after every change React commits while the job runs.
  await page.addInitScript(() => {
    const seen: { text: number; feedback: number }[][] = [];
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const sample = () => {
      const cards = [...document.querySelectorAll('[data-testid="submission-card"]')];
      seen.push(
        cards.map((card) => {
          const feedback = card.querySelector('[data-testid="feedback"]')?.textContent ?? "";
          return {
            text: card.querySelector('[data-testid="recognized-text"]')?.textContent?.includes("Answer") ? 1 : 0,
            feedback: feedback.startsWith("Feedback appears") ? 0 : feedback.length,
          };
        }),
      );
    };
    document.addEventListener("DOMContentLoaded", () => {
      new MutationObserver(sample).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  });
  const processed = await page.request.post(`/api/document-ai/process/assignment/${assignment_id}`, { headers: { Origin: origin } });
  expect(processed.status()).toBe(202);
  const { job_id } = await processed.json();
  await page.goto(`/jobs/${job_id}`);

  await expect(page.getByTestId("submission-card")).toHaveCount(3);
  await expect(page.getByTestId("job-status")).toHaveText("Complete", { timeout: 150_000 });
  await expect(page.getByRole("progressbar", { name: "Grading progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByTestId("job-average")).toHaveText(/^\d+(\.\d+)?%$/);
  for (const card of await page.getByTestId("submission-card").all()) {
    await expect(card.getByTestId("recognized-text")).toContainText("Answer");
    await expect(card.getByTestId("question-row")).toHaveCount(8);
    await expect(card.getByTestId("feedback")).toContainText("you scored");
  }
  await expect(page.getByRole("heading", { name: "Cleo Park" })).toBeVisible(); // names read from the pages
  await page.screenshot({ path: "tests/e2e/artifacts/job-page-three-students.png", fullPage: true });

  // Streaming, seen frame by frame: a page's text showed before its feedback, and feedback grew in steps.
  const seen = await page.evaluate(() => (window as unknown as { __seen: { text: number; feedback: number }[][] }).__seen);
  const textBeforeFeedback = seen.some((frame) => frame.some((c) => c.text === 1 && c.feedback === 0));
  const lengths = new Set(seen.flatMap((frame) => frame.map((c) => c.feedback)).filter((n) => n > 0));
  expect(textBeforeFeedback).toBe(true);
  expect(lengths.size).toBeGreaterThan(3);
});
