// Class codes (spec section 5 and 9): 6 random uppercase letters and digits, typed or generated.
export const CLASS_CODE_LENGTH = 6;
export const CLASS_CODE_PATTERN = /^[A-Z0-9]{6}$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Uniform over the 36 symbols: bytes at or above 252 (= 7 * 36) are drawn again. */
export function generateClassCode(randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  let code = "";
  while (code.length < CLASS_CODE_LENGTH) {
    for (const byte of randomBytes(CLASS_CODE_LENGTH * 2)) {
      if (byte >= 252) continue;
      code += ALPHABET[byte % ALPHABET.length];
      if (code.length === CLASS_CODE_LENGTH) break;
    }
  }
  return code;
}
