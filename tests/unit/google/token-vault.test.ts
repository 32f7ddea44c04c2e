import { describe, expect, it } from "vitest";
import { open, seal, TokenVaultError } from "../../../app/server/google/token-vault.server";

const key = { id: "k2", raw: btoa(String.fromCharCode(...new Uint8Array(32).fill(7))) };
const previous = { id: "k1", raw: btoa(String.fromCharCode(...new Uint8Array(32).fill(3))) };

describe("Google tokens at rest", () => {
  it("seals with the current key's id and opens with it", async () => {
    const sealed = await seal(key, "ya29.secret", "google-token:t1");
    expect(sealed).toMatch(/^k2\./);
    expect(sealed).not.toContain("ya29");
    expect(await open([key, previous], sealed, "google-token:t1")).toBe("ya29.secret");
  });

  it("opens rows sealed with the previous key while rotating", async () => {
    const old = await seal(previous, "1//refresh", "google-token:t1");
    expect(await open([key, previous], old, "google-token:t1")).toBe("1//refresh");
    await expect(open([key], old, "google-token:t1")).rejects.toThrow(TokenVaultError);
  });

  it("will not open a ciphertext moved onto another teacher's row", async () => {
    const sealed = await seal(key, "ya29.secret", "google-token:t1");
    await expect(open([key], sealed, "google-token:t2")).rejects.toThrow("could not be opened");
  });

  it("refuses a key that is not 32 bytes of base64", async () => {
    await expect(seal({ id: "x", raw: "short" }, "a", "c")).rejects.toThrow("32 random bytes");
  });
});
