// A Starter teacher meets the Professional features in the browser: each is explained with an upgrade link,
// never a button that fails (docs/decisions/0017-professional-features.md).
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { signUp } from "./support/teacher";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC", "base64");

test("Starter: the rubric and bulk upload are explained on the create page, Analytics on its screen", async ({ page }) => {
  await page.goto("/login");
  await signUp(page);
  await page.goto("/add-assignment");
  const rubric = page.getByTestId("upgrade-custom_rubric");
  await expect(rubric).toContainText("Custom rubric builder is part of the Professional plan");
  await expect(rubric.getByRole("link", { name: "Upgrade to Professional" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("switch", { name: /Include grading rubric/ })).toHaveCount(0);

  const submit = page.getByRole("button", { name: "Create & Process Assignment" });
  const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `student-${i + 1}.png`, mimeType: "image/png", buffer: PNG }));
  await page.getByTestId("choose-assignment_files").setInputFiles(photos(10));
  await expect(page.getByTestId("upgrade-bulk_upload")).toHaveCount(0);
  await page.getByLabel("Title").fill("Fractions quiz");
  await expect(submit).toBeEnabled();

  await page.getByTestId("choose-assignment_files").setInputFiles(photos(1).map((p) => ({ ...p, name: "student-11.png" })));
  const bulk = page.getByTestId("upgrade-bulk_upload");
  await expect(bulk).toContainText("Bulk upload is part of the Professional plan");
  await expect(bulk).toContainText("On Starter, upload up to 10 files at a time.");
  await expect(submit).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await page.goto("/analytics");
  await expect(page.getByTestId("upgrade-advanced_analytics")).toContainText("Advanced analytics is part of the Professional plan");
  await expect(page.getByText("Export Report")).toHaveCount(0);
});
