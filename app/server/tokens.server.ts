// Opaque tokens "<id>.<secret>": the database keeps only SHA-256(secret), compared in constant time.
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

function randomString(bytes: number): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function newId(): string {
  return randomString(15);
}

export function newToken(): { id: string; secret: string; token: string; secretHash: string } {
  const id = randomString(15);
  const secret = randomString(20);
  return { id, secret, token: `${id}.${secret}`, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

export function splitToken(token: string): { id: string; secret: string } | null {
  const [id, secret, ...rest] = token.split(".");
  if (!id || !secret || rest.length > 0 || id.length > 64 || secret.length > 128) return null;
  return { id, secret };
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = new TextEncoder().encode(hashSecret(secret));
  const b = new TextEncoder().encode(storedHash);
  return a.length === b.length && constantTimeEqual(a, b);
}
