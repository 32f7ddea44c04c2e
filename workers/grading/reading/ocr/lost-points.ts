// A decimal point the recogniser left out (issue 30): a phone snap's "2.5%" read "25%", its printed "6.501" read
// "6501". The point is a small dot; a word's recognised text may drop it where its ink still shows it. Each number
// read without a point or comma is looked at again in the page: a dot sitting on the digits' baseline, between two of
// them, is a point the reading lost. The word keeps its reading; `pointSeen` says how it would read with the point,
// so the grading side can tell whether that changes the mark (and flag it when it does).
import type { GreyImage } from "./cleanup";
import type { ReadLine, ReadWord } from "../types";
import { components } from "../handwriting/segment";

/** Darker than this is ink. */
const INK = 128;
/** A glyph at least this share of the word's tallest is a character, not a dot or a speck. */
const GLYPH = 0.6;
/** A point is at most this share of the characters' height across and down, and at least this share of its square. */
const DOT_SIDE = 0.35;
const DOT_AREA = 0.02;
/** A point's foot is this near the characters' baseline, as a share of their height. */
const BASELINE = 0.15;
/** A number read without a point or comma: digits, perhaps a sign before and a percent or unit letters after. */
const PLAIN_DIGITS = /^[-−–]?\d{2,}(?:%|[a-z]{1,3})?$/i;

/**
 * `lines` with each plain number whose ink shows a point between its digits given `pointSeen` (its text with the
 * point where the ink has it). Words read again as handwriting carry their own readings and are left alone.
 */
export function markLostPoints(page: GreyImage, lines: readonly ReadLine[]): ReadLine[] {
  return lines.map((line) => {
    let changed = false;
    const words = line.words.map((word) => {
      if (word.printed || word.alternatives || !PLAIN_DIGITS.test(word.text)) return word;
      const seen = pointSeenIn(page, word);
      if (!seen) return word;
      changed = true;
      return { ...word, pointSeen: seen };
    });
    return changed ? { ...line, words } : line;
  });
}

/** The word's text with a point where its ink shows a dot between two digits on their baseline, if it does. */
export function pointSeenIn(page: GreyImage, word: Pick<ReadWord, "text" | "bbox">): string | undefined {
  const x0 = Math.max(0, Math.floor(word.bbox.x));
  const y0 = Math.max(0, Math.floor(word.bbox.y));
  const x1 = Math.min(page.width, Math.ceil(word.bbox.x + word.bbox.width));
  const y1 = Math.min(page.height, Math.ceil(word.bbox.y + word.bbox.height));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 4 || h < 4) return undefined;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = page.data[(y0 + y) * page.width + x0 + x]! < INK ? 1 : 0;
  // Ink cut by the box's edge is a neighbour's, not this word's.
  const inside = components(mask, w, h).filter((c) => c.x0 > 0 && c.x1 < w);
  const tallest = Math.max(0, ...inside.map((c) => c.y1 - c.y0));
  const glyphs = inside.filter((c) => c.y1 - c.y0 >= GLYPH * tallest).sort((a, b) => a.x0 - b.x0);
  if (glyphs.length < 2) return undefined;
  const height = median(glyphs.map((c) => c.y1 - c.y0));
  const baseline = median(glyphs.map((c) => c.y1));
  const side = DOT_SIDE * height;
  const dots = inside.filter(
    (c) =>
      c.x1 - c.x0 <= side &&
      c.y1 - c.y0 <= side &&
      c.area >= DOT_AREA * height * height &&
      Math.abs(c.y1 - baseline) <= BASELINE * height &&
      glyphs.some((g) => g.x1 <= c.x0 + 1) &&
      glyphs.some((g) => g.x0 >= c.x1 - 1) &&
      // Alone in its columns: a piece of a broken stroke (a 5's tail cut from its bowl) has ink above it.
      inside.every((o) => o === c || o.x1 <= c.x0 || o.x0 >= c.x1),
  );
  // One point, no more: two dots are noise or a mark that is not a number's.
  if (dots.length !== 1) return undefined;
  const before = glyphs.filter((g) => g.x1 <= dots[0]!.x0 + 1).length;
  // The glyphs before the dot are the text's first characters, digits each, and a digit follows.
  const at = word.text.search(/\d/) + before;
  if (!/^\d$/.test(word.text[at - 1] ?? "") || !/^\d$/.test(word.text[at] ?? "")) return undefined;
  if (glyphs.length < word.text.replace(/^[-−–]/, "").length - 1) return undefined;
  return `${word.text.slice(0, at)}.${word.text.slice(at)}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
