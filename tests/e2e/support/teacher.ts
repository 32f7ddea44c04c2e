import type { Page } from "@playwright/test";

/** Registers a teacher through the real form post; the session cookie lands in the page's browser context. */
export async function signUp(page: Page, firstName = "Maria") {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@school.example`;
  const password = "chalkboard-42";
  const baseURL = new URL(page.url() === "about:blank" ? "http://127.0.0.1" : page.url()).origin;
  const response = await page.request.post("/register", {
    form: {
      firstName,
      lastName: "Lopez",
      username: `user${Date.now()}`,
      email,
      schoolName: "Lincoln Elementary",
      state: "TX",
      gradeLevel: "5th Grade",
      password,
      confirmPassword: password,
      agreeToTerms: "on",
    },
    headers: { Origin: process.env.E2E_ORIGIN ?? baseURL },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`sign-up failed: ${response.status()}`);
  return { email, password };
}

/** Puts the signed-in teacher on a plan through the local-only /dev/plan page (there is no payment in Gradewell). */
export async function choosePlan(page: Page, plan: "starter" | "professional" | "school") {
  // Not the page's "load": once it hung for 150 s with the page drawn (after the crash-recovery spec's restarts).
  await page.goto("/dev/plan", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: plan, exact: true }).click();
  await page
    .getByTestId("current-plan")
    .filter({ hasText: `Current plan: ${plan}` })
    .waitFor();
}
