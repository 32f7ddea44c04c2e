// Options the student's pen has ticked or crossed in a printed box (issue 30: "an option letter written or circled").
// A worksheet prints a small square before each option; the child ticks the one they choose (a check that reaches
// out of the box) or crosses it. Read through, the ticked box became a glyph before the option ("α B) liver") and an
// empty one nothing at all. Before a page is read, the printed squares a text line high are found, and those with the
// student's ink in them (joined to the box: a tick or a cross is drawn over it) are painted out with their mark; after
// reading, the option's words right of a ticked box are marked chosen, as a circled option's are (circled.ts).
import { inkCells, paintCells, type GreyImage } from "./grey-filters";
import type { ReadLine, ReadWord } from "../types";
import { components, type Component } from "../handwriting/segment";

/** Darker than this is ink. */
const INK = 128;
/** The page is looked at in cells of this many pixels a side. */
const CELL = 2;
/** A box's side is this many text heights at least, and at most the second: a tick box, not an answer's box. */
const SMALL = 0.85;
const LARGE = 1.6;
/** A box is square: its width over its height no further from 1 than this. */
const SQUARE = 0.15;
/** A side is an unbroken line of ink over this share of its length (a photo's thin rule breaks a little). */
const SIDE = 0.85;
/** Beyond a box's side, at most this share of the line along its middle half is ink (a tick crosses it in a cell or two). */
const BEYOND = 0.5;
/** A row or column along a box's side this share ink is of the side's stroke. */
const BAND = 0.8;
/** A box is marked when ink joined to it covers this share of its inside (a tick's stroke across it, a cross's two). */
const MARKED = 0.06;
/** A mark is painted out as far as this many box sides around the box: a tick reaches out of it, not to the option. */
const REACH = 0.75;
/** The option is the words starting at most this many box sides right of the box. */
const NEAR = 3;
/** Around a painted cell, this many pixels are painted too (the stroke's soft edge). */
const EDGE = 2;

/** A printed square on the page, in page cells: [x0, x1) × [y0, y1). */
export interface CellBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The page's tick boxes: those the student marked, with the cells of box and mark to paint out, and the empty ones. */
export interface TickBoxes {
  ticked: { box: CellBox; ink: number[] }[];
  empty: CellBox[];
}

/** The printed tick boxes of a page, ticked or not; `textHeight` is the height of its print, in pixels. */
export function findTickBoxes(page: GreyImage, textHeight: number | undefined): TickBoxes {
  const found: TickBoxes = { ticked: [], empty: [] };
  if (!(textHeight && textHeight > 0)) return found;
  const w = Math.ceil(page.width / CELL);
  const h = Math.ceil(page.height / CELL);
  const text = textHeight / CELL;
  const ink = inkCells(page, CELL, INK);
  for (const piece of components(ink, w, h)) {
    const [cw, ch] = [piece.x1 - piece.x0, piece.y1 - piece.y0];
    // A box, with a tick or cross over it that reaches out on every side at most a box further.
    if (cw < SMALL * text || ch < SMALL * text || cw > 3 * LARGE * text || ch > 3 * LARGE * text) continue;
    const box = squareIn(piece, w, text);
    if (!box) continue;
    const marked = markOf(piece, box, w);
    if (marked) found.ticked.push({ box, ink: marked });
    else found.empty.push(box);
  }
  return found;
}

/** The page with its ticked boxes and their marks painted the paper's grey, so that the options are read clean. */
export function withoutTicks(page: GreyImage, boxes: TickBoxes): GreyImage {
  return paintCells(
    page,
    boxes.ticked.map((t) => t.ink),
    CELL,
    EDGE,
    INK,
  );
}

/**
 * The words of `lines` a ticked box chooses: on the line beside it, the option's words from the nearest one right of
 * the box to the next box on that line.
 */
export function tickedWords(boxes: TickBoxes, lines: readonly ReadLine[]): Set<ReadWord> {
  const chosen = new Set<ReadWord>();
  const all = [...boxes.ticked.map((t) => t.box), ...boxes.empty];
  for (const { box } of boxes.ticked) {
    const [side, middle, right] = [(box.y1 - box.y0) * CELL, ((box.y0 + box.y1) / 2) * CELL, box.x1 * CELL];
    let best: { line: ReadLine; at: number; gap: number } | undefined;
    for (const line of lines)
      line.words.forEach((word, at) => {
        const gap = word.bbox.x - right;
        const beside = word.bbox.y <= middle && word.bbox.y + word.bbox.height >= middle;
        if (beside && gap >= -side / 4 && gap <= NEAR * side && (!best || gap < best.gap)) best = { line, at, gap };
      });
    if (!best) continue;
    // The option ends where the next box on its line starts.
    const next = Math.min(...all.filter((b) => b.x0 > box.x1 && b.y0 < middle / CELL && b.y1 > middle / CELL).map((b) => b.x0 * CELL));
    for (const word of best.line.words.slice(best.at)) if (word.bbox.x < next) chosen.add(word);
  }
  return chosen;
}

/**
 * The square a piece of ink (cell indexes on a page `pageW` cells a row) is or holds: four straight sides of about one
 * length, a text line high. Of those it could be, the largest (a box's outer edge, not a side's inner one).
 */
