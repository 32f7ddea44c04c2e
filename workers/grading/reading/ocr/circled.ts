// Words the student's pen has circled (issue 30: "an option letter written or circled"). A child answers a
// multiple-choice question by drawing a loop around the option they choose: ink, but no text. Read through, the loop
// became brackets and letters ("(C)salt)"), or hid the option from the detector altogether. Before a page is read,
// each piece of ink the size of a loop around a word or two is tested: is it a ring (no long straight side, as a
// printed box or a table's cell has) that closes other ink in? Each ring is painted out, the page read, and the words
// it closed in are marked `circled` for the answer finders (answers/circled.ts).
import { inkCells, paintCells, type GreyImage } from "./grey-filters";
import type { ReadLine, ReadWord } from "../types";
import { components, type Component } from "../handwriting/segment";

/** Darker than this is ink. */
const INK = 128;
/** The page is looked at in cells of this many pixels a side. */
const CELL = 2;
/** A loop is at least this many text heights tall (a letter's own loop, "O", "8", is smaller) and at most the second. */
const LOW = 1.3;
const HIGH = 5;
/** And at least this many text heights wide, at most this share of the page's width (a rule across the page is no loop). */
const NARROW = 1.5;
const WIDE = 0.6;
/** A straight run of ink this share of the loop's height down, or of its width across, is a box's side: no loop. */
const SIDE_DOWN = 0.55;
const SIDE_ACROSS = 0.85;
/** A hand's loop may not quite close: gaps this many text heights wide are closed before the inside is found. */
const GAP = 0.3;
/** A loop closes in this many text heights of other ink at least (its words): a written "0" closes in none. */
const HOLDS = 1;
/** Where along a word's middle, as shares of its width, the loop is looked for around it. */
const SPOTS = [0.25, 0.5, 0.75];
/** Around a ring its soft edge, this many pixels, is painted out too. */
const EDGE = 2;

/** A loop of ink around other ink, in cells of the page. */
export interface Ring {
  piece: Component;
  /** A page cell's place: closed in by the ring (true), outside it (false), or on the ring's own ink (undefined). */
  inside: (x: number, y: number) => boolean | undefined;
  /** The piece's cells (page cell indexes) between its inside and its outside: the loop, not a letter it touches. */
  loop: number[];
}

/** The rings of ink on a page that close other ink in; `textHeight` is the height of its print, in pixels. */
export function findRings(page: GreyImage, textHeight: number | undefined): Ring[] {
  if (!(textHeight && textHeight > 0)) return [];
  const w = Math.ceil(page.width / CELL);
  const h = Math.ceil(page.height / CELL);
  const text = textHeight / CELL;
  const ink = inkCells(page, CELL, INK);
  const rings: Ring[] = [];
  for (const piece of components(ink, w, h)) {
    const [cw, ch] = [piece.x1 - piece.x0, piece.y1 - piece.y0];
    if (ch < LOW * text || ch > HIGH * text || cw < NARROW * text || cw > WIDE * w) continue;
    const ring = ringOf(piece, ink, w, Math.max(1, Math.round(GAP * text)), HOLDS * text);
    if (ring) rings.push(ring);
  }
  return rings;
}

/** The page with its rings painted the paper's grey, so that what they close in is read as if they were not there. */
export function withoutRings(page: GreyImage, rings: readonly Ring[]): GreyImage {
  return paintCells(
    page,
    rings.map((r) => r.loop),
    CELL,
    EDGE,
    INK,
  );
}

/** The words of `lines` that a ring closes in: along the word's middle, inside at some point, outside at none. */
export function circledWords(rings: readonly Ring[], lines: readonly ReadLine[]): Set<ReadWord> {
  const circled = new Set<ReadWord>();
  const words = rings.length ? lines.flatMap((l) => l.words) : [];
  for (const { piece: c, inside } of rings)
    for (const word of words) {
      const [x0, x1] = [word.bbox.x / CELL, (word.bbox.x + word.bbox.width) / CELL];
      const y = Math.floor((word.bbox.y + word.bbox.height / 2) / CELL);
      if (x1 <= c.x0 || x0 >= c.x1 || y <= c.y0 || y >= c.y1) continue;
      // Within the ring's box only: a box read a little wide may reach past the ring.
      const spots = SPOTS.map((k) => Math.floor(x0 + k * (x1 - x0))).filter((x) => x > c.x0 && x < c.x1);
      const seen = spots.map((x) => inside(x, y));
      if (seen.includes(true) && !seen.includes(false)) circled.add(word);
    }
  return circled;
}

