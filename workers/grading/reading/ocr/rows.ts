// Text boxes → rows. The detector gives one box per run of text, so a row with a question and its answer set
// apart, or two columns, arrives as several boxes; the layout step (engines/layout.ts) wants each row whole
// with word boxes, as a page reader lays it out, and splits it at wide gaps itself.
import type { ReadLine } from "../types";

const centre = (l: ReadLine) => l.bbox.y + l.bbox.height / 2;

/** Per pixel of paper between two boxes of a row, their centres may lie this much further apart (a photo's tilt left). */
const TILT = 0.015;

/**
 * Boxes whose vertical centres lie within half the smaller height of each other share a row; boxes far apart on a
 * row a little further (an answer written at the right end of its question's line, on a photo whose tilt is not all
 * taken out: "B" 21 px above its question's middle, 630 px right of it). A box goes to the nearest such row.
 */
export function groupRows(lines: ReadLine[]): ReadLine[] {
  const rows: ReadLine[][] = [];
  for (const line of [...lines].sort((a, b) => centre(a) - centre(b))) {
    let best: { row: ReadLine[]; apart: number } | undefined;
    for (const row of rows) {
      const last = row.at(-1)!;
      const apart = Math.abs(centre(last) - centre(line));
      // The paper between the box and the row's nearest box, across.
      const paper = Math.min(
        ...row.map((r) => Math.max(0, line.bbox.x - (r.bbox.x + r.bbox.width), r.bbox.x - (line.bbox.x + line.bbox.width))),
      );
      if (apart < Math.min(last.bbox.height, line.bbox.height) / 2 + TILT * paper && (!best || apart < best.apart)) best = { row, apart };
    }
    if (best) best.row.push(line);
    else rows.push([line]);
  }
  return rows
    .map((row) => {
      const parts = row.sort((a, b) => a.bbox.x - b.bbox.x);
      const words = parts.flatMap((p) => p.words);
      const x = Math.min(...parts.map((p) => p.bbox.x));
      const y = Math.min(...parts.map((p) => p.bbox.y));
      const right = Math.max(...parts.map((p) => p.bbox.x + p.bbox.width));
      const bottom = Math.max(...parts.map((p) => p.bbox.y + p.bbox.height));
      const chars = parts.reduce((n, p) => n + p.text.length, 0);
      return {
        text: parts.map((p) => p.text).join(" "),
        confidence: chars ? parts.reduce((s, p) => s + p.confidence * p.text.length, 0) / chars : 0,
        bbox: { x, y, width: right - x, height: bottom - y },
        words,
      };
    })
    .sort((a, b) => a.bbox.y - b.bbox.y);
}
