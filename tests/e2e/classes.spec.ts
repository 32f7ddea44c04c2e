import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { fakeCameraLaunchOptions } from "./support/chromium";

const password = "chalkboard-42";
// A real 2x2 PNG, so the thumbnail renders.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

// Chromium's fake camera for the conference photo (forces its own browser launch, so it is set for the whole file).
test.use({
  permissions: ["camera"],
  launchOptions: fakeCameraLaunchOptions(),
});

async function signIn(page: Page) {
  const email = `e2e-classes-${Date.now()}@school.example`;
  const registered = await page.request.post("/api/auth/register", { data: { name: "Maria Lopez", email, password } });
  expect(registered.status()).toBe(201);
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a teacher creates a class with manual enrollment, opens a student, adds a note and a conference item that survives a reload", async ({
  page,
}) => {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await signIn(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes" }).click();
  await expect(page.getByRole("heading", { name: "My Classes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Classes Yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Create Your First Class" }).click();
  await expect(page).toHaveURL(/\/create-class$/);

  await page.getByLabel("Class name").fill("Room 12 Grade 3");
  await page.getByLabel("Subject").selectOption("English");
  await page.getByLabel("Grade level").selectOption("3");
  await page.getByLabel("Description").fill("Reading and writing workshop");
  await expect(page.getByRole("textbox", { name: "Class code" })).toHaveValue(/^[A-Z0-9]{6}$/);
  await page.getByRole("radio", { name: /Manual/ }).check();
  const addStudent = page.getByRole("button", { name: "Add Student" });
  await page.getByLabel("Student name").fill("Ada Lovelace");
  await expect(addStudent).toBeDisabled(); // both name and email first
  await page.getByLabel("Student email").fill("ada@school.example");
  await addStudent.click();
  await page.getByLabel("Student name").fill("Alan Turing");
  await page.getByLabel("Student email").fill("alan@school.example");
  await page.getByLabel("Student email").press("Enter");
  await page.getByLabel("Student name").fill("Grace Hopper");
  await page.getByLabel("Student email").fill("grace@school.example");
  await addStudent.click();
  const list = page.getByRole("list", { name: "Students to enroll" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Remove Alan Turing" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/create-class.png", fullPage: true });
  await page.getByRole("button", { name: "Create Class" }).last().click();

  await expect(page).toHaveURL(/\/classes$/);
  const cardEl = page.getByTestId("class-card").filter({ hasText: "Room 12 Grade 3" });
  await expect(cardEl.getByTestId("student-count")).toHaveText("2");
  await expect(cardEl.getByTestId("assignment-count")).toHaveText("0");
  await expect(cardEl.getByTestId("average-score")).toHaveText("N/A");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/classes-list.png", fullPage: true });

  await cardEl.getByRole("link", { name: /View Class/ }).click();
  await expect(page.getByRole("heading", { name: "Room 12 Grade 3" })).toBeVisible();
  await page.getByRole("group", { name: "Grace Hopper" }).getByLabel("Late").check();
  await page.getByRole("button", { name: "Save attendance" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Attendance saved" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/class-page.png", fullPage: true });

  // Grade 3: the roster opens the elementary profile; its 'Full profile' has the notes.
  await page.getByRole("link", { name: "Ada Lovelace" }).click();
  await expect(page).toHaveURL(/\/elementary-student\//);
  await expect(page.getByTestId("subject-card")).toHaveCount(5);
  await expect(page.getByTestId("attendance")).toHaveText("100%");
  await expectNoSeriousA11yViolations(page);
  const elementaryUrl = page.url();
  await page.getByRole("link", { name: "Full profile" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByTestId("overall-grade")).toHaveText("N/A");
  await expect(page.getByText("Not enough graded work yet").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/student-profile.png", fullPage: true });

  await page.getByRole("link", { name: "Notes" }).click();
  await page.getByLabel("Note", { exact: true }).fill("Reads aloud with confidence; ask about library books.");
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByTestId("note")).toHaveCount(1);
  await expect(page.getByTestId("note")).toContainText("Reads aloud with confidence");
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${elementaryUrl}?tab=conference`);
  await page.getByText("Add Conference Item").click();
  const submit = page.getByRole("button", { name: "Add to Conference Folder" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Files").setInputFiles({ name: "reading-log.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByLabel("Title")).toHaveValue("reading-log");
  await expect(submit).toBeDisabled(); // description still empty
  await page.getByLabel("Description").fill("Her reading log for March");
  await page.getByRole("combobox", { name: "Subject" }).selectOption("Reading");
  await page.getByRole("combobox", { name: "Importance" }).selectOption("high");
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId("conference-item")).toHaveCount(1);
  expect(alerts).toContain('Added "reading-log" to conference folder!');

  await page.reload();
  const item = page.getByTestId("conference-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("reading-log");
  await expect(item).toContainText("Her reading log for March");
  await expect(item).toContainText("high importance");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/conference-folder.png", fullPage: true });

  await page.getByRole("link", { name: "Conference summary" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByText("Her reading log for March")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Back to profile" }).click();
  await expect(page.getByTestId("conference-item")).toHaveCount(1);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Students" }).click();
  await expect(page.getByTestId("student-card")).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/students.png", fullPage: true });
});

test.describe("camera", () => {
  test("a conference photo is taken, retaken and saved with the title 'Photo taken {date}'; class settings are accessible", async ({
    page,
    baseURL,
  }) => {
    await signIn(page);
    const created = await page.request.post("/api/classes", {
      headers: { Origin: baseURL! },
      data: {
        name: "Kinder Blue",
        subject: "Other",
        grade_level: "K",
        enrollment_method: "manual",
        students: [{ name: "Bea Brown", email: "bea@school.example" }],
      },
    });
    expect(created.status()).toBe(201);
    const klass = (await created.json()).class as { id: string };

    await page.goto(`/classes/${klass.id}/details`);
    await expectNoSeriousA11yViolations(page);
    const before = await page.getByTestId("class-code").textContent();
    await page.getByRole("button", { name: "Regenerate code" }).click();
    await expect(page.getByRole("status")).toContainText("New class code");
    await expect(page.getByTestId("class-code")).not.toHaveText(before!);

    await page.goto(`/classes/${klass.id}`);
    await page.getByRole("link", { name: "Bea Brown" }).click();
    await page.getByRole("link", { name: "Conference Folder" }).click();
    await page.getByText("Add Conference Item").click();
    await page.getByRole("button", { name: "Take Photo" }).click();
    await page.getByRole("button", { name: "Capture" }).click(); // enabled once the first frame plays
    await expect(page.getByRole("img", { name: "What you just captured" })).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(/^Photo taken /);
    await page.getByRole("button", { name: "Retake" }).click();
    await page.getByRole("button", { name: "Capture" }).click(); // enabled once the first frame plays
    await page.getByLabel("Description").fill("Building a block tower");
    await page.getByRole("button", { name: "Add to Conference Folder" }).click();
    const item = page.getByTestId("conference-item");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Photo taken");
    await expect(item).toContainText(/photo-.*\.jpg/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "tests/e2e/artifacts/conference-phone.png", fullPage: true });
  });
});
