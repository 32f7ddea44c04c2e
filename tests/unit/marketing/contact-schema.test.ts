import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseContactType, RESPONSE_TIMES, SUPPORT_HOURS } from "~/lib/contact-info";
import { ContactForm } from "~/schemas/contact";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return parseWithZod(data, { schema: ContactForm });
}

const valid = { name: "Maria Lopez", email: "maria@school.example", subject: "Question", message: "Hello there" };

describe("contact form schema", () => {
  it("accepts a complete message and defaults the type to general", () => {
    const result = form(valid);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value.type).toBe("general");
  });

  it("requires name, email, subject and message", () => {
    const result = form({});
    expect(result.status).toBe("error");
    const errors = result.reply().error!;
    expect(errors.name).toEqual(["Name is required"]);
    expect(errors.email).toEqual(["Email is required"]);
    expect(errors.subject).toEqual(["Subject is required"]);
    expect(errors.message).toEqual(["Message is required"]);
    expect(errors.type).toBeUndefined();
  });

  it("rejects a malformed email and an unknown type", () => {
    const errors = form({ ...valid, email: "not-an-email", type: "spam" }).reply().error!;
    expect(errors.email).toEqual(["Please enter a valid email address"]);
    expect(errors.type).toEqual(["Please choose a type of inquiry"]);
  });

  it("accepts the spec's five types", () => {
    for (const type of ["general", "support", "sales", "partnership", "feedback"]) expect(form({ ...valid, type }).status).toBe("success");
    expect(parseContactType("sales")).toBe("sales");
    expect(parseContactType("nonsense")).toBe("general");
  });

  it("carries the spec's hours and response promises", () => {
    expect(SUPPORT_HOURS.map((h) => h.hours)).toEqual(["8 AM - 6 PM PST", "9 AM - 3 PM PST", "Closed"]);
    expect(RESPONSE_TIMES.map((r) => r.time)).toEqual(["Within 24 hours", "Within 4 hours", "Within 2 hours", "Within 1 hour"]);
  });
});
