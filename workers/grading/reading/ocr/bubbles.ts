// Bubbles the student filled in (issue 30: "an option letter written or circled"). A worksheet prints a row of small
// lettered rings under a multiple-choice question's options (or one before each option), and the child fills in the
// one they choose. Read through, the row was a few letters or nothing, and the filled one no letter at all. Before a
// page is read, a solid disc about a text line high with empty rings of its size beside it on its level is a filled
// bubble of a row; the row is painted out (so every page of a class set reads it alike, blank), and after reading,
// the option it stands for is marked chosen: the words right of it when they start beside it, else the option of
// its place in the row (the third bubble: "C)") on the lettered options' line just above the row.
// A worksheet may also print each question's number inside a ring at the margin ("(1)" drawn as a circle). Read
// through, the ring hid its number ("@", or nothing), and the question had none. A ring alone, holding a small mark,
// not in a row of rings like it, is painted out too, its number left to read.
import { inkCells, paintCells, type GreyImage } from "./grey-filters";
import type { ReadLine, ReadWord } from "../types";
import { components, type Component } from "../handwriting/segment";

/** Darker than this is ink. */
const INK = 128;
/** The page is looked at in cells of this many pixels a side. */
const CELL = 2;
/** A bubble is at least this many text heights across (a round letter, "o", "O", is smaller), and at most the second. */
const SMALL = 0.95;
const LARGE = 2;
/** A printed ring round a question's number is at most this many text heights across. */
const RINGED = 3;
/** A ring's own ink is this share of its radius out or further, but for this share of it (a letter's loop joins in). */
const RIM_INSIDE = 0.6;
const RIM_STRAY = 0.02;
/** A bubble is round: its width over its height no further from 1 than this. */
const ROUND = 0.25;
/** A filled bubble is ink over this share of its box (a disc covers 0.79), at most the second (a square covers all). */
const FILLED = 0.6;
const SQUARE = 0.92;
/**
 * And ink at these shares of the points on circles these shares of its radius out (a thick "0" has paper there; a
 * child's fill may leave a crescent of paper inside the bubble's edge).
 */
const SOLID = [
  [0.35, 0.9],
  [0.55, 0.9],
  [0.7, 0.7],
] as const;
/** Points looked at around a circle. */
const POINTS = 32;
/**
 * An empty bubble's rim is ink at this share of the points around it, and its box at most this share ink (rim, letter);
 * between its rim and the letter printed small within it, a circle this share of its radius out is paper at this share
 * of its points at least (a letter's strokes, "W", "g", cross it).
 */
const RIM = 0.75;
const HOLLOW = 0.65;
const BETWEEN = 0.55;
const CLEAR = 0.75;
/** Bubbles of a row: sizes within this share of each other, middles within this share of a size up or down. */
const LIKE = 0.3;
const LEVEL = 0.35;
/** Between neighbours of a row, at least this many sizes of paper (digits of a number touch or nearly) and at most the second. */
const APART = 0.6;
const FAR = 8;
/** The options' line is at most this many bubble sizes above the row. */
const ABOVE = 2.5;
/** The option beside a bubble starts at most this many sizes right of it. */
const NEAR = 3;
/** Around a painted cell, this many pixels are painted too (the stroke's soft edge). */
const EDGE = 2;
const LETTERS = "ABCDEFGH";

/** A bubble's box on the page, in cells: [x0, x1) × [y0, y1). */
interface CellBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A filled bubble: its box, its place in its row (0 the first), and the row's boxes. */
export interface Filled {
  box: CellBox;
  place: number;
  row: CellBox[];
}

/** The page's filled bubbles, and the cells to paint out: their rows' bubbles and what is printed in them. */
export interface Bubbles {
  filled: Filled[];
  paint: number[];
  /** The cells of each ring standing alone round a number (what it holds is left). */
  rims: number[][];
}

