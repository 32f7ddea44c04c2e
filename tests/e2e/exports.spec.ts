import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";

const password = "chalkboard-42";
const shots = "tests/e2e/artifacts";
// A real 2x2 PNG: the assignment needs one piece of student work.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

async function signIn(page: Page) {
  const email = `e2e-exports-${Date.now()}@school.example`;
  const registered = await page.request.post("/api/auth/register", { data: { name: "Maria Lopez", email, password } });
  expect(registered.status()).toBe(201);
  const { access_token } = (await registered.json()) as { access_token: string };
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return access_token;
}

test("the export dialog shows who will not match, remembers the format, downloads Canvas and refuses an empty OneRoster file", async ({
  page,
}) => {
  const token = await signIn(page);
  const auth = { Authorization: `Bearer ${token}` };
  const created = await page.request.post("/api/classes", {
    headers: auth,
    data: {
      name: "7A Science",
      subject: "Science",
      grade_level: "7",
      enrollment_method: "manual",
      students: [
        { name: "Ana Diaz", email: "ana@school.example", sis_id: "S-001", login_id: "ana.diaz" },
        { name: "Ben Ode", email: "ben@school.example" },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const classId = ((await created.json()) as { class: { id: string } }).class.id;
  const assignment = await page.request.post("/api/assignments", {
    headers: auth,
    multipart: {
      title: "Final Grade project",
      classId,
      points: "50",
      saveWithoutProcessing: "true",
      assignment_files: { name: "ana.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(assignment.status(), await assignment.text()).toBe(201);

  await page.goto(`/classes/${classId}`);
  // The class page says who lacks gradebook ids.
  const ids = page.getByTestId("gradebook-ids");
  await expect(ids).toContainText("1 of 2 students lack an SIS ID or login");
  await expect(ids.getByRole("listitem")).toHaveText(["Ben OdeNo SIS ID or login · Add ids"]);

  const dialog = page.getByTestId("export-dialog");
  await dialog.getByText("Export grades", { exact: true }).first().click();
  const panel = page.getByRole("dialog", { name: "Export grades" });
  await expect(panel).toBeVisible();
  await panel.getByLabel(/Canvas CSV/).check();
  await expect(panel.getByTestId("points-explained")).toContainText("Canvas keeps its own points");
  await expect(panel.getByTestId("left-out")).toContainText("Ana Diaz: No final grade in this class yet");
  await expect(panel.getByTestId("column-notices")).toContainText('contains "Final Grade"');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${shots}/export-dialog-canvas.png`, fullPage: true });

  // Canvas assignment ids are saved from the dialog, where the teacher reads what a wrong id does; one heads its
  // column only once the teacher confirms the saved ids.
  await expect(panel.getByTestId("canvas-id-warning")).toContainText("creates a new assignment on every import");
  const canvasId = panel.getByLabel("Canvas assignment id for Final Grade project");
  await canvasId.fill("abc");
  expect(await canvasId.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
  await canvasId.fill("4012");
  await panel.getByRole("button", { name: "Save Canvas ids" }).click();
  await expect(panel.getByRole("button", { name: "Save Canvas ids" })).toBeEnabled();
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await panel.getByLabel("The saved Canvas assignment ids are assignments published in the Canvas course").check();

  const [canvas] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Download" }).click()]);
  expect(canvas.suggestedFilename()).toBe("7A Science grades (Canvas).csv");
  const rows = (await readFile((await canvas.path())!, "utf8")).slice(1).trimEnd().split("\r\n");
  // Nothing graded yet, and the "Final Grade" column would be dropped by Canvas: the header only.
  expect(rows).toEqual(["Student,ID,SIS User ID,SIS Login ID,Section"]);

  // OneRoster needs the SIS's class and school ids; they and the format are remembered after a reload.
  await panel.getByLabel(/OneRoster 1\.2/).check();
  await panel.getByLabel("Class (section) id").fill("SEC-7A");
  await panel.getByLabel("School id").fill("SCH-1");
  await expect(panel.getByTestId("left-out")).toContainText("Ben Ode");
  await page.reload();
  await dialog.getByText("Export grades", { exact: true }).first().click();
  await expect(panel.getByLabel(/OneRoster 1\.2/)).toBeChecked();
  await expect(panel.getByLabel("Class (section) id")).toHaveValue("SEC-7A");
  await expectNoSeriousA11yViolations(page);
  // Nothing is graded: OneRoster allows no results file without rows, so the dialog says why there is no file.
  await expect(panel.getByTestId("oneroster-refused")).toContainText("There is no final grade to send yet");
  await expect(panel.getByRole("button", { name: "Download" })).toBeDisabled();
});
