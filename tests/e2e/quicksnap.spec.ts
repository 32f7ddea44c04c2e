import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { FAKE_CAMERA_FILE } from "./support/fake-camera";
import { fakeCameraLaunchOptions } from "./support/chromium";
import { signUp } from "./support/teacher";

const port = process.env.E2E_PORT ?? "8790";
// The key of the photographed worksheet the fake camera shows (tests/fixtures/engines/photographed-worksheet.json).
const KEY = "1. 96\n2. 1\n3. 1/2 | 0.5\n4. 83\n5. 12 cm2\n6. x = 5\n7. 20\n8. 0.7";

// Chromium's fake camera shows the photographed worksheet; the permission prompt is accepted automatically.
test.use({ launchOptions: fakeCameraLaunchOptions(FAKE_CAMERA_FILE) });

test("Snap & Grade with no key: camera to 'Grading complete!' with no score, and on to the live job page", async ({ page }) => {
  // Locally both workers share one workerd thread: while a photo is OCR'd, polls wait for it.
  test.setTimeout(150_000);
  process.env.E2E_ORIGIN = `http://127.0.0.1:${port}`;
  await signUp(page, "Quinn");
  await page.goto("/dashboard");
  await page.getByText("Quick Actions", { exact: true }).click();
  await page
    .getByRole("link", { name: /Snap & Grade/ })
    .first()
    .click(); // the Quick Actions menu; the Overview panel repeats it
  const dialog = page.getByRole("dialog", { name: "Snap & Grade" });
  await expect(dialog).toBeVisible();
  // A new teacher has no assignment yet: the only choice is to check what can be checked without a key.
  const against = dialog.getByLabel("Grade against");
  await expect(against).toHaveValue("quicksnap");
  await expect(against.locator("option")).toHaveText(["No key: check what can be checked"]);
  const capture = dialog.getByRole("button", { name: "Capture & Grade" });
  await expect(capture).toBeEnabled({ timeout: 15_000 });
  await capture.click();

  await expect(dialog.getByTestId("quicksnap-message")).toHaveText("Upload successful! Processing started...");
  // No key, no score: nothing is invented and nothing enters an average.
  await expect(dialog.getByTestId("quicksnap-message")).toHaveText("Grading complete! Score: N/A", { timeout: 120_000 });
  await expect(dialog.getByTestId("quicksnap-checked")).toContainText("nothing was scored");
  await page.screenshot({ path: "tests/e2e/artifacts/quicksnap-complete.png" });

  await dialog.getByRole("link", { name: "See the graded work and feedback" }).click();
  await expect(page).toHaveURL(/\/jobs\//);
  await expect(page.getByTestId("job-status")).toHaveText("Complete");
  // The fake camera frames the middle of the page (16:9 from a portrait sheet), as a hurried phone photo would.
  await expect(page.getByTestId("recognized-text")).toContainText("Answer: x = 5");
  await expect(page.getByTestId("feedback")).toContainText("No answer key: only calculations and simple equations could be checked");
  await expect(page.getByTestId("feedback")).not.toContainText(/Strong work|Nothing to fix|you scored/i);
  await expect(page.getByTestId("submission-score")).toHaveText("No key: checked, not scored");
  await expect(page.getByTestId("job-average")).toHaveText("N/A");
  await expect(page.getByTestId("question-row").first()).toBeVisible();
  await page.screenshot({ path: "tests/e2e/artifacts/job-page.png", fullPage: true });
});

test("Snap & Grade explains a denied camera in the spec's words", async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.goto("/login");
  process.env.E2E_ORIGIN = `http://127.0.0.1:${port}`;
  await signUp(page, "Dana");
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "mediaDevices", {
      value: { getUserMedia: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    });
  });
  await page.goto("/dashboard?quicksnap=1");
  await expect(page.getByRole("alert")).toHaveText("Unable to access camera. Please check permissions.");
  await context.close();
});

test("Snap & Grade against one of the teacher's assignments: graded with its key, with a score", async ({ page }) => {
  test.setTimeout(150_000);
  process.env.E2E_ORIGIN = `http://127.0.0.1:${port}`;
  await signUp(page, "Kim");
  const origin = `http://127.0.0.1:${port}`;
  const form = new FormData();
  const fields = {
    title: "Fractions practice",
    points: "16",
    gradeLevel: "5",
    hasAnswerKey: "true",
    answerKeyText: KEY,
    processingMode: "none",
    skipDetails: "false",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  // An assignment is created with students' work: the class's photo, saved without grading.
  const photo = readFileSync("tests/fixtures/engines/photographed-worksheet.jpg");
  form.append("assignment_files", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "maya.jpg");
  const created = await page.request.post("/api/assignments", { multipart: form, headers: { Origin: origin } });
  expect(created.status()).toBe(201);
  await page.goto("/dashboard?quicksnap=1");
  const dialog = page.getByRole("dialog", { name: "Snap & Grade" });
  await dialog.getByLabel("Grade against").selectOption({ label: "Fractions practice" });
  await expect(dialog.getByTestId("quicksnap-no-key-hint")).toHaveCount(0);
  const capture = dialog.getByRole("button", { name: "Capture & Grade" });
  await expect(capture).toBeEnabled({ timeout: 15_000 });
  await capture.click();
  await expect(dialog.getByTestId("quicksnap-message")).toHaveText(/^Grading complete! Score: \d+(\.\d+)?$/, { timeout: 120_000 });
  await expect(dialog.getByTestId("quicksnap-checked")).toHaveCount(0);
  await page.screenshot({ path: "tests/e2e/artifacts/quicksnap-with-key.png" });
});