/**
 * The ring a piece of ink (cell indexes on the `page`'s ink cells, `pageW` a row) is, when it closes `holds` cells
 * of other ink or more in: its gaps up to `gap` cells closed, its inside is the cells the outside cannot reach. None
 * when it has a long straight side (a box), or closes too little in.
 */
function ringOf(piece: Component, page: Uint8Array, pageW: number, gap: number, holds: number): Ring | undefined {
  const { pixels, x0, y0 } = piece;
  const [cw, ch] = [piece.x1 - x0, piece.y1 - y0];
  // The piece in a frame of its own, `gap` cells of paper around it.
  const fw = cw + 2 * gap + 2;
  const fh = ch + 2 * gap + 2;
  const at = (x: number, y: number) => (y - y0 + gap + 1) * fw + (x - x0 + gap + 1);
  const ink = new Uint8Array(fw * fh);
  for (const p of pixels) ink[at(p % pageW, Math.floor(p / pageW))] = 1;
  if (longestRun(ink, fw, fh, 0) >= SIDE_DOWN * ch || longestRun(ink, fw, fh, 1) >= SIDE_ACROSS * cw) return undefined;
  // Grown by `gap`, so that a loop left a little open closes; the outside flooded from the frame.
  const grown = grow(ink, fw, fh, gap);
  const outside = new Uint8Array(fw * fh);
  const stack = [0];
  outside[0] = 1;
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % fw;
    for (const q of [p - fw, p + fw, x > 0 ? p - 1 : -1, x < fw - 1 ? p + 1 : -1])
      if (q >= 0 && q < fw * fh && !outside[q] && !grown[q]) {
        outside[q] = 1;
        stack.push(q);
      }
  }
  // The cells closed in, and the other ink among them (what was circled).
  let [closed, held] = [0, 0];
  for (let y = 0; y < fh; y++)
    for (let x = 0; x < fw; x++) {
      if (outside[y * fw + x] || grown[y * fw + x]) continue;
      closed++;
      const [px, py] = [x + x0 - gap - 1, y + y0 - gap - 1];
      if (px >= 0 && py >= 0 && px < pageW && page[py * pageW + px]) held++;
    }
  if (closed < (cw * ch) / 4 || held < holds) return undefined;
  // The loop: the piece's cells near both its inside and its outside (a letter above that the loop touches is near
  // the outside only, but for where it joins). Where the loop bends, its inside lies further off (grown by squares).
  const inner = new Uint8Array(fw * fh);
  for (let i = 0; i < fw * fh; i++) inner[i] = outside[i] || grown[i] ? 0 : 1;
  const [nearIn, nearOut] = [grow(inner, fw, fh, 2 * gap + 2), grow(outside, fw, fh, gap + 2)];
  const loop = pixels.filter((p) => {
    const i = at(p % pageW, Math.floor(p / pageW));
    return nearIn[i] && nearOut[i];
  });
  const inside = (x: number, y: number) => {
    if (x < x0 - gap - 1 || y < y0 - gap - 1 || x >= x0 - gap - 1 + fw || y >= y0 - gap - 1 + fh || outside[at(x, y)]) return false;
    return grown[at(x, y)] ? undefined : true;
  };
  return { piece, inside, loop };
}

/** A mask grown by `r` cells every way (a square's reach). */
function grow(mask: Uint8Array, fw: number, fh: number, r: number): Uint8Array {
  const grown = new Uint8Array(fw * fh);
  for (let y = 0; y < fh; y++)
    for (let x = 0; x < fw; x++) {
      if (!mask[y * fw + x]) continue;
      for (let yy = Math.max(0, y - r); yy <= Math.min(fh - 1, y + r); yy++)
        grown.fill(1, yy * fw + Math.max(0, x - r), yy * fw + Math.min(fw - 1, x + r) + 1);
    }
  return grown;
}

/** The longest straight run of ink in a frame: down its columns (`across` 0) or along its rows (1). */
function longestRun(ink: Uint8Array, fw: number, fh: number, across: 0 | 1): number {
  const [lines, along] = across ? [fh, fw] : [fw, fh];
  let longest = 0;
  for (let l = 0; l < lines; l++) {
    let run = 0;
    for (let k = 0; k < along; k++) {
      run = ink[across ? l * fw + k : k * fw + l] ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
  }
  return longest;
}
