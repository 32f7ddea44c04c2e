// Google's endpoints and this server's OAuth client, from the environment. The endpoints default to Google's
// own; GOOGLE_ENDPOINTS_BASE points all of them at one origin (the fake Google of the tests) with Google's paths.
import type { VaultKey } from "./token-vault.server";

export const GOOGLE_DEFAULTS = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  revocation: "https://oauth2.googleapis.com/revoke",
  jwks: "https://www.googleapis.com/oauth2/v3/certs",
  drive: "https://www.googleapis.com/drive/v3",
  driveUpload: "https://www.googleapis.com/upload/drive/v3",
  classroom: "https://classroom.googleapis.com/v1",
} as const;

/** Google writes either form into an ID token's iss. */
export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

export type GoogleEndpoints = { [K in keyof typeof GOOGLE_DEFAULTS]: string };

export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  endpoints: GoogleEndpoints;
  /** Issuers accepted in ID tokens (the fake Google's own origin is added when the endpoints point at it). */
  issuers: string[];
  /** AES-GCM keys for Google tokens at rest, the current one first (its id is stored with each ciphertext). */
  tokenKeys: VaultKey[];
};

type GoogleEnv = {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_TOKEN_KEY?: string;
  GOOGLE_TOKEN_KEY_ID?: string;
  GOOGLE_TOKEN_KEY_PREVIOUS?: string;
  GOOGLE_TOKEN_KEY_PREVIOUS_ID?: string;
  GOOGLE_ENDPOINTS_BASE?: string;
};

export function googleEndpoints(base: string | undefined): GoogleEndpoints {
  if (!base) return { ...GOOGLE_DEFAULTS };
  const origin = base.replace(/\/+$/, "");
  const at = (url: string) => origin + new URL(url).pathname;
  return {
    authorization: at(GOOGLE_DEFAULTS.authorization),
    token: at(GOOGLE_DEFAULTS.token),
    revocation: at(GOOGLE_DEFAULTS.revocation),
    jwks: at(GOOGLE_DEFAULTS.jwks),
    drive: at(GOOGLE_DEFAULTS.drive),
    driveUpload: at(GOOGLE_DEFAULTS.driveUpload),
    classroom: at(GOOGLE_DEFAULTS.classroom),
  };
}

/** null when Google is not set up on this server: the buttons then explain it instead of failing. */
export function googleConfig(env: GoogleEnv): GoogleConfig | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  const base = env.GOOGLE_ENDPOINTS_BASE?.replace(/\/+$/, "");
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    endpoints: googleEndpoints(base),
    issuers: base ? [...GOOGLE_ISSUERS, base] : GOOGLE_ISSUERS,
    tokenKeys: [
      env.GOOGLE_TOKEN_KEY ? { id: env.GOOGLE_TOKEN_KEY_ID || "k1", raw: env.GOOGLE_TOKEN_KEY } : null,
      env.GOOGLE_TOKEN_KEY_PREVIOUS ? { id: env.GOOGLE_TOKEN_KEY_PREVIOUS_ID || "k0", raw: env.GOOGLE_TOKEN_KEY_PREVIOUS } : null,
    ].filter((key): key is VaultKey => key !== null),
  };
}
