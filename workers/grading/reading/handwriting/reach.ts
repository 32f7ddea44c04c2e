// A child's last digit written apart from the rest: PP-OCR's detector may box "12" and leave the "3" written a
// digit's width further on out of every box, so an answer's crop that stops at its box's end reads "12" for 123
// (dev pages). When an answer ends its row, the crop reaches on over the ink that follows it, up to a gap a
// writer would not leave inside a number. The answer line under the digits runs on past them: rows inked across
// most of the reach are a rule, not a digit, and are not counted.
import type { GreyImage } from "./segment";

/** The widest blank gap, in text heights, a number's own digits leave between them. */
export const DIGIT_GAP = 1.1;
/** How far on, in text heights, the crop may reach. */
export const MAX_REACH = 4;
/** A column holds a stroke from this many inked pixels (outside the rule's rows). */
const STROKE = 2;

/**
 * The right end of the ink that follows `x` across rows [top, bottom) of `page`, with no blank run wider than
 * `DIGIT_GAP` text heights: `x` itself when nothing follows.
 */
export function inkReach(page: GreyImage, top: number, bottom: number, x: number, textHeight: number): number {
  const x0 = Math.max(0, Math.ceil(x));
  const x1 = Math.min(page.width, Math.ceil(x + MAX_REACH * textHeight));
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(page.height, Math.ceil(bottom));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 2 || h < 3) return x;
  // Ink: darker than 0.6 of the reach's paper (its 90th percentile of brightness), as equals.ts reads a "=".
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
  // Rows inked across more than half the reach: the answer line (or its edges), not a stroke.
  const rule = new Uint8Array(h);
  for (let r = 0; r < h; r++) {
    let n = 0;
    for (let c = x0; c < x1; c++) if (inked(y0 + r, c)) n++;
    if (n > 0.5 * w) rule.fill(1, Math.max(0, r - 1), Math.min(h, r + 2));
  }
  let end = x;
  let blank = 0;
  for (let c = x0; c < x1; c++) {
    let n = 0;
    for (let r = 0; r < h; r++) if (!rule[r] && inked(y0 + r, c)) n++;
    if (n >= STROKE) {
      end = c + 1;
      blank = 0;
    } else if (++blank > DIGIT_GAP * textHeight) break;
  }
  return end;
}
