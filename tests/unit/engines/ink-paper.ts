// A page of paper for the reading steps that look at ink (rings, ticks, leaders): strokes placed by a test.
import type { GreyImage } from "../../../workers/grading/reading/ocr/grey-filters";

/** Paper `width` × `height` of one grey. */
export function paper(width: number, height: number, grey = 245): GreyImage {
  return { width, height, data: new Uint8Array(width * height).fill(grey) };
}

/** A block of ink, w × h from (x, y). */
export function blot(page: GreyImage, x: number, y: number, w: number, h: number) {
  for (let r = y; r < y + h; r++) for (let c = x; c < x + w; c++) page.data[r * page.width + c] = 20;
}

/** A pen's straight stroke, 3 px wide, from (x0, y0) to (x1, y1). */
export function stroke(page: GreyImage, x0: number, y0: number, x1: number, y1: number) {
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
  for (let k = 0; k <= steps; k++)
    blot(page, Math.round(x0 + ((x1 - x0) * k) / steps) - 1, Math.round(y0 + ((y1 - y0) * k) / steps) - 1, 3, 3);
}

/** How many pixels of a w × h block from (x, y) are ink. */
export function inked(page: GreyImage, x: number, y: number, w: number, h: number): number {
  let n = 0;
  for (let r = y; r < y + h; r++) for (let c = x; c < x + w; c++) if (page.data[r * page.width + c]! < 128) n++;
  return n;
}
