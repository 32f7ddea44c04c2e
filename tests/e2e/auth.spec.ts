import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, test } from "@playwright/test";

const password = "chalkboard-42";

test("a teacher registers, lands on the dashboard, logs out and signs in again", async ({ page }) => {
  const email = `e2e-${Date.now()}@school.example`;
  await page.goto("/register");
  await expectNoSeriousA11yViolations(page);
  const submit = page.getByRole("button", { name: "Create account" });
  await page.getByLabel("First name").fill("Maria");
  await page.getByLabel("Last name").fill("Lopez");
  await page.getByLabel("Username").fill("mlopez");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("School name").fill("Lincoln Elementary");
  await page.getByLabel("State").selectOption("TX");
  await page.getByLabel("Grade level").selectOption("3rd Grade");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await expect(submit).toBeDisabled(); // until the terms are accepted
  await page.getByLabel(/I agree to the/).check();
  await expect(submit).toBeEnabled();
  await page.getByRole("button", { name: "Show password" }).first().click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await submit.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maria" })).toBeVisible();
  await expect(page.getByTestId("kpi-Classes")).toHaveText("0");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/dashboard-desktop.png", fullPage: true });

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("not my password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");

  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maria" })).toBeVisible();
});

test("the register form explains mismatched passwords in the spec's words", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Username").fill("slee");
  await page.getByLabel("Email address").fill(`e2e-mismatch-${Date.now()}@school.example`);
  await page.getByLabel("School name").fill("Hill School");
  await page.getByLabel("State").selectOption("WA");
  await page.getByLabel("Grade level").selectOption("Mixed Grades");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill("something-else");
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
});

test("signed-out visitors are sent to /login, and the Google button explains itself", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("alert")).toContainText("Google sign-in is not set up on this server.");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "tests/e2e/artifacts/login-phone.png", fullPage: true });
});
