// Password hashing with scrypt (memory-hard). workerd's node:crypto (nodejs_compat, on for both workers) runs it
// natively, several times faster than a pure-JS scrypt, which is what lets the cost reach OWASP's.
// The parameters are stored with each hash, so the cost can be raised later without breaking old hashes: a hash
// made with other parameters still verifies, and is made again with the current ones at the next sign-in.
// Why scrypt at these settings, and what it costs: docs/decisions/0001 and 0030.
import { scrypt } from "node:crypto";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { constantTimeEqual } from "@oslojs/crypto/subtle";

function derive(password: string, salt: Uint8Array, N: number, r: number, p: number, dkLen: number): Promise<Uint8Array> {
  // maxmem: twice what the setting needs (128·N·r bytes), so that node's default cap (32 MiB) never refuses it.
  const options = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, dkLen, options, (error, key) => (error ? reject(error) : resolve(new Uint8Array(key)))),
  );
}

export type ScryptParams = { logN: number; r: number; p: number; dkLen: number };

/** OWASP's scrypt row for N=2^14, r=8 (p=5): the least memory (16 MiB) of its equal-cost settings. Decision 0030. */
export const SCRYPT_PARAMS: ScryptParams = { logN: 14, r: 8, p: 5, dkLen: 32 };

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { logN, r, p, dkLen } = params;
  const hash = await derive(password, salt, 2 ** logN, r, p, dkLen);
  return `scrypt$${logN}$${r}$${p}$${encodeBase64(salt)}$${encodeBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, logN, r, p, salt, hash] = stored.split("$");
  if (algorithm !== "scrypt" || !logN || !r || !p || !salt || !hash) return false;
  const expected = decodeBase64(hash);
  const actual = await derive(password, decodeBase64(salt), 2 ** Number(logN), Number(r), Number(p), expected.length);
  return constantTimeEqual(actual, expected);
}

/** True when a stored hash was made with other parameters than today's: sign-in then makes it again. */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const [algorithm, logN, r, p, , hash] = stored.split("$");
  if (algorithm !== "scrypt" || !hash) return true;
  const dkLen = decodeBase64(hash).length;
  return Number(logN) !== params.logN || Number(r) !== params.r || Number(p) !== params.p || dkLen !== params.dkLen;
}
