// Google tokens at rest: AES-256-GCM under a key from the GOOGLE_TOKEN_KEY secret. Each ciphertext carries the id
// of the key that sealed it ("<keyId>.<base64 iv||ciphertext>"), so a new key can be rolled in while old rows
// still open with the previous one (GOOGLE_TOKEN_KEY_PREVIOUS, by its id).
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

export type VaultKey = { id: string; raw: string };

export class TokenVaultError extends Error {}

const keyCache = new Map<string, Promise<CryptoKey>>();

/** The secret is 32 random bytes in base64 (`openssl rand -base64 32`); anything else is refused, not stretched. */
function importKey(key: VaultKey): Promise<CryptoKey> {
  const cacheKey = `${key.id}:${key.raw}`;
  let imported = keyCache.get(cacheKey);
  if (!imported) {
    let bytes: Uint8Array;
    try {
      bytes = decodeBase64(key.raw.trim());
    } catch {
      throw new TokenVaultError("GOOGLE_TOKEN_KEY must be 32 random bytes in base64.");
    }
    if (bytes.length !== 32) throw new TokenVaultError("GOOGLE_TOKEN_KEY must be 32 random bytes in base64.");
    imported = crypto.subtle.importKey("raw", new Uint8Array(bytes), "AES-GCM", false, ["encrypt", "decrypt"]);
    keyCache.set(cacheKey, imported);
  }
  return imported;
}

export async function seal(key: VaultKey, plaintext: string, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(plaintext);
  // The teacher id is bound as additional data: a ciphertext copied onto another teacher's row will not open.
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(context) },
    await importKey(key),
    data,
  );
  const out = new Uint8Array(iv.length + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), iv.length);
  return `${key.id}.${encodeBase64(out)}`;
}

export async function open(keys: VaultKey[], sealed: string, context: string): Promise<string> {
  const dot = sealed.indexOf(".");
  const keyId = dot > 0 ? sealed.slice(0, dot) : "";
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new TokenVaultError(`No key with id "${keyId}" to open a stored Google token.`);
  const bytes = new Uint8Array(decodeBase64(sealed.slice(dot + 1)));
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: new TextEncoder().encode(context) },
      await importKey(key),
      bytes.slice(12),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new TokenVaultError("A stored Google token could not be opened.");
  }
}
