// How dark a word's strokes are (reading/handwriting/darkness.ts strokeDarkness), the pencil test's measure: a narrow
// printed word in a line-high box is print, and pencil stays pencil.
import { describe, expect, it } from "vitest";
import { strokeDarkness } from "../../workers/grading/reading/handwriting/darkness";
import { PENCIL } from "../../workers/grading/reading/handwriting/words";

const PAPER = 250;

/** A page of paper with rectangles of ink: [x, y, width, height, grey]. */
function page(width: number, height: number, inks: [number, number, number, number, number][]) {
  const data = new Uint8Array(width * height).fill(PAPER);
  for (const [x0, y0, w, h, grey] of inks) for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[y * width + x] = grey;
  return { data, width, height };
}

describe("strokeDarkness", () => {
  // A crisp scan: "2." opening a question, a thin stroke and a point, in a box as high as the line's (57 px).
  const scan = page(400, 100, [
    [20, 30, 3, 26, 20], // the label's stroke
    [28, 52, 3, 3, 20], // its point
    [100, 30, 200, 3, 20], // a printed line's strokes, for the page's print
    [100, 40, 200, 3, 20],
    [100, 50, 200, 3, 20],
    [320, 30, 3, 26, 150], // a pencil stroke as thin as the label's
  ]);
  const print = strokeDarkness(scan, { x: 95, y: 20, width: 210, height: 57 });

  it("measures a narrow printed word by its ink, not by the paper round it", () => {
    const label = strokeDarkness(scan, { x: 12, y: 20, width: 39, height: 57 });
    expect(label).toBeGreaterThanOrEqual(PENCIL * print);
    expect(label).toBeCloseTo(print, 2);
  });

  it("keeps a pencil stroke lighter than print", () => {
    expect(strokeDarkness(scan, { x: 312, y: 20, width: 39, height: 57 })).toBeLessThan(PENCIL * print);
  });

  it("says 0 for a box of paper", () => {
    expect(strokeDarkness(scan, { x: 350, y: 0, width: 40, height: 20 })).toBe(0);
  });
});
