// A detected box much taller than the page's others holds text at two heights: a letter written high above its blank
// beside a printed question ("J ___ 1. Write 3/4 as a percent."), an answer written above its line beside print.
// Squeezed into the recogniser's 48 px, such a box loses the small writing and misreads its print ("Wirt 8/2 in
// simlest form."). A lone mark opening such a box, set off by a gap of ink wider than the text is tall (far wider than
// a space between words), is cut off; it and the rest are each boxed to their own ink, as the detector boxes a line
// of its own, and read alone.
import type { GreyImage } from "./cleanup";
import type { BoundingBox } from "../types";
import { median } from "../registration";

/** Darker than this is ink. */
const INK = 128;
/** A box at least this many times the page's median box height is looked into. */
export const TALL = 1.2;
/** A run of columns without ink at least this many text heights wide cuts a tall box (a word space is about 0.4). */
const GAP = 1;
/** A row's run of ink this many text heights long is a rule (a blank's line, a box's edge), not text. */
const RULE = 2;
/** A piece's box reaches this many of its ink's heights beyond its ink (the detector's are about twice their text). */
const MARGIN = 0.5;
/** A mark opening a tall box at most this many text heights wide is cut off (a letter; a word is wider). */
const LONE = 1.5;
/** What follows the lone mark is this many text heights wide at least (a line: a question, an instruction). */
const REST = 4;
/** A column with fewer inked pixels than this (off the rules) is empty: a speck does not close a gap. */
const SPECK = 2;

/** The median height of a page's boxes: a line of its print, boxed. */
export function typicalHeight(boxes: readonly BoundingBox[]): number {
  return median(boxes.map((b) => b.height));
}

/**
 * The pieces a tall box is read as, each boxed to its own ink, left to right; undefined when the box is not tall for
 * its page (`typical`: the median box height) or holds no gap that wide.
 */
export function splitTallBox(page: GreyImage, box: BoundingBox, typical: number): BoundingBox[] | undefined {
  if (!(typical > 0) || box.height < TALL * typical) return undefined;
  const text = typical / 2;
  const x0 = Math.max(0, Math.round(box.x));
  const x1 = Math.min(page.width - 1, Math.round(box.x + box.width));
  const y0 = Math.max(0, Math.round(box.y));
  const y1 = Math.min(page.height - 1, Math.round(box.y + box.height));
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  if (w < 2 || h < 2) return undefined;
  // Ink off the rules, by the box's rows.
  const ink = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) {
    const row = (y0 + r) * page.width;
    for (let c = 0; c < w;) {
      if (page.data[row + x0 + c]! >= INK) {
        c++;
        continue;
      }
      let e = c;
      while (e + 1 < w && page.data[row + x0 + e + 1]! < INK) e++;
      if (e - c + 1 < RULE * text) ink.fill(1, r * w + c, r * w + e + 1);
      c = e + 1;
    }
  }
  const columns = new Uint16Array(w);
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) columns[c]! += ink[r * w + c]!;
  // Runs of inked columns, joined across gaps narrower than GAP text heights.
  const spans: [number, number][] = [];
  for (let c = 0; c < w; c++) {
    if (columns[c]! < SPECK) continue;
    const last = spans.at(-1);
    if (last && c - last[1] - 1 < GAP * text) last[1] = c;
    else spans.push([c, c]);
  }
  // Only a lone mark opening the box (a letter on its blank) is cut off: a written answer's letters spaced wide, or
  // a fraction's parts, are read together.
  if (spans.length < 2 || spans[0]![1] - spans[0]![0] + 1 > LONE * text) return undefined;
  // And only before a line of text: a number written with its digits spaced out ("5. 8") is read whole.
  if (spans.at(-1)![1] - spans[1]![0] + 1 < REST * text) return undefined;
  const pieces: [number, number][] = [spans[0]!, [spans[1]![0], spans.at(-1)![1]]];
  return pieces.map(([a, b]) => {
    let top = h;
    let bottom = -1;
    for (let r = 0; r < h; r++) {
      for (let c = a; c <= b; c++) {
        if (!ink[r * w + c]) continue;
        top = Math.min(top, r);
        bottom = Math.max(bottom, r);
        break;
      }
    }
    const margin = Math.max(MARGIN * (bottom - top + 1), text / 4);
    const left = Math.max(0, x0 + a - margin);
    const up = Math.max(0, y0 + top - margin);
    const right = Math.min(page.width, x0 + b + 1 + margin);
    const down = Math.min(page.height, y0 + bottom + 1 + margin);
    return { x: left, y: up, width: right - left, height: down - up };
  });
}