function squareIn(piece: Component, pageW: number, text: number): CellBox | undefined {
  const { x0, y0 } = piece;
  const [fw, fh] = [piece.x1 - x0, piece.y1 - y0];
  const ink = new Uint8Array(fw * fh);
  for (const p of piece.pixels) ink[(Math.floor(p / pageW) - y0) * fw + ((p % pageW) - x0)] = 1;
  const filled = (x: number, y: number, along: 0 | 1, length: number) => {
    let n = 0;
    for (let k = 0; k <= length; k++) n += ink[along ? y * fw + x + k : (y + k) * fw + x]!;
    return n / (length + 1);
  };
  // The longest unbroken run of ink along it, as a share of its length: a side is a line, not a letter's arcs.
  const straight = (x: number, y: number, along: 0 | 1, length: number) => {
    let [run, longest] = [0, 0];
    for (let k = 0; k <= length; k++) {
      run = ink[along ? y * fw + x + k : (y + k) * fw + x] ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return longest / (length + 1);
  };
  // A corner is ink, or the cell next to it inward is (a thin rule's corner is light).
  const corner = (x: number, y: number, dx: number, dy: number) => ink[y * fw + x] || ink[(y + dy) * fw + x + dx];
  // Rows and columns with a side's worth of ink in them: a tick's or a cross's stroke has a cell or two a row.
  const rows: number[] = [];
  const columns: number[] = [];
  for (let y = 0; y < fh; y++) if (filled(0, y, 1, fw - 1) * fw >= SIDE * SMALL * text) rows.push(y);
  for (let x = 0; x < fw; x++) if (filled(x, 0, 0, fh - 1) * fh >= SIDE * SMALL * text) columns.push(x);
  let best: CellBox | undefined;
  for (const [i, top] of rows.entries())
    for (const bottom of rows.slice(i + 1)) {
      const side = bottom - top;
      if (side < SMALL * text || side > LARGE * text) continue;
      for (const [j, left] of columns.entries())
        for (const right of columns.slice(j + 1)) {
          const across = right - left;
          if (Math.abs(across / side - 1) > SQUARE || (best && across * side <= (best.x1 - best.x0 - 1) * (best.y1 - best.y0 - 1)))
            continue;
          const sides = [
            straight(left, top, 1, across),
            straight(left, bottom, 1, across),
            straight(left, top, 0, side),
            straight(right, top, 0, side),
          ];
          // Its four corners are square: a "D", a "3" are round at the right. And it is the ink's outer edge: beyond
          // each side's middle half, a cell out, lies paper (a blurred side's outer row is not straight; a square found
          // within a thick pencil "0"'s stroke has ink beyond).
          const corners =
            corner(left, top, 1, 1) && corner(right, top, -1, 1) && corner(left, bottom, 1, -1) && corner(right, bottom, -1, -1);
          const [qa, qs] = [across >> 2, side >> 2];
          const beyond = [
            top > 1 ? filled(left + qa, top - 2, 1, across - 2 * qa) : 0,
            bottom < fh - 2 ? filled(left + qa, bottom + 2, 1, across - 2 * qa) : 0,
            left > 1 ? filled(left - 2, top + qs, 0, side - 2 * qs) : 0,
            right < fw - 2 ? filled(right + 2, top + qs, 0, side - 2 * qs) : 0,
          ];
          if (sides.every((s) => s >= SIDE) && corners && beyond.every((b) => b <= BEYOND))
            best = { x0: x0 + left, y0: y0 + top, x1: x0 + right + 1, y1: y0 + bottom + 1 };
        }
    }
  return best;
}

/**
 * The cells to paint out of a box that holds a mark joined to it (`piece` the box's ink), or none when its inside is
 * empty: the box and what of the piece lies within REACH of it.
 */
function markOf(piece: Component, box: CellBox, pageW: number): number[] | undefined {
  const cells = new Set(piece.pixels);
  // The inside, in from each side by its thickness (a cell or two on a scan, more on a phone's blurred snap) and one.
  const [top, bottom, left, right] = sideBands(cells, box, pageW);
  const [ix0, iy0, ix1, iy1] = [box.x0 + left + 1, box.y0 + top + 1, box.x1 - right - 1, box.y1 - bottom - 1];
  const reach = Math.round(REACH * (box.y1 - box.y0));
  let inside = 0;
  const ink: number[] = [];
  for (const p of piece.pixels) {
    const [x, y] = [p % pageW, Math.floor(p / pageW)];
    if (x >= ix0 && x < ix1 && y >= iy0 && y < iy1) inside++;
    if (x >= box.x0 - reach && x < box.x1 + reach && y >= box.y0 - reach && y < box.y1 + reach) ink.push(p);
  }
  return ix1 > ix0 && iy1 > iy0 && inside >= MARKED * (ix1 - ix0) * (iy1 - iy0) ? ink : undefined;
}

/**
 * How many cells thick a box's sides are (top, bottom, left, right): the rows or columns in from each that are mostly
 * ink along the middle half of the side (a cross's strokes fill the rows near its corners; along the middle, a
 * tick's or a cross's stroke crosses a row in a cell or two).
 */
function sideBands(cells: Set<number>, box: CellBox, pageW: number): number[] {
  const [w, h] = [box.x1 - box.x0, box.y1 - box.y0];
  const row = (y: number) => {
    let n = 0;
    for (let x = box.x0 + (w >> 2); x < box.x1 - (w >> 2); x++) n += cells.has(y * pageW + x) ? 1 : 0;
    return n / (w - 2 * (w >> 2));
  };
  const column = (x: number) => {
    let n = 0;
    for (let y = box.y0 + (h >> 2); y < box.y1 - (h >> 2); y++) n += cells.has(y * pageW + x) ? 1 : 0;
    return n / (h - 2 * (h >> 2));
  };
  const band = (line: (k: number) => number, from: number, step: 1 | -1, most: number) => {
    let n = 0;
    while (n < most && line(from + n * step) >= BAND) n++;
    return n;
  };
  return [
    band(row, box.y0, 1, h >> 1),
    band(row, box.y1 - 1, -1, h >> 1),
    band(column, box.x0, 1, w >> 1),
    band(column, box.x1 - 1, -1, w >> 1),
  ];
}
