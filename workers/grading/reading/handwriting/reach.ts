// A child's last digit written apart from the rest: PP-OCR's detector may box "12" and leave the "3" written a
// digit's width further on out of every box, so an answer's crop that stops at its box's end reads "12" for 123
// (dev pages). When an answer ends its row, the crop reaches on over the ink that follows it, up to a gap a
// writer would not leave inside a number. The answer line under the digits runs on past them: rows inked across
// most of the reach are a rule, not a digit, and are not counted. At its other end, a crop that starts inside a
// sign's ink (a "=" PP-OCR boxed short) starts after it instead.
import type { GreyImage } from "./segment";

/** The widest blank gap, in text heights, a number's own digits leave between them. */
export const DIGIT_GAP = 1.1;
/** How far on, in text heights, the crop may reach. */
export const MAX_REACH = 4;
/** A column holds a stroke from this many inked pixels (outside the rule's rows). */
const STROKE = 2;

/**
 * Strokes per column across rows [y0, y1) and columns [x0, x1) of `page`, leaving out the rows inked across more
 * than half the span (the answer line or its edges, not a stroke). Ink: darker than 0.6 of the span's paper (its
 * 90th percentile of brightness), as equals.ts reads a "=".
 */
function strokesPerColumn(page: GreyImage, y0: number, y1: number, x0: number, x1: number): Uint32Array {
  const w = x1 - x0;
  const h = y1 - y0;
  const bins = new Uint32Array(256);
  for (let r = y0; r < y1; r++) for (let c = x0; c < x1; c++) bins[page.data[r * page.width + c]]++;
  let seen = 0;
  let paper = 255;
  for (let v = 0; v < 256; v++)
    if ((seen += bins[v]) > 0.9 * w * h) {
      paper = v;
      break;
    }
  const inked = (r: number, c: number) => page.data[r * page.width + c] < 0.6 * paper;
  const rule = new Uint8Array(h);
  for (let r = 0; r < h; r++) {
    let n = 0;
    for (let c = x0; c < x1; c++) if (inked(y0 + r, c)) n++;
    if (n > 0.5 * w) rule.fill(1, Math.max(0, r - 1), Math.min(h, r + 2));
  }
  const strokes = new Uint32Array(w);
  for (let c = x0; c < x1; c++) for (let r = 0; r < h; r++) if (!rule[r] && inked(y0 + r, c)) strokes[c - x0]++;
  return strokes;
}

/**
 * The right end of the ink that follows `x` across rows [top, bottom) of `page`, with no blank run wider than
 * `DIGIT_GAP` text heights: `x` itself when nothing follows.
 */
export function inkReach(page: GreyImage, top: number, bottom: number, x: number, textHeight: number): number {
  const x0 = Math.max(0, Math.ceil(x));
  const x1 = Math.min(page.width, Math.ceil(x + MAX_REACH * textHeight));
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(page.height, Math.ceil(bottom));
  if (x1 - x0 < 2 || y1 - y0 < 3) return x;
  const strokes = strokesPerColumn(page, y0, y1, x0, x1);
  let end = x;
  let blank = 0;
  for (let c = x0; c < x1; c++) {
    if (strokes[c - x0] >= STROKE) {
      end = c + 1;
      blank = 0;
    } else if (++blank > DIGIT_GAP * textHeight) break;
  }
  return end;
}

/**
 * Where a crop that starts at `left` should start so that no sign before it is cut at its edge: the first blank
 * column at or after `left`, when ink runs across `left` (the right end of a "=" whose box PP-OCR drew short; its
 * two stubs read as a "2", a typed "x = 5" read "25"); `left` when its column is blank, or when no blank column
 * comes before `limit` (the word's own ink starts there). Columns up to `right` set the paper and the rule.
 */
export function clearStart(page: GreyImage, top: number, bottom: number, left: number, limit: number, right: number): number {
  const x0 = Math.max(0, Math.floor(left));
  const x1 = Math.min(page.width, Math.ceil(right));
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(page.height, Math.ceil(bottom));
  if (x1 - x0 < 2 || y1 - y0 < 3) return left;
  const strokes = strokesPerColumn(page, y0, y1, x0, x1);
  if (strokes[0] < STROKE) return left;
  for (let c = x0 + 1; c < Math.min(x1, Math.floor(limit)); c++) if (strokes[c - x0] < STROKE) return c;
  return left;
}
