// Password hashing with scrypt (memory-hard, pure JS so it runs inside workerd without nodejs_compat).
// The parameters are stored with each hash, so the cost can be raised later without breaking old hashes.
// Why scrypt at these settings, and what it costs: docs/decisions/0001-sessions-tokens-and-passwords.md.
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { constantTimeEqual } from "@oslojs/crypto/subtle";

export const SCRYPT_PARAMS = { logN: 14, r: 8, p: 1, dkLen: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { logN, r, p, dkLen } = SCRYPT_PARAMS;
  const hash = await scryptAsync(password.normalize("NFKC"), salt, { N: 2 ** logN, r, p, dkLen, asyncTick: 50 });
  return `scrypt$${logN}$${r}$${p}$${encodeBase64(salt)}$${encodeBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, logN, r, p, salt, hash] = stored.split("$");
  if (algorithm !== "scrypt" || !logN || !r || !p || !salt || !hash) return false;
  const expected = decodeBase64(hash);
  const actual = await scryptAsync(password.normalize("NFKC"), decodeBase64(salt), {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    dkLen: expected.length,
    asyncTick: 50,
  });
  return constantTimeEqual(actual, expected);
}
