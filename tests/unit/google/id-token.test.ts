import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { googleConfig } from "../../../app/server/google/config.server";
import { GoogleIdTokenError, verifyGoogleIdToken } from "../../../app/server/google/id-token.server";

const config = googleConfig({ GOOGLE_CLIENT_ID: "client-1.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "s" })!;
let keys: ReturnType<typeof createLocalJWKSet>;
let sign: (claims: Record<string, unknown>, options?: { aud?: string; iss?: string; exp?: string; key?: CryptoKey }) => Promise<string>;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  otherKey = (await generateKeyPair("RS256")).privateKey;
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256" }] });
  sign = (claims, options = {}) =>
    new SignJWT({ email: "ada@school.example", email_verified: true, name: "Ada", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setSubject("1234")
      .setIssuer(options.iss ?? "https://accounts.google.com")
      .setAudience(options.aud ?? config.clientId)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? "10m")
      .sign(options.key ?? pair.privateKey);
});

describe("Google ID tokens", () => {
  it("accepts a token Google signed for this client, with a verified e-mail", async () => {
    expect(await verifyGoogleIdToken(config, await sign({}), { keys })).toEqual({
      sub: "1234",
      email: "ada@school.example",
      name: "Ada",
      picture: null,
    });
    expect((await verifyGoogleIdToken(config, await sign({}, { iss: "accounts.google.com" }), { keys })).sub).toBe("1234");
  });

  it.each([
    ["a bad signature", () => sign({}, { key: otherKey }), "could not be verified"],
    ["another audience", () => sign({}, { aud: "other.apps.googleusercontent.com" }), "not for this app"],
    ["another issuer", () => sign({}, { iss: "https://evil.example" }), "not for this app"],
    ["an expired token", () => sign({}, { exp: "-2m" }), "expired"],
    ["an unverified e-mail", () => sign({ email_verified: false }), "not verified"],
    ["no e-mail", () => sign({ email: undefined }), "did not share an e-mail"],
  ])("refuses %s", async (_, token, message) => {
    const error = await verifyGoogleIdToken(config, await token(), { keys }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleIdTokenError);
    expect((error as Error).message).toContain(message);
  });

  it("refuses a token whose nonce does not match", async () => {
    await expect(verifyGoogleIdToken(config, await sign({ nonce: "a" }), { keys, nonce: "b" })).rejects.toThrow(GoogleIdTokenError);
  });

  it("points every endpoint at one origin only when GOOGLE_ENDPOINTS_BASE is set", () => {
    expect(config.endpoints.token).toBe("https://oauth2.googleapis.com/token");
    const fake = googleConfig({ GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", GOOGLE_ENDPOINTS_BASE: "http://127.0.0.1:9/" })!;
    expect(fake.endpoints).toMatchObject({
      token: "http://127.0.0.1:9/token",
      jwks: "http://127.0.0.1:9/oauth2/v3/certs",
      drive: "http://127.0.0.1:9/drive/v3",
    });
    expect(googleConfig({ GOOGLE_CLIENT_ID: "c" })).toBeNull();
  });
});
