import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";

const PHONE = { width: 390, height: 844 };
const SUCCESS = "Thank you for your message! We'll get back to you soon.";

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `tests/e2e/artifacts/${name}.png`, fullPage: true });
}

test("landing: navigation, demo dialog, steps, rotating examples, accessible and responsive", async ({ page }) => {
  await page.goto("/");
  await expectNoSeriousA11yViolations(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Features" })).toHaveAttribute("href", "/#features");
  await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
  await expect(nav.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "Start Free Trial" }).first()).toHaveAttribute("href", "/register");

  // Demo and Watch Demo open the same dialog; Got it! closes it.
  const dialog = page.getByRole("dialog", { name: "Demo Coming Soon!" });
  await expect(dialog).toBeHidden();
  await nav.getByRole("button", { name: "Demo" }).click();
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/demo-dialog-desktop.png" });
  await dialog.getByRole("button", { name: "Got it!" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Watch Demo" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // How Gradewell Works: three selectable steps, by mouse and by arrow keys.
  const steps = page.getByRole("tablist", { name: "Steps" });
  await expect(steps.getByRole("tab")).toHaveText([/Smart Upload/, /Instant Grading/, /Seamless Export/]);
  await steps.getByRole("tab", { name: /Instant Grading/ }).click();
  await expect(page.getByRole("tabpanel")).toContainText("matches every answer to your key or rubric");
  await page.keyboard.press("ArrowDown");
  await expect(steps.getByRole("tab", { name: /Seamless Export/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("export the grades you accept");

  // The rotating display advances on its own every 4 s (the mouse is kept away from it). It has been turning since
  // the page loaded, so the next slide is counted from the one shown now.
  await page.mouse.move(0, 0);
  const slide = page.getByTestId("rotating-item");
  const shown = Number((await slide.getAttribute("aria-label"))?.match(/^(\d) of 3$/)?.[1]);
  expect(shown).toBeGreaterThanOrEqual(1);
  await expect(slide).toHaveAttribute("aria-label", `${(shown % 3) + 1} of 3`, { timeout: 6000 });

  await expect(page.getByRole("heading", { name: "Powered by Advanced AI" })).toBeVisible();
  await page.getByRole("link", { name: "Schedule Demo" }).scrollIntoViewIfNeeded();
  await shoot(page, "landing-desktop");

  await page.getByRole("link", { name: "Schedule Demo" }).click();
  await expect(page).toHaveURL(/\/contact\?type=sales/);
  await expect(page.getByLabel("Type of inquiry")).toHaveValue("sales");
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Demo request");
});

test("landing: the rotating display stays still for people who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await page.mouse.move(0, 0);
  const display = page.getByTestId("rotating-display");
  await expect(display).toHaveAttribute("data-rotating", "false");
  await page.waitForTimeout(4500);
  await expect(page.getByTestId("rotating-item")).toHaveAttribute("aria-label", "1 of 3");
  await display.getByRole("button", { name: "Show example 3" }).click();
  await expect(page.getByTestId("rotating-item")).toHaveAttribute("aria-label", "3 of 3");
});

test("landing on a phone: the menu toggles and leads to the other pages", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "landing-phone");
  const menu = page.locator("summary[aria-label=Menu]");
  await expect(page.getByRole("banner").getByRole("link", { name: "Pricing" })).toBeHidden();
  await menu.click();
  const mobileNav = page.locator("details[open]").getByRole("navigation", { name: "Main" });
  await expect(mobileNav.getByRole("link", { name: "Features" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "tests/e2e/artifacts/landing-phone-menu.png" });
  await mobileNav.getByRole("button", { name: "Demo" }).click();
  await expect(page.getByRole("dialog", { name: "Demo Coming Soon!" })).toBeVisible();
  await page.getByRole("button", { name: "Got it!" }).click();
  await menu.click();
  await page.locator("details[open]").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("pricing: annual by default, monthly on request, every plan's Get Started to /register", async ({ page }) => {
  await page.goto("/pricing");
  await expectNoSeriousA11yViolations(page);
  const annual = page.getByRole("button", { name: "Annual" });
  const monthly = page.getByRole("button", { name: "Monthly" });
  await expect(annual).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Save 20%")).toBeVisible();
  const pro = page.getByTestId("plan-professional");
  await expect(pro).toContainText("Most Popular");
  await expect(pro.getByTestId("price")).toHaveText("$39");
  await expect(pro.getByTestId("saving")).toHaveText("Save $120 a year");
  await shoot(page, "pricing-desktop");
  await monthly.click();
  await expect(monthly).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("plan-starter").getByTestId("price")).toHaveText("$19");
  await expect(pro.getByTestId("price")).toHaveText("$49");
  await expect(page.getByTestId("plan-school").getByTestId("price")).toHaveText("$149");
  await expect(page.getByTestId("saving")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Why teachers choose Gradewell" })).toBeVisible();
  await page.getByText("Can I cancel at any time?").click();
  await expect(page.getByText("until the end of the billing period")).toBeVisible();
  await page.setViewportSize(PHONE);
  await shoot(page, "pricing-phone");
  for (const plan of ["Starter", "Professional", "School"])
    await expect(page.getByRole("link", { name: `Get Started with ${plan}` })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("link", { name: /^Contact us/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Upgrade an existing account to Professional" })).toHaveAttribute(
    "href",
    "/contact?type=sales&subject=Professional%20plan",
  );
  await page.getByRole("link", { name: "Get Started with Professional" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("support: live search, one open answer at a time, Live Chat opens the contact form", async ({ page }) => {
  await page.goto("/support");
  await expectNoSeriousA11yViolations(page);
  const search = page.getByRole("searchbox", { name: "Search help articles" });
  const questions = page.locator("#faq summary");
  const all = await questions.count();
  await search.fill("heic");
  await expect(questions).toHaveText(["Which file formats can I upload?"]); // matched in the answer text
  await search.fill("Grade Gradewell gave");
  await expect(questions).toHaveText(["Can I change a grade Gradewell gave?"]); // matched in the question
  await search.fill("xylophone");
  await expect(page.getByText('No results found for "xylophone"')).toBeVisible();
  await search.fill("");
  await expect(questions).toHaveCount(all);

  await questions.nth(0).click();
  await expect(page.locator("#faq details[open]")).toHaveCount(1);
  await questions.nth(2).click();
  await expect(page.locator("#faq details[open]")).toHaveCount(1);
  await expect(page.locator("#faq details").nth(2)).toHaveAttribute("open", "");
  await questions.nth(2).click();
  await expect(page.locator("#faq details[open]")).toHaveCount(0);

  await expect(page.getByRole("link", { name: /support@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByRole("link", { name: /\+1/ })).toHaveAttribute("href", /^tel:/);
  await shoot(page, "support-desktop");
  await page.getByRole("link", { name: "Live Chat" }).click();
  await expect(page).toHaveURL(/\/contact\?type=support/);
  await expect(page.getByLabel("Type of inquiry")).toHaveValue("support");
});

test("contact: validation in the browser, message sent and thanked", async ({ page }) => {
  await page.goto("/contact");
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByLabel("Type of inquiry")).toHaveValue("general");
  await expect(page.getByLabel("Type of inquiry").locator("option")).toHaveText([
    "Choose a type",
    "General inquiry",
    "Technical support",
    "Sales",
    "Partnership",
    "Feedback",
  ]);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Name", { exact: true }).fill("Maria Lopez");
  await page.getByLabel("Email", { exact: true }).fill("maria@school.example");
  await page.getByLabel("Type of inquiry").selectOption("feedback");
  await page.getByLabel("Subject", { exact: true }).fill("Love the rubric scoring");
  await page.getByLabel("Message", { exact: true }).fill("It saved my weekend.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toContainText(SUCCESS);
  await page.setViewportSize(PHONE);
  await shoot(page, "contact-sent-phone");
});

test("contact, pricing toggle, demo dialog and mobile menu work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Sam Lee");
  await page.getByLabel("Email", { exact: true }).fill("sam@school.example");
  await page.getByLabel("Subject", { exact: true }).fill("No JavaScript here");
  await page.getByLabel("Message", { exact: true }).fill("Sent from a plain form.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(page.getByText(SUCCESS)).toBeVisible();

  // The demo dialog, the mobile menu and the billing toggle need no JavaScript either.
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Monthly" }).click();
  await expect(page).toHaveURL(/billing=monthly/);
  await expect(page.getByTestId("plan-professional").getByTestId("price")).toHaveText("$49");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Demo" }).click();
  const dialog = page.getByRole("dialog", { name: "Demo Coming Soon!" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Got it!" }).click();
  await expect(dialog).toBeHidden();
  await page.setViewportSize(PHONE);
  await page.locator("summary[aria-label=Menu]").click();
  await expect(page.locator("details[open]").getByRole("link", { name: "Features" })).toBeVisible();
  await context.close();
});

test("privacy and terms are readable, dated January 2025", async ({ page }) => {
  for (const [path, title] of [
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Last updated January 2025")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize(PHONE);
  await shoot(page, "terms-phone");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test("every public page hydrates without errors or warnings in the console", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const path of ["/", "/pricing", "/privacy", "/terms", "/support", "/contact", "/contact?type=sales"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(problems).toEqual([]);
});
