// Security headers on every response, and a Content-Security-Policy the app actually passes: the pages load,
// hydrate and navigate with a clean console (a blocked inline script would log a CSP violation).
import { expect, test, type ConsoleMessage } from "@playwright/test";
import { signUp } from "./support/teacher";

const EXPECTED = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(EXPECTED)) expect(headers[name], `${name} on ${what}`).toBe(value);
  expect(headers["permissions-policy"], what).toMatch(/^camera=\(self\), microphone=\(\)/);
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
}

test("every response carries the security headers and the CSP lets the app run with a clean console", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));

  const landing = await page.goto("/");
  const headers = landing!.headers();
  expectSecurityHeaders(headers, "the landing page");
  const nonce = headers["content-security-policy"]!.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  // Remix's inline scripts carry this response's nonce.
  expect(await landing!.text()).toContain(`nonce="${nonce}"`);
  // Hydration ran: Remix's inline bootstrap scripts were allowed by the nonce.
  await page.waitForFunction(() => "__remixRouter" in window);

  // Static files (served before the worker) and the JSON API carry them too.
  const asset = await page.request.get("/favicon.svg");
  expectSecurityHeaders(asset.headers(), "a static file");
  const health = await page.request.get("/api/health");
  expectSecurityHeaders(health.headers(), "the API");
  expect(health.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");

  // A signed-in teacher's pages: client-side navigation, forms and hydration under the CSP.
  await signUp(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.getByRole("link", { name: "Classes", exact: true }).first().click();
  await expect(page).toHaveURL(/\/classes$/);
  await page.goto("/add-assignment");
  await expect(page.getByRole("heading").first()).toBeVisible();
  await page.goto("/login?redirectTo=%2F%09%2Fevil.example%2Fphish");

  expect(problems.filter((p) => !p.includes("favicon"))).toEqual([]);
});

test("a sign-in's redirect never leaves the site, whatever redirectTo says", async ({ page }) => {
  await page.goto("/"); // signUp posts with this page's origin
  const { email, password } = await signUp(page);
  await page.context().clearCookies();
  for (const redirectTo of ["/\t/evil.example/phish", "//evil.example", "/\\evil.example", "https://evil.example"]) {
    await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
    await page.context().clearCookies();
  }
});
