// OpenID Connect ID tokens from Google: signature against Google's JWKS (fetched once and cached by jose,
// honouring key rotation), issuer, audience, expiry, and an e-mail Google marks verified.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { GoogleConfig } from "./config.server";

export type GoogleIdentity = { sub: string; email: string; name: string; picture: string | null };

export class GoogleIdTokenError extends Error {}

// One key set per JWKS address for the isolate's life: jose refetches on an unknown kid (rotation) and after cooldown.
const keySets = new Map<string, JWTVerifyGetKey>();
function keySet(url: string): JWTVerifyGetKey {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { cacheMaxAge: 60 * 60 * 1000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

export async function verifyGoogleIdToken(
  config: Pick<GoogleConfig, "clientId" | "issuers" | "endpoints">,
  idToken: string,
  options: { nonce?: string; keys?: JWTVerifyGetKey } = {},
): Promise<GoogleIdentity> {
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, options.keys ?? keySet(config.endpoints.jwks), {
      issuer: config.issuers,
      audience: config.clientId,
      algorithms: ["RS256"],
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 30,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new GoogleIdTokenError("The Google sign-in has expired. Please try again.");
    if (error instanceof errors.JWTClaimValidationFailed)
      throw new GoogleIdTokenError(`The Google sign-in is not for this app (${error.claim}).`);
    throw new GoogleIdTokenError("The Google sign-in could not be verified.");
  }
  if (options.nonce !== undefined && payload.nonce !== options.nonce)
    throw new GoogleIdTokenError("The Google sign-in could not be verified.");
  const email = typeof payload.email === "string" ? payload.email.toLowerCase() : "";
  if (!email) throw new GoogleIdTokenError("Google did not share an e-mail address.");
  if (payload.email_verified !== true && payload.email_verified !== "true") {
    throw new GoogleIdTokenError("Your Google e-mail address is not verified.");
  }
  return {
    sub: String(payload.sub),
    email,
    name: typeof payload.name === "string" && payload.name.trim() ? payload.name.trim() : email.split("@")[0],
    picture: typeof payload.picture === "string" ? payload.picture : null,
  };
}
