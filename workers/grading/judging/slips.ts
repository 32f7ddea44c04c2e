// One slip from the key, and digits that look alike (decisions 0058, 0075): how a reading of handwritten digits may
// differ from the key's answer by a child's slip or by a reader's misread. Used by the verification of handwritten
// answers (handwriting.ts) and by the looks at answers PP-OCR read alone (lookalikes.ts).
import { within } from "../reading/handwriting/print-or-ink";

/** The places where two texts of one length differ. */
const differingPlaces = (a: string, b: string) => [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));

/** One slip apart: a digit changed, lost or added, or two neighbours swapped. */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const diff = differingPlaces(a, b);
    return diff.length === 1 || (diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]]);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.length === short.length + 1 && within(short, long);
}

export const digitsOf = (text: string) => text.replace(/[^\d]/g, "");
/** The key's answers ("12 or twelve"), each without its spaces. */
export const keyAnswersOf = (keyAnswer: string) => keyAnswer.split(" or ").map((k) => k.replace(/\s+/g, ""));

/**
 * How surely the ink spells the best reading where the key, one slip away, differs from it: the share of the readings
 * that agree with the best one at the places a changed or swapped digit would be ("861" 75%, "851" 23% leave the first
 * digit sure, so a key of 751 is not in doubt). A digit lost or added shifts every place after it: then it is the best
 * reading's own share. 1 when the key is not one slip from the best reading.
 */
export function slipInDoubt(key: string, bestReading: string, readings: readonly { reading: string; p: number }[]): number {
  const best = digitsOf(bestReading);
  if (!oneSlipApart(key, best)) return 1;
  if (key.length !== best.length) return readings.find((r) => r.reading === bestReading)?.p ?? 0;
  const places = differingPlaces(best, key);
  const agree = (i: number) =>
    readings.reduce((s, r) => {
      const d = digitsOf(r.reading);
      return s + (d.length === best.length && d[i] === best[i] ? r.p : 0);
    }, 0);
  return Math.min(...places.map(agree));
}

/**
 * Digits the handwriting reader reads as another, however surely: a written digit (the key) and what it was read as.
 * From the classifier's mistakes on the dev and dev2 splits' digits, each alone (scripts/handwriting/confusion.ts):
 * a 2 with a closed loop read as 9 at 98%, a 2 as 8, a 4 as 9, an 8 as 0 and as 6, a 5 as 8, a 1 as 7 (dev2's added
 * by decision 0128). An 8 read as 9 is left out: a child's slip of one writes 9 for 8, and those wrong answers would
 * all be flagged. Log: reading/ocr/TUNING.md.
 */
export const READ_AS: Readonly<Record<string, string>> = { "1": "7", "2": "98", "4": "9", "5": "8", "8": "06" };

/**
 * The key's digits and the ones read, when the best reading is the key with its digits mistaken ("690" for 620; "891"
 * for 521: its 5 read 8 and its 2 read 9). Every place that differs must be a mistake the reader makes.
 */
export function alikeDigits(key: string, bestReading: string): { written: string; read: string } | undefined {
  const best = digitsOf(bestReading);
  if (key.length !== best.length) return undefined;
  const places = differingPlaces(best, key);
  if (!places.length || !places.every((i) => (READ_AS[key[i]!] ?? "").includes(best[i]!))) return undefined;
  return { written: places.map((i) => key[i]).join(" and "), read: places.map((i) => best[i]).join(" and ") };
}

/**
 * The best reading is the key's whole number with a mark read between its digits (decision 0123): a point, comma or
 * bar the child did not write ("8,15" for 815, "8.55" for 855: a speck or a stroke's end), or a written 1 read as a bar
 * ("2/1" for 211, "5/4" for 514). Why it may be the key, said for the teacher; undefined otherwise.
 */
export function separatorAlike(key: string, bestReading: string): string | undefined {
  const match = /^\d+$/.test(key) ? /^(\d+)([.,/])(\d+)$/.exec(bestReading) : null;
  if (!match) return undefined;
  const [, before, separator, after] = match;
  if (separator === "/" && `${before}1${after}` === key) return 'a handwritten 1 is sometimes read as "/"';
  const mark = { ".": "point", ",": "comma", "/": "fraction bar" }[separator!];
  return before + after === key ? `a stray mark between handwritten digits is sometimes read as a ${mark}` : undefined;
}

/** The best reading is the key with digits read as ones the reader mistakes them for ("690" for a written 620). */
export function keyReadAsAlike(key: string, bestReading: string): boolean {
  return alikeDigits(key, bestReading) !== undefined;
}

/** The letters and marks PP-OCR reads handwritten digits as, and the digits they stand for. */
const LOOKS_LIKE: Record<string, string> = {
  l: "1",
  I: "1",
  "|": "1",
  "/": "1",
  i: "1",
  O: "0",
  o: "0",
  q: "9",
  g: "9",
  y: "4",
  H: "4",
  Y: "4",
  S: "5",
  s: "5",
  z: "2",
  Z: "2",
  b: "6",
  B: "8",
  t: "7",
  T: "7",
};
/** PP-OCR's text with its look-alikes turned into the digits they stand for ("58S" → "585"), without spaces. */
export function asDigits(text: string): string {
  return [...text.replace(/\s+/g, "")].map((c) => LOOKS_LIKE[c] ?? c).join("");
}
