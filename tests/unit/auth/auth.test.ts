import { describe, expect, it } from "vitest";
import { LoginBody, RegisterBody, RegisterForm } from "~/schemas/auth";
import { isCrossOrigin } from "~/server/origin.server";
import { delayAfter } from "~/server/throttle.server";
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { encodeBase64 } from "@oslojs/encoding";
import { hashPassword, needsRehash, verifyPassword } from "~/server/password.server";
import { newToken, secretMatches, splitToken } from "~/server/tokens.server";
import { safeRedirectPath } from "~/server/auth.server";

describe("opaque tokens", () => {
  it("splits into id and secret and matches only its own secret", () => {
    const { token, secretHash } = newToken();
    const parts = splitToken(token)!;
    expect(secretMatches(parts.secret, secretHash)).toBe(true);
    expect(secretMatches(`${parts.secret}x`, secretHash)).toBe(false);
    expect(secretHash).not.toContain(parts.secret);
  });

  it.each(["", "nodot", "a.b.c", ".secret", "id."])("refuses the malformed token %j", (token) => {
    expect(splitToken(token)).toBeNull();
  });
});

describe("password hashing", () => {
  it("stores its parameters with the hash and verifies only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    // OWASP's row for N=2^14, r=8 is p=5 (issue 34; decision 0030).
    expect(stored).toMatch(/^scrypt\$14\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(stored); // salted
  });

  it("verifies a hash made before issue 34 (pure-JS scrypt, p=1) and marks it to be made again", async () => {
    const salt = new Uint8Array(16).fill(7);
    const key = await scryptAsync("correct horse battery", salt, { N: 2 ** 14, r: 8, p: 1, dkLen: 32 });
    const old = `scrypt$14$8$1$${encodeBase64(salt)}$${encodeBase64(key)}`;
    expect(await verifyPassword("correct horse battery", old)).toBe(true);
    expect(await verifyPassword("correct horse batterY", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword("correct horse battery"))).toBe(false);
  });

  it("refuses a hash in an unknown format", async () => {
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
  });
});

describe("registration form (spec section 5, in order)", () => {
  const valid = {
    firstName: "Maria",
    lastName: "Lopez",
    username: "mlopez",
    email: "Maria@School.example",
    schoolName: "Lincoln",
    state: "TX",
    gradeLevel: "3rd Grade",
    password: "chalkboard",
    confirmPassword: "chalkboard",
    agreeToTerms: "on",
  };
  const firstMessage = (input: object) => {
    const result = RegisterForm.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("accepts a complete form and lower-cases the e-mail", () => {
    const result = RegisterForm.parse(valid);
    expect(result.email).toBe("maria@school.example");
  });

  it("checks matching passwords before length, and length before the terms", () => {
    expect(firstMessage({ ...valid, password: "short", confirmPassword: "other", agreeToTerms: undefined })).toBe("Passwords do not match");
    expect(firstMessage({ ...valid, password: "short", confirmPassword: "short", agreeToTerms: undefined })).toBe(
      "Password must be at least 8 characters long",
    );
    expect(firstMessage({ ...valid, agreeToTerms: undefined })).toBe("Please agree to the Terms of Service and Privacy Policy");
  });

  it("requires every field", () => {
    for (const field of [
      "firstName",
      "lastName",
      "username",
      "email",
      "schoolName",
      "state",
      "gradeLevel",
      "password",
      "confirmPassword",
    ]) {
      expect(RegisterForm.safeParse({ ...valid, [field]: "" }).success, field).toBe(false);
    }
  });
});

describe("API bodies", () => {
  it("validates e-mail format and password length", () => {
    expect(LoginBody.safeParse({ email: "nope", password: "x" }).success).toBe(false);
    expect(RegisterBody.safeParse({ name: "A", email: "a@b.example", password: "1234567" }).success).toBe(false);
    expect(RegisterBody.safeParse({ name: "A", email: "a@b.example", password: "12345678" }).success).toBe(true);
  });
});

describe("same-origin check", () => {
  const request = (method: string, headers: Record<string, string>) => new Request("https://app.example/x", { method, headers });

  it("lets reads and bearer-token API clients (no browser headers) through", async () => {
    expect(await isCrossOrigin(request("GET", { Origin: "https://evil.example" }))).toBe(false);
    expect(await isCrossOrigin(request("POST", { Authorization: "Bearer a.b" }))).toBe(false);
    expect(await isCrossOrigin(request("POST", { Authorization: "Bearer a.b", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });

  it("refuses a cross-origin state change even when it carries an Authorization header", async () => {
    expect(await isCrossOrigin(request("POST", { Origin: "https://other.example", Authorization: "Bearer a.b" }))).toBe(true);
    expect(await isCrossOrigin(request("DELETE", { "Sec-Fetch-Site": "cross-site", Authorization: "Bearer a.b" }))).toBe(true);
    expect(await isCrossOrigin(request("POST", { Origin: "null", Authorization: "Bearer a.b" }))).toBe(true);
  });

  it("refuses posts from another origin, or cookie posts that say nothing of their origin", async () => {
    expect(await isCrossOrigin(request("POST", { Origin: "https://evil.example" }))).toBe(true);
    expect(await isCrossOrigin(request("POST", { Origin: "https://app.example" }))).toBe(false);
    expect(await isCrossOrigin(request("POST", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(await isCrossOrigin(request("POST", { Cookie: "gw_session=a.b" }))).toBe(true);
    expect(await isCrossOrigin(request("POST", {}))).toBe(false);
  });
});

describe("sign-in delays", () => {
  it("lets the first failures through, then doubles the wait from 5 seconds up to 15 minutes", () => {
    expect([3, 4, 5, 6].map((n) => delayAfter(n, "account"))).toEqual([0, 5_000, 10_000, 20_000]);
    expect(delayAfter(40, "account")).toBe(15 * 60 * 1000);
    expect([20, 21].map((n) => delayAfter(n, "address"))).toEqual([0, 5_000]);
  });
});

describe("safe redirects", () => {
  it.each([
    ["/assignments?x=1", "/assignments?x=1"],
    ["https://evil.example", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    [null, "/dashboard"],
    // Known bypasses: control characters browsers strip, backslashes, encoded and odd forms.
    ["/\t/evil.example/phish", "/dashboard"],
    ["/\n/evil.example", "/dashboard"],
    ["/\r\n/evil.example", "/dashboard"],
    ["/\u0000/evil.example", "/dashboard"],
    ["\\\\evil.example", "/dashboard"],
    ["/x\\..\\..\\evil.example", "/dashboard"],
    ["https:/evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    [" //evil.example", "/dashboard"],
    // Paths that resolve to a scheme-relative `//host` (issue 34), and encoded slashes at the start.
    ["/.//evil.example", "/dashboard"],
    ["/./\\evil.example", "/dashboard"],
    ["/x/..//evil.example", "/dashboard"],
    ["/%2e//evil.example", "/dashboard"],
    ["/%2F%2Fevil.example", "/dashboard"],
    ["/%2f/evil.example", "/dashboard"],
    ["/%5C/evil.example", "/dashboard"],
    ["/./assignments", "/assignments"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/students?q=a#top", "/students?q=a#top"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
