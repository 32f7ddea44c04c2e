// A number's bar or point the line's reading left out (issue 30): on a phone snap, "1/7" at the end of a line was read
// "17", "7/4" read "714" (its bar as a "1"), "8.0" read "80". The same word's crop recognised by itself reads "1/7" and
// "8.0": in the line, the recogniser's frames run the thin mark into its neighbours. So each short plain number read
// in a line is read again alone, and where that reading is the same digits with a bar or a point between two of them
// (the line's reading having lost it, or read a bar as "1" or "7"), the word notes it as `readAlone`. The word keeps its
// reading; the grading side tells whether the number read alone changes the mark (and flags it when it does).
import type { ReadLine, ReadWord } from "../types";
import type { GreyImage } from "./cleanup";

/** A number read plain: two to four digits, perhaps a percent sign after. */
const PLAIN_NUMBER = /^\d{2,4}%?$/;
/** A reading alone is taken from this confidence. */
export const ALONE_SURE = 0.6;
/** The page around the word is read: this many of the word's heights before and after it, and half as many above and below. */
const AROUND = 1;
/** White paper between and around the pieces of page on a sheet, in pixels, so the detector sees each whole. */
const GAP = 20;
/** A sheet's widest and tallest side: the detector's own (it would shrink a larger one). */
const SHEET_SIDE = 640;

/** A sheet of white paper holding the page around several words, and where each word's middle lies on it. */
export interface AloneSheet {
  canvas: GreyImage;
  middles: { x: number; y: number }[];
  /** The words on the sheet, in `middles`' order (their indices in the words given). */
  words: number[];
}

/**
 * The page around each word, laid on sheets of white paper row by row: the words are read alone, detected and
 * recognised as small pages of their own, a sheet at a time (one detector run for many words).
 */
export function aloneSheets(page: GreyImage, words: readonly Pick<ReadWord, "bbox">[]): AloneSheet[] {
  const pieces = words.map(({ bbox: { x, y, width, height } }) => {
    const around = AROUND * height;
    const x0 = Math.max(0, Math.floor(x - around));
    const y0 = Math.max(0, Math.floor(y - around / 2));
    const x1 = Math.min(page.width, Math.max(x0 + 1, Math.ceil(x + width + around)));
    const y1 = Math.min(page.height, Math.max(y0 + 1, Math.ceil(y + height + around / 2)));
    return { x0, y0, x1, y1, middle: { x: x + width / 2 - x0, y: y + height / 2 - y0 } };
  });
  // Shelves: pieces left to right until the sheet is full across, then a row under; a full sheet starts another.
  const sheets: { places: { piece: number; x: number; y: number }[]; width: number; height: number }[] = [];
  let sheet: (typeof sheets)[number] | undefined;
  let rowX = 0;
  let rowY = 0;
  let rowH = 0;
  pieces.forEach((p, i) => {
    const w = p.x1 - p.x0;
    const h = p.y1 - p.y0;
    if (sheet && rowX + w + GAP > SHEET_SIDE) [rowX, rowY, rowH] = [GAP, rowY + rowH + GAP, 0];
    if (!sheet || rowY + h + GAP > SHEET_SIDE) {
      sheet = { places: [], width: 0, height: 0 };
      sheets.push(sheet);
      [rowX, rowY, rowH] = [GAP, GAP, 0];
    }
    sheet.places.push({ piece: i, x: rowX, y: rowY });
    sheet.width = Math.max(sheet.width, rowX + w + GAP);
    sheet.height = Math.max(sheet.height, rowY + h + GAP);
    rowX += w + GAP;
    rowH = Math.max(rowH, h);
  });
  return sheets.map(({ places, width, height }) => {
    const data = new Uint8Array(width * height).fill(255);
    for (const { piece, x, y } of places) {
      const { x0, y0, x1, y1 } = pieces[piece]!;
      for (let row = y0; row < y1; row++)
        data.set(page.data.subarray(row * page.width + x0, row * page.width + x1), (y + row - y0) * width + x);
    }
    return {
      canvas: { width, height, data },
      middles: places.map(({ piece, x, y }) => ({ x: x + pieces[piece]!.middle.x, y: y + pieces[piece]!.middle.y })),
      words: places.map((p) => p.piece),
    };
  });
}

