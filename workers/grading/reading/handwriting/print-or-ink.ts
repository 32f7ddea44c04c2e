// Print or handwriting, once the handwriting reader has read a word PP-OCR read (decision 0054): whether PP-OCR's
// reading stands alone as print, or both readings stay on the word for the key to be verified against. Split from
// words.ts (which reads the words again) when it grew past 400 lines; the rules are unchanged.
import type { WordAlternatives } from "../types";

/** From this PP-OCR confidence, text is print unless the handwriting reader sees the same number (printed). */
export const SURE_PRINT = 0.97;
/** PP-OCR's reading is among the handwriting reader's from this share: the two readers see the same number. */
export const SEEN_AMONG = 0.05;
/** The handwriting reader sees a digit PP-OCR lost ("60" for "260") from this share. */
export const LOST_DIGIT = 0.8;
/**
 * From this share the handwriting reader's best reading, one digit apart from PP-OCR's sure one ("392" against
 * "393"), is a second witness: both readings are kept for the key to be verified against, not PP-OCR's alone.
 */
export const ONE_DIGIT_APART = 0.4;
/**
 * PP-OCR this sure of a number two characters long or more reads print: the handwriting reader's reading with a digit
 * more ("5503" for a font's "550" read at 0.9999), or one digit apart ("0.77" for its "0.7"), is its cut of the
 * font's strokes, not a digit PP-OCR lost (docs/decisions/0134). A one-digit number may be one of several written.
 */
export const CERTAIN_PRINT = 0.999;

/** A plain number as PP-OCR spells one: digits, a decimal point or comma, a slash fraction, a sign. */
const PLAIN_NUMBER = /^[-−–]?\d+(?:[.,/]\d+)*$/;

/** A reading counted by its digits: a point or comma the reader put between them is no digit ("4,69" for 469). */
const withoutPoints = (text: string) => text.replace(/[.,]/g, "");

/**
 * The handwriting reader cut print-like digits into more than there are: PP-OCR read fairly surely a number two or
 * more digits shorter than its best reading (a typed or font "431" read "43961", the class-set fixture). PP-OCR
 * drops one digit of a number, seldom two: its reading is kept, alone.
 */
export function overCut(a: WordAlternatives): boolean {
  const seen = a.ocr.text.replace(/\s+/g, "");
  const best = withoutPoints(a.readings[0]?.text ?? "");
  // A one-digit reading is no sign of print: PP-OCR may have boxed one digit of three written ones ("6" of "761").
  return /^\d{2,}$/.test(seen) && a.ocr.confidence >= 0.7 && best.length - seen.length >= 2;
}

/**
 * Print, not handwriting (decision 0054): PP-OCR read a plain number, the handwriting reader does not see it among its
 * readings, nor that number with a digit PP-OCR lost, and PP-OCR was sure. A font's "96" is read "55" by a reader
 * trained on children's digits; PP-OCR's reading stands alone. When PP-OCR is unsure, both readings are kept.
 */
export function printed(a: WordAlternatives): boolean {
  const seen = a.ocr.text.replace(/\s+/g, "");
  if (!PLAIN_NUMBER.test(seen)) return false;
  // A slash PP-OCR read may be a handwritten 1 (slashForOne): the reader seeing "313" sees PP-OCR's "3/3".
  const asOne = seen.replace("/", "1");
  if (a.readings.some((r) => (r.text === seen || r.text === asOne) && r.share >= SEEN_AMONG)) return false;
  const best = a.readings[0];
  if (!best) return true;
  // The reader's points and commas between digits do not hide the digit PP-OCR lost ("4,69", "4.69" and "469" for
  // its "69"): the readings are counted by their digits.
  const digits = withoutPoints(best.text);
  const held = a.readings.filter((r) => withoutPoints(r.text) === digits).reduce((s, r) => s + r.share, 0);
  const lost = /^\d+$/.test(digits) && digits.length > seen.length && held >= LOST_DIGIT && within(seen, digits);
  return !lost && !lostOneOfMore(seen, a.readings) && !oneDigitApart(seen, best) && a.ocr.confidence >= SURE_PRINT;
}

/**
 * PP-OCR read a number of two digits or more, and the handwriting reader surely sees one digit more, unsure which one
 * ("88" against 882 at 65%, 982, 832, 892; "35" against 935 at 56%, 535, 335): its best reading holds PP-OCR's
 * digits, and its readings one digit longer share at least `LOST_DIGIT`. PP-OCR lost a digit the reader cannot name
 * surely: both readings are kept, and the key is verified against the ink. A one-digit number is left out: a typed
 * "5" the reader reads "45".
 */
export function lostOneOfMore(seen: string, readings: WordAlternatives["readings"]): boolean {
  const best = withoutPoints(readings[0]?.text ?? "");
  if (!/^\d{2,}$/.test(seen) || !/^\d+$/.test(best) || best.length !== seen.length + 1 || !within(seen, best)) return false;
  const longer = readings.reduce((s, r) => {
    const digits = withoutPoints(r.text);
    return s + (/^\d+$/.test(digits) && digits.length === best.length ? r.share : 0);
  }, 0);
  return longer >= LOST_DIGIT;
}

/**
 * The handwriting reader reads fairly surely the same number of three digits or more as PP-OCR, with one of them
 * another: the two agree on the rest. A one- or two-digit number read otherwise is two readings, not one witnessed
 * twice (a typed "6" the handwriting reader reads "4").
 */
export function oneDigitApart(seen: string, best: { text: string; share: number }): boolean {
  if (!/^\d{3,}$/.test(seen) || best.text.length !== seen.length || !/^\d+$/.test(best.text)) return false;
  return best.share >= ONE_DIGIT_APART && [...seen].filter((c, i) => c !== best.text[i]).length === 1;
}

/**
 * PP-OCR read, at CERTAIN_PRINT, a plain number of two characters or more, in one piece, that the handwriting reader
 * does not see among its readings: print, whatever more ink or digits the reader found (`printed`'s and `dropsInk`'s
 * exceptions).
 */
export function certainPrint(a: WordAlternatives): boolean {
  // Left out: a slash, PP-OCR's handwritten 1 however sure (slashForOne, words.ts); a space, a child's gap between
  // digits ("6 76" for a written 676, at 1.00).
  const seen = a.ocr.text.trim();
  if (!PLAIN_NUMBER.test(seen) || seen.includes("/") || seen.replace(/^[-−–]/, "").length < 2) return false;
  if (a.ocr.confidence < CERTAIN_PRINT) return false;
  return !a.readings.some((r) => r.text === seen && r.share >= SEEN_AMONG);
}

/**
 * PP-OCR's reading has fewer characters than the crop has separate pieces of ink, each at least one digit: it dropped
 * some ("5" for a written 675, "3" for 336; the detector boxed the whole number). Not print, however sure PP-OCR was:
 * both readings are kept for the key to be verified against (decision 0066).
 */
export function dropsInk(seen: string, inkUnits: number): boolean {
  return inkUnits > seen.replace(/[\s.,\-−–]/g, "").length;
}

/** `part`'s characters appear in `whole` in order (PP-OCR drops digits; it seldom adds one). */
export function within(part: string, whole: string): boolean {
  let i = 0;
  for (const c of whole) if (c === part[i]) i++;
  return i === part.length;
}
