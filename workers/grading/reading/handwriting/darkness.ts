// How dark a word's strokes are against its paper, and how dark a page's print is: the pencil test of the
// handwriting pass (words.ts, decisions 0054 and 0085).
import type { ReadLine, ReadWord } from "../types";
import type { GreyImage } from "./reader";

/** Tightening a box to its ink: a pixel darker than this share of the box's paper is ink. */
const TIGHT_INK = 0.75;

/** The brightness below which `share` of the histogram's `n` pixels lie. */
function quantile(bins: Uint32Array, n: number, share: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += bins[v]) > share * n) return v;
  return 255;
}

/** The histogram of brightness of the page's pixels in columns [x0, x1) and rows [y0, y1). */
function histogram(page: GreyImage, x0: number, y0: number, x1: number, y1: number): { bins: Uint32Array; n: number } {
  const bins = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) bins[page.data[y * page.width + x]]++;
  return { bins, n: Math.max(0, x1 - x0) * Math.max(0, y1 - y0) };
}

/**
 * How dark a box's strokes are against its paper, 0..1: 1 − (5th percentile ÷ 95th percentile of brightness), over
 * the box tightened to its ink. A narrow printed word in a line-high box ("2." opening a question) is mostly paper: over
 * the whole box its 5th percentile is the glyph's grey edge, and a crisp scan's print looked like pencil.
 */
export function strokeDarkness(page: GreyImage, box: ReadWord["bbox"]): number {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(page.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(page.height, Math.ceil(box.y + box.height));
  const whole = histogram(page, x0, y0, x1, y1);
  if (!whole.n) return 0;
  const paper = Math.max(1, quantile(whole.bins, whole.n, 0.95));
  // The ink's own box: the rows and columns holding a pixel darker than TIGHT_INK of the paper.
  let [left, top, right, bottom] = [x1, y1, x0 - 1, y0 - 1];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      if (page.data[y * page.width + x] < TIGHT_INK * paper) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  const ink = right < left ? whole : histogram(page, left, top, right + 1, bottom + 1);
  return Math.max(0, 1 - quantile(ink.bins, ink.n, 0.05) / paper);
}

/** How dark the page's print is: the median stroke darkness of its widest lines (up to 8). */
export function printDarknessOf(page: GreyImage, lines: ReadLine[]): number {
  const wide = [...lines].sort((a, b) => b.bbox.width - a.bbox.width).slice(0, 8);
  const values = wide.map((l) => strokeDarkness(page, l.bbox)).sort((a, b) => a - b);
  return values.length ? values[Math.floor(values.length / 2)] : 0;
}
