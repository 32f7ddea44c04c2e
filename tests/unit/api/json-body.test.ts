import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonBody } from "~/server/http.server";
import { ClassBody, StudentPatchBody } from "~/schemas/classes";
import { LoginBody } from "~/schemas/auth";
import { QuestionOverrideBody, SubmissionOverrideBody } from "~/schemas/review";

const post = (body: unknown) =>
  new Request("https://gradewell.test/api/x", {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown, "the body should have been refused").toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, body: (await response.json()) as { error: string; allowed_fields?: string[] } };
}

describe("JSON API bodies refuse unknown fields", () => {
  it("PATCH /api/submissions/{id} with total (the README's old name for score) answers 400 naming score", async () => {
    const { status, body } = await refusal(readJsonBody(post({ total: 9, feedback: "Well done." }), SubmissionOverrideBody));
    expect(status).toBe(400);
    expect(body.error).toBe("Unknown field: total. Allowed fields: score, feedback.");
    expect(body.allowed_fields).toEqual(["score", "feedback"]);
  });

  it("names the unknown field before the other failures, and looks through partial and preprocessed schemas", async () => {
    expect((await refusal(readJsonBody(post({ pts: 2 }), QuestionOverrideBody))).body.error).toMatch(
      /^Unknown field: pts\. Allowed fields: points, feedback\.$/,
    );
    expect((await refusal(readJsonBody(post({ name: "A", class_id: "c" }), StudentPatchBody))).body.error).toMatch(
      /Unknown field: class_id/,
    );
    expect((await refusal(readJsonBody(post({ email: "a@b.co", password: "x", remember: true }), LoginBody))).body.allowed_fields).toEqual([
      "email",
      "password",
    ]);
    const klass = await refusal(readJsonBody(post({ name: "7A", teacher_id: "t" }), ClassBody));
    expect(klass.body.error).toMatch(/^Unknown field: teacher_id\./);
  });

  it("keeps known fields working", async () => {
    await expect(readJsonBody(post({ score: 9, feedback: "Well done." }), SubmissionOverrideBody)).resolves.toEqual({
      score: 9,
      feedback: "Well done.",
    });
    const loose = z.object({ a: z.string() });
    // A non-strict schema still strips: the strictness lives in the API body schemas themselves.
    await expect(readJsonBody(post({ a: "x", b: 1 }), loose)).resolves.toEqual({ a: "x" });
  });
});
