// Where to cut a line between its printed words and what a student wrote beside them (issue 30, read little): the
// layout places a printed word to within a few pixels, not to a stroke, so a cut made at its mapped end catches the
// tail of a printed ":" or "=" (read as ",1" or ":20") or the head of the next word. The cut moves to the palest
// column of ink nearby: the space a writer leaves between print and answer.
import type { GreyImage } from "./cleanup";
import type { BoundingBox } from "../types";

/** Darker than this is ink. */
const INK = 128;

/**
 * The middle of the palest run of columns within [from, to] nearest `x` (its least ink across the box's middle rows):
 * `x` itself when the window is empty.
 */
export function palestColumn(page: GreyImage, box: BoundingBox, x: number, from: number, to: number): number {
  const x0 = Math.max(0, Math.ceil(from));
  const x1 = Math.min(page.width - 1, Math.floor(to));
  const y0 = Math.max(0, Math.round(box.y + box.height * 0.15));
  const y1 = Math.min(page.height - 1, Math.round(box.y + box.height * 0.85));
  if (x1 < x0 || y1 < y0) return x;
  const ink: number[] = [];
  for (let c = x0; c <= x1; c++) {
    let n = 0;
    for (let r = y0; r <= y1; r++) if (page.data[r * page.width + c]! < INK) n++;
    ink.push(n);
  }
  const least = Math.min(...ink);
  let best = x;
  let bestDistance = Infinity;
  for (let i = 0; i < ink.length;) {
    if (ink[i] !== least) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < ink.length && ink[j + 1] === least) j++;
    const [a, b] = [x0 + i, x0 + j];
    const distance = x < a ? a - x : x > b ? x - b : 0;
    if (distance < bestDistance) [best, bestDistance] = [(a + b) / 2, distance];
    i = j + 1;
  }
  return best;
}
