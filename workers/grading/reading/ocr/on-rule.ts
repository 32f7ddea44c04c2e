// A word written on a blank's rule (issue 30): "1/4 written as a percent is ______." with "25%" written over the line.
// On a page read alone nothing says which words of a sentence are the student's; the rule under a word does. Each
// word with a rule of ink under it, spanning the word and running on past it, is marked `onRule` (an underlined word
// is not: its rule ends with it).
import type { GreyImage } from "./cleanup";
import type { ReadLine, ReadWord } from "../types";

/** Darker than this is ink. */
const INK = 128;
/**
 * The rule lies between the middle of the word's box and this many box heights under its foot (a printed line's words
 * over the next line's rule are further).
 */
const BELOW = 0.15;
/** It inks this share of the word's columns at least (two rows either side taken as one: a photo's rule is not level). */
const SPAN = 0.9;
/** And runs on past the word, at one end at least, by this many box heights, inking this share of those columns. */
const BEYOND = 0.5;
const BEYOND_SPAN = 0.8;
/** Of the word read before a run, its box's middle (this share of its width in from either side) is looked under. */
const MARGIN = 0.2;
/** Rows taken as one each side. */
const BAND = 2;

/**
 * `lines` with each word that sits on a rule marked `onRule`; not a run of words whose rule runs on under the word
 * read before them on their line: that is a box's edge or a rule under the whole line, not a blank the print stops at.
 */
export function markOnRule(page: GreyImage, lines: readonly ReadLine[]): ReadLine[] {
  return lines.map((line) => {
    const rows = line.words.map((word) => ruleRow(page, word));
    let marked = rows.map((row) => row !== undefined);
    for (let i = 1; i < rows.length; i++) {
      if (!marked[i] || marked[i - 1]) continue;
      const before = line.words[i - 1]!.bbox;
      // Its box's middle only: a detector's box reaches past its ink, over where a blank's rule starts.
      const [from, to] = [before.x + MARGIN * before.width, before.x + (1 - MARGIN) * before.width];
      if (share(page, rows[i]!, Math.round(from), Math.round(to)) < SPAN) continue;
      marked = marked.map((m, k) => m && !(k >= i && marked.slice(i, k + 1).every(Boolean)));
    }
    if (!marked.some(Boolean)) return line;
    return { ...line, words: line.words.map((word, i) => (marked[i] ? { ...word, onRule: true as const } : word)) };
  });
}

/** Whether a rule of ink runs under the word, across all of it and on past one end. */
export function onRule(page: GreyImage, word: Pick<ReadWord, "bbox">): boolean {
  return ruleRow(page, word) !== undefined;
}

/** The row of the rule under the word, if one runs under all of it and on past one end. */
function ruleRow(page: GreyImage, word: Pick<ReadWord, "bbox">): number | undefined {
  const { x, y, width, height } = word.bbox;
  const x0 = Math.max(0, Math.round(x));
  const x1 = Math.min(page.width - 1, Math.round(x + width));
  if (x1 - x0 < 2 || height < 4) return undefined;
  const past = Math.round(BEYOND * height);
  const top = Math.round(y + height / 2);
  const bottom = Math.min(page.height - 1, Math.round(y + height * (1 + BELOW)));
  for (let row = top; row <= bottom; row += BAND) {
    if (share(page, row, x0, x1) < SPAN) continue;
    if (share(page, row, x1, x1 + past) >= BEYOND_SPAN || share(page, row, x0 - past, x0) >= BEYOND_SPAN) return row;
  }
  return undefined;
}

/** The share of the columns from `from` to `to` inked at `row` (or within BAND rows of it). */
function share(page: GreyImage, row: number, from: number, to: number): number {
  const [a, b] = [Math.max(0, from), Math.min(page.width - 1, to)];
  if (b - a < 1) return 0;
  let n = 0;
  for (let c = a; c <= b; c++)
    for (let r = Math.max(0, row - BAND); r <= Math.min(page.height - 1, row + BAND); r++)
      if (page.data[r * page.width + c]! < INK) {
        n++;
        break;
      }
  return n / (b - a + 1);
}
