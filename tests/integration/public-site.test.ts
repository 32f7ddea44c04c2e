import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORIGIN, postForm, registerTeacher, sessionCookieFrom } from "./helpers";

const SUCCESS = "Thank you for your message! We&#x27;ll get back to you soon.";

async function page(path: string, cookie?: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** A browser form post from a given network address (Cloudflare sets CF-Connecting-IP). */
function postContact(fields: Record<string, string>, address: string) {
  return SELF.fetch(`${ORIGIN}/contact`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "CF-Connecting-IP": address,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

let n = 0;
const message = (overrides: Record<string, string> = {}) => {
  n += 1;
  return {
    name: "Maria Lopez",
    email: `maria-${Date.now().toString(36)}-${n}@school.example`,
    type: "sales",
    subject: "Demo for our school",
    message: "Could we see Gradewell?",
    ...overrides,
  };
};

async function storedMessages(email: string) {
  const { results } = await env.DB.prepare("SELECT name, email, type, subject, message, ip_hash FROM contact_messages WHERE email = ?")
    .bind(email)
    .all();
  return results as { name: string; email: string; type: string; subject: string; message: string; ip_hash: string }[];
}

describe("public pages are server-rendered", () => {
  it.each([
    [
      "/",
      [
        "Start Free Trial",
        "Watch Demo",
        "How Gradewell Works",
        "Smart Upload",
        "Instant Grading",
        "Seamless Export",
        "Powered by Advanced AI",
        "Demo Coming Soon!",
        "Got it!",
        "Schedule Demo",
      ],
    ],
    ["/pricing", ["Starter", "Professional", "School", "Most Popular", "Save 20%", "Why teachers choose Gradewell", "Get Started"]],
    [
      "/privacy",
      [
        "Privacy Policy",
        "Last updated January 2025",
        "Information We Collect",
        "Encryption in transit and at rest",
        "never sold",
        "opt out of non-essential communications",
      ],
    ],
    [
      "/terms",
      ["Terms of Service", "Last updated January 2025", "Acceptance of Terms", "Permitted Use", "Prohibited Uses", "reverse engineer"],
    ],
    [
      "/support",
      [
        "How can we help?",
        "Frequently asked questions",
        "Live Chat",
        "mailto:",
        "tel:",
        "Documentation",
        "Community Forum",
        "Video Tutorials",
        "Newsletter",
      ],
    ],
    [
      "/contact",
      [
        "Send us a message",
        "Mon",
        "8 AM - 6 PM PST",
        "9 AM - 3 PM PST",
        "Closed",
        "Within 24 hours",
        "Within 4 hours",
        "Within 2 hours",
        "Within 1 hour",
      ],
    ],
  ])("%s", async (path, texts) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    for (const text of texts) expect(html).toContain(text);
    for (const link of ['href="/privacy"', 'href="/terms"', 'href="/support"', 'href="/contact"']) expect(html).toContain(link);
  });

  it("nav shows Sign In to visitors and Dashboard to a signed-in teacher", async () => {
    expect((await page("/")).html).toContain('href="/login"');
    const { email, password } = await registerTeacher();
    const cookie = sessionCookieFrom(await postForm("/login", { email, password }));
    const { html } = await page("/", cookie);
    expect(html).toContain('href="/dashboard"');
  });

  it("'Start Free Trial' goes to /register and 'Schedule Demo' to the contact form with sales chosen", async () => {
    const { html } = await page("/");
    expect(html).toMatch(/href="\/register"[^>]*>Start Free Trial/);
    expect(html).toMatch(/href="\/contact\?type=sales[^"]*"[^>]*>Schedule Demo/);
    const contact = await page("/contact?type=sales&subject=Demo%20request");
    expect(contact.html).toMatch(/<option value="sales" selected="">/);
    expect(contact.html).toContain('value="Demo request"');
  });

  it("pricing shows annual prices by default and monthly ones on request, with the yearly saving", async () => {
    const annual = (await page("/pricing")).html;
    for (const price of ["$15", "$39", "$119"]) expect(annual).toContain(price);
    for (const saving of ["Save $48 a year", "Save $120 a year", "Save $360 a year"]) expect(annual).toContain(saving);
    const monthly = (await page("/pricing?billing=monthly")).html;
    for (const price of ["$19", "$49", "$149"]) expect(monthly).toContain(price);
    expect(monthly).not.toContain("Save $48 a year");
  });

  it("pricing: every plan's button says Get Started and goes to /register, as the spec says", async () => {
    const { html } = await page("/pricing");
    for (const plan of ["Starter", "Professional", "School"])
      expect(html).toMatch(new RegExp(`href="/register"[^>]*>Get Started<span class="sr-only"> with ${plan}</span>`));
    expect(html).not.toContain("Contact us");
  });

  it("support search works without JavaScript and quotes a term with no results", async () => {
    const found = (await page("/support?q=HEIC")).html;
    expect(found).toContain("Which file formats can I upload?");
    expect(found).not.toContain("Can I change a grade Gradewell gave?");
    const none = (await page("/support?q=zebra")).html;
    expect(none).toContain("No results found for &quot;zebra&quot;");
  });

  it("unknown paths redirect to /", async () => {
    const response = await SELF.fetch(`${ORIGIN}/features/old-page`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("contact form without JavaScript", () => {
  it("stores the message in D1 and thanks the sender in the spec's words", async () => {
    const fields = message();
    const response = await postForm("/contact", fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    const rows = await storedMessages(fields.email);
    expect(rows).toEqual([
      {
        name: "Maria Lopez",
        email: fields.email,
        type: "sales",
        subject: "Demo for our school",
        message: "Could we see Gradewell?",
        ip_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    expect((await page("/contact?sent=1")).html).toContain(SUCCESS);
  });

  it("defaults the type to general", async () => {
    const fields = message();
    delete (fields as Partial<typeof fields>).type;
    expect((await postContact(fields, "203.0.113.10")).status).toBe(302);
    expect((await storedMessages(fields.email))[0]?.type).toBe("general");
  });

  it("requires name, email, subject and message and keeps what was typed", async () => {
    const response = await postContact(
      { name: "", email: "not-an-email", type: "support", subject: "", message: "Kept text" },
      "203.0.113.11",
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const text of ["Name is required", "Please enter a valid email address", "Subject is required", "Kept text"])
      expect(html).toContain(text);
  });

  it("keeps nothing from a bot that fills the honeypot, but answers as if it worked", async () => {
    const fields = { ...message(), website: "https://spam.example" };
    const response = await postContact(fields, "203.0.113.12");
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    expect(await storedMessages(fields.email)).toEqual([]);
  });

  it("throttles a flood from one address within the hour", async () => {
    const address = "198.51.100.77";
    for (let i = 0; i < 5; i++) expect((await postContact(message(), address)).status).toBe(302);
    const flooded = message();
    const response = await postContact(flooded, address);
    expect(response.status).toBe(429);
    expect(await response.text()).toContain("You have sent several messages in the last hour.");
    expect(await storedMessages(flooded.email)).toEqual([]);
    // Someone else is not affected.
    expect((await postContact(message(), "198.51.100.78")).status).toBe(302);
  });

  it("throttles one e-mail address sending from many addresses", async () => {
    const email = `repeat-${Date.now()}@school.example`;
    for (let i = 0; i < 3; i++) expect((await postContact(message({ email }), `192.0.2.${10 + i}`)).status).toBe(302);
    expect((await postContact(message({ email }), "192.0.2.50")).status).toBe(429);
  });

  it("refuses a cross-site post", async () => {
    const response = await postForm("/contact", message(), { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});
