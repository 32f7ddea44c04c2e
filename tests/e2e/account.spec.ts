import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { signUp } from "./support/teacher";

test("forgot password → the local outbox → reset → sign in with the new password", async ({ page, context }) => {
  await page.goto("/");
  const { email, password } = await signUp(page);
  await context.clearCookies();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `If an account exists for ${email}, we have sent it a link to reset the password. The link expires in 30 minutes.`,
  );

  await page.goto("/dev/mail");
  const mail = page.getByTestId("mail").filter({ hasText: email }).filter({ hasText: "Reset your Gradewell password" }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole("link", { name: /\/reset-password\// }).click();
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("New password", { exact: true }).fill("fresh-chalk-99");
  await page.getByLabel("Confirm new password").fill("fresh-chalk-98");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await page.getByLabel("New password", { exact: true }).fill("fresh-chalk-99");
  await page.getByLabel("Confirm new password").fill("fresh-chalk-99");
  await page.getByRole("button", { name: "Reset password" }).click();

  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByRole("status")).toHaveText("Your password has been reset. Please sign in with your new password.");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await page.getByLabel("Password", { exact: true }).fill("fresh-chalk-99");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("delete my account → signed out → sign-in refused", async ({ page }) => {
  await page.goto("/");
  const { email, password } = await signUp(page, "Dana");
  await page.goto("/settings");
  await expectNoSeriousA11yViolations(page);
  const danger = page.getByRole("region", { name: "Delete account" });
  await danger.getByLabel("Type your e-mail address to confirm").fill("wrong@school.example");
  await danger.getByLabel("Your password", { exact: true }).fill(password);
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger.getByRole("alert")).toHaveText("Type your account's e-mail address exactly to confirm.");

  await danger.getByLabel("Type your e-mail address to confirm").fill(email);
  await danger.getByLabel("Your password", { exact: true }).fill(password);
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  await expect(page.getByRole("status")).toHaveText("Your account and all of its data have been deleted.");

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});