/** The filled bubbles of a page; `textHeight` is the height of its print, in pixels. */
export function findBubbles(page: GreyImage, textHeight: number | undefined): Bubbles {
  const found: Bubbles = { filled: [], paint: [], rims: [] };
  if (!(textHeight && textHeight > 0)) return found;
  const w = Math.ceil(page.width / CELL);
  const h = Math.ceil(page.height / CELL);
  const text = textHeight / CELL;
  const ink = inkCells(page, CELL, INK);
  const discs: CellBox[] = [];
  const rings: Component[] = [];
  const rims: Component[] = [];
  for (const piece of components(ink, w, h)) {
    const [cw, ch] = [piece.x1 - piece.x0, piece.y1 - piece.y0];
    if (Math.min(cw, ch) < SMALL * text || Math.max(cw, ch) > RINGED * text || Math.abs(cw / ch - 1) > ROUND) continue;
    const bubbleSized = Math.max(cw, ch) <= LARGE * text;
    if (bubbleSized && isDisc(piece, ink, w)) discs.push({ x0: piece.x0, y0: piece.y0, x1: piece.x1, y1: piece.y1 });
    else if (bubbleSized && isRing(piece, ink, w)) rings.push(piece);
    if (isRim(piece, ink, w)) rims.push(piece);
  }
  // A ring alone round a mark (a question's number): no ring of its size on its level within a row's reach.
  const all = [...new Set([...discs, ...rings, ...rims])];
  for (const rim of rims) if (holdsInk(rim, ink, w) && rowOf(rim, all).length === 1) found.rims.push(rim.pixels);
  if (!discs.length) return found;
  const painted = new Set<CellBox>();
  for (const disc of discs) {
    const row = rowOf(disc, [...discs, ...rings]);
    if (row.length < 2 || !row.some((b) => rings.includes(b as Component))) continue;
    found.filled.push({ box: disc, place: row.indexOf(disc), row });
    for (const b of row) painted.add(b);
  }
  // Each bubble of a row with a filled one, and its letter within it.
  for (const b of painted)
    for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) if (ink[y * w + x]) found.paint.push(y * w + x);
  return found;
}

/** The page with the rows of its filled bubbles, and its lone rings, painted the paper's grey. */
export function withoutBubbles(page: GreyImage, bubbles: Bubbles): GreyImage {
  return paintCells(page, [bubbles.paint, ...bubbles.rims], CELL, EDGE, INK);
}

/**
 * The words of `lines` a filled bubble chooses: the option's words right of it on its line, up to the next bubble;
 * or, when none start beside it, the option its place in the row letters on the options' line just above the row.
 */
export function filledWords(bubbles: Bubbles, lines: readonly ReadLine[]): Set<ReadWord> {
  const chosen = new Set<ReadWord>();
  for (const { box, place, row } of bubbles.filled) {
    const [size, middle, right] = [(box.y1 - box.y0) * CELL, ((box.y0 + box.y1) / 2) * CELL, box.x1 * CELL];
    const next = Math.min(...row.filter((b) => b.x0 > box.x0).map((b) => b.x0 * CELL));
    const beside = lines.flatMap((line) =>
      line.words.filter((word) => {
        const gap = word.bbox.x - right;
        return word.bbox.y <= middle && word.bbox.y + word.bbox.height >= middle && gap >= -size / 4 && word.bbox.x < next;
      }),
    );
    const first = Math.min(...beside.map((w) => w.bbox.x));
    if (beside.length && first - right <= NEAR * size) {
      for (const word of beside) chosen.add(word);
      continue;
    }
    for (const word of optionAbove(lines, row, place)) chosen.add(word);
  }
  return chosen;
}

/** The words of the option lettered `place` (0: "A)") on the nearest line of lettered options above `row`. */
function optionAbove(lines: readonly ReadLine[], row: CellBox[], place: number): ReadWord[] {
  const [x0, x1, top] = [row[0]!.x0 * CELL, row.at(-1)!.x1 * CELL, row[0]!.y0 * CELL];
  const size = (row[0]!.y1 - row[0]!.y0) * CELL;
  const above = lines.filter((l) => {
    const [lx0, lx1, bottom] = [
      Math.min(...l.words.map((w) => w.bbox.x)),
      Math.max(...l.words.map((w) => w.bbox.x + w.bbox.width)),
      l.bbox.y + l.bbox.height,
    ];
    return l.words.length && bottom <= top + size / 2 && top - bottom <= ABOVE * size && lx0 < x1 && lx1 > x0;
  });
  const line = above.sort((a, b) => b.bbox.y + b.bbox.height - (a.bbox.y + a.bbox.height))[0];
  if (!line) return [];
  // An option's label, read with its stop or without it ("B ) water": the stop a word of its own).
  const label = (w: ReadWord) => /^\(?([A-Ha-h])[).]|^([A-H])$/.exec(w.text)?.slice(1).find(Boolean)?.toUpperCase();
  const start = line.words.findIndex((w) => label(w) === LETTERS[place]);
  if (start < 0) return [];
  const end = line.words.findIndex((w, i) => i > start && label(w));
  return line.words.slice(start, end < 0 ? undefined : end);
}

/** The bubbles of `all` on `bubble`'s row, left to right: of its size and level, each within reach of the next. */
function rowOf(bubble: CellBox, all: readonly CellBox[]): CellBox[] {
  const size = bubble.y1 - bubble.y0;
  const middle = (b: CellBox) => (b.y0 + b.y1) / 2;
  const like = all
    .filter((b) => Math.abs(b.y1 - b.y0 - size) <= LIKE * size && Math.abs(middle(b) - middle(bubble)) <= LEVEL * size)
    .sort((a, b) => a.x0 - b.x0);
  const row = [bubble];
  const reach = (from: CellBox, to: CellBox) => {
    const gap = to.x0 >= from.x1 ? to.x0 - from.x1 : from.x0 - to.x1;
    return gap >= APART * size && gap <= FAR * size;
  };
  for (let at = like.indexOf(bubble), k = at + 1; k < like.length && reach(row.at(-1)!, like[k]!); k++) row.push(like[k]!);
  for (let k = like.indexOf(bubble) - 1; k >= 0 && reach(row[0]!, like[k]!); k--) row.unshift(like[k]!);
  return row;
}

