// The Blank Worksheet card of the create page (docs/decisions/0041), with JavaScript: one file kept (a second pick
// replaces the first), a Word document refused on the spot, and the blank sent with the upload to the JSON API.
import { expect, test } from "@playwright/test";
import { worksheetPng } from "./support/worksheets";

const password = "chalkboard-42";

test("a teacher adds a blank worksheet beside the key and finds it with the assignment", async ({ page }) => {
  const email = `e2e-blank-${Date.now()}@school.example`;
  const registered = await page.request.post("/register", {
    form: {
      firstName: "Maria",
      lastName: "Lopez",
      username: "mlopez",
      email,
      schoolName: "Lincoln Elementary",
      state: "TX",
      gradeLevel: "3rd Grade",
      password,
      confirmPassword: password,
      agreeToTerms: "on",
    },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(302);

  await page.goto("/add-assignment");
  await expect(page.getByRole("heading", { name: "Blank Worksheet (optional)" })).toBeVisible();
  await page
    .getByTestId("choose-assignment_files")
    .setInputFiles({ name: "ana.png", mimeType: "image/png", buffer: worksheetPng("Ana Diaz", ["3/4"]) });
  const blank = page.getByTestId("choose-blank_worksheet_files");
  await blank.setInputFiles({ name: "first.png", mimeType: "image/png", buffer: worksheetPng("", ["", ""]) });
  await blank.setInputFiles({ name: "blank.png", mimeType: "image/png", buffer: worksheetPng("", ["", ""]) });
  const chosen = page.getByRole("list", { name: "Blank Worksheet (optional): selected files" }).getByRole("listitem");
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText("blank.png");
  await blank.setInputFiles({
    name: "blank.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: Buffer.from("PK"),
  });
  await expect(page.getByTestId("upload-blank_worksheet_files").getByRole("alert")).toContainText("not a Word document");
  await expect(chosen).toContainText("blank.png");

  await page.getByLabel("Title").fill("Blank worksheet check");
  await page.getByRole("radio", { name: "Save Without Processing" }).check();
  await page.getByRole("button", { name: "Save Assignment" }).click();
  await page.waitForURL(/\/assignments\?created=\w+/);
  const id = new URL(page.url()).searchParams.get("created")!;
  await page.goto(`/assignment/${id}`);
  await expect(page.getByRole("link", { name: "blank.png" })).toBeVisible();
  await expect(page.getByText("blank worksheet ·")).toBeVisible();
});