/**
 * The words worth reading alone: plain numbers recognised (not print taken from a layout) where answers stand, at the
 * end of their line, perhaps inside brackets ("( 74 )"). A number inside a sentence is the question's, and reading it
 * alone costs as much. Given the values of the key's numbers (`near`), only a number that a bar or point would bring
 * near one of them: the rest, read alone, could raise no mark (decision 0124).
 */
export function wordsToReadAlone(lines: readonly ReadLine[], near?: readonly number[]): ReadWord[] {
  return lines.flatMap((l) => {
    const words = [...l.words];
    while (words.length > 1 && /^[^\p{L}\p{N}]+$/u.test(words.at(-1)!.text)) words.pop();
    const last = words.at(-1);
    const worth = last && !last.printed && !last.pointSeen && PLAIN_NUMBER.test(last.text);
    return worth && (!near || separatorBringsNear(last.text, near)) ? [last] : [];
  });
}

/** How near a number read with a bar or point must come to a key's value, in parts of it: the key's "0.14" is 1/7. */
const NEAR = 0.02;

/**
 * Whether a plain number ("17", "714", "125%") read with a bar or point between two of its digits, or with one of its
 * inner "1"s or "7"s read as one ("7/4"), comes near one of `values`.
 */
export function separatorBringsNear(text: string, values: readonly number[]): boolean {
  const digits = text.replace(/%$/, "");
  const near = (v: number) => values.some((k) => Math.abs(v - k) <= NEAR * Math.abs(k) + 1e-9);
  for (let i = 1; i < digits.length; i++) {
    const before = digits.slice(0, i);
    const afters = [digits.slice(i)];
    if (i + 1 < digits.length && (digits[i] === "1" || digits[i] === "7")) afters.push(digits.slice(i + 1));
    for (const after of afters) if (near(Number(before) / Number(after)) || near(Number(`${before}.${after}`))) return true;
  }
  return false;
}

/** Whether a box holds a point. */
export function holds(box: { x: number; y: number; width: number; height: number }, point: { x: number; y: number }): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}

/** Of the lines read on a sheet, the one whose box holds the word's middle. */
export function lineAt(lines: readonly ReadLine[], middle: { x: number; y: number }): ReadLine | undefined {
  return lines.find((l) => holds(l.bbox, middle));
}

/** The word in the line read alone that holds the word's middle: what the word reads alone. */
export function wordAt(line: ReadLine | undefined, middle: { x: number; y: number }): { text: string; confidence: number } | undefined {
  if (!line) return undefined;
  const word = line.words.find((w) => middle.x >= w.bbox.x - 2 && middle.x <= w.bbox.x + w.bbox.width + 2);
  return word && { text: word.text, confidence: Math.min(word.confidence, line.confidence) };
}

/**
 * The word's number as read alone, when that reading is its digits with one bar or point between two of them that the
 * line's reading lost ("17" → "1/7") or read as a "1" or a "7" ("714" → "7/4"); otherwise undefined.
 */
export function separatorReadAlone(
  word: Pick<ReadWord, "text">,
  alone: { text: string; confidence: number } | undefined,
): string | undefined {
  if (!alone || alone.confidence < ALONE_SURE) return undefined;
  const text = alone.text.trim();
  const match = /^(\d+)([./])(\d+)(%?)$/.exec(text);
  if (!match) return undefined;
  const [, before, separator, after, percent] = match;
  // A bar with a percent sign is no number a child writes.
  if (separator === "/" && percent) return undefined;
  const read = [before + after, `${before}1${after}`, `${before}7${after}`].map((digits) => digits + percent);
  return read.includes(word.text) ? text : undefined;
}

/** `lines` with each word read alone as its number with a separator given `readAlone` (`alone` in `words`' order). */
export function markReadAlone(
  lines: readonly ReadLine[],
  words: readonly ReadWord[],
  alone: readonly ({ text: string; confidence: number } | undefined)[],
): ReadLine[] {
  const seen = new Map<ReadWord, string>();
  words.forEach((word, i) => {
    const read = separatorReadAlone(word, alone[i]);
    if (read) seen.set(word, read);
  });
  if (!seen.size) return [...lines];
  return lines.map((line) =>
    line.words.some((w) => seen.has(w))
      ? { ...line, words: line.words.map((w) => (seen.has(w) ? { ...w, readAlone: seen.get(w)! } : w)) }
      : line,
  );
}