/** A ring of ink alone: ink all around a circle just inside its box, and none of its own far inside that circle. */
function isRim(piece: Component, ink: Uint8Array, w: number): boolean {
  const [cx, cy] = [(piece.x0 + piece.x1 - 1) / 2, (piece.y0 + piece.y1 - 1) / 2];
  const [rx, ry] = [(piece.x1 - piece.x0) / 2, (piece.y1 - piece.y0) / 2];
  const inward = piece.pixels.filter((p) => Math.hypot(((p % w) - cx) / rx, (Math.floor(p / w) - cy) / ry) < RIM_INSIDE).length;
  return aroundShare(ink, w, piece, 0.85, 1) >= RIM && inward <= RIM_STRAY * piece.pixels.length;
}

/** Whether ink not the ring's own lies within the middle of its box (its inner half across and down). */
function holdsInk(ring: Component, ink: Uint8Array, w: number): boolean {
  const own = new Set(ring.pixels);
  const [qx, qy] = [(ring.x1 - ring.x0) / 4, (ring.y1 - ring.y0) / 4];
  for (let y = Math.round(ring.y0 + qy); y < Math.round(ring.y1 - qy); y++)
    for (let x = Math.round(ring.x0 + qx); x < Math.round(ring.x1 - qx); x++) if (ink[y * w + x] && !own.has(y * w + x)) return true;
  return false;
}

/** Share of the cells of [x0, x1) × [y0, y1) that are ink. */
function inkShare(ink: Uint8Array, w: number, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) n += ink[y * w + x]!;
  return n / Math.max(1, (x1 - x0) * (y1 - y0));
}

/** A solid disc: most of its box ink, not all of it, ink all round circles well inside its edge, and paper at its box's corners. */
function isDisc(piece: Component, ink: Uint8Array, w: number): boolean {
  const { x0, y0, x1, y1 } = piece;
  const fill = piece.area / ((x1 - x0) * (y1 - y0));
  if (fill < FILLED || fill > SQUARE) return false;
  // A blurred letter ("W", "e") fills its box as much, but has notches and counters within, and ink at a corner.
  const corners = [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ].filter(([dx, dy]) => onCircle(ink, w, piece, 0.95 * Math.SQRT2, Math.atan2(dy!, dx!), 0)).length;
  return corners <= 1 && SOLID.every(([r, share]) => aroundShare(ink, w, piece, r, 0) >= share);
}

/** An empty bubble: ink all around a circle just inside its box, paper within it but for a small letter in its middle. */
function isRing(piece: Component, ink: Uint8Array, w: number): boolean {
  const { x0, y0, x1, y1 } = piece;
  // The rim's ink is within a cell of the circle a little inside the box's edge.
  return (
    inkShare(ink, w, x0, y0, x1, y1) <= HOLLOW &&
    aroundShare(ink, w, piece, 0.85, 1) >= RIM &&
    aroundShare(ink, w, piece, BETWEEN, 0) <= 1 - CLEAR
  );
}

/** Share of the points around a circle `r` of the radius out from the piece's middle that are ink (within `near` cells). */
function aroundShare(ink: Uint8Array, w: number, piece: Component, r: number, near: number): number {
  let hits = 0;
  for (let k = 0; k < POINTS; k++) hits += onCircle(ink, w, piece, r, (2 * Math.PI * k) / POINTS, near) ? 1 : 0;
  return hits / POINTS;
}

/** Whether there is ink within `near` cells of the point at angle `a`, `r` of the radius out from the piece's middle. */
function onCircle(ink: Uint8Array, w: number, piece: Component, r: number, a: number, near: number): boolean {
  const [cx, cy] = [(piece.x0 + piece.x1 - 1) / 2, (piece.y0 + piece.y1 - 1) / 2];
  const [rx, ry] = [(piece.x1 - piece.x0) / 2, (piece.y1 - piece.y0) / 2];
  const [x, y] = [Math.round(cx + r * rx * Math.cos(a)), Math.round(cy + r * ry * Math.sin(a))];
  for (let dy = -near; dy <= near; dy++)
    for (let dx = -near; dx <= near; dx++) {
      const [px, py] = [Math.min(piece.x1 - 1, Math.max(piece.x0, x + dx)), Math.min(piece.y1 - 1, Math.max(piece.y0, y + dy))];
      if (ink[py * w + px]) return true;
    }
  return false;
}
