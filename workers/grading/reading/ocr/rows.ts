// Text boxes → rows. The detector gives one box per run of text, so a row with a question and its answer set
// apart, or two columns, arrives as several boxes; the layout step (engines/layout.ts) wants each row whole
// with word boxes, as a page reader lays it out, and splits it at wide gaps itself.
import type { ReadLine } from "../types";

const centre = (l: ReadLine) => l.bbox.y + l.bbox.height / 2;

/** Boxes whose vertical centres lie within half the smaller height of each other share a row. */
export function groupRows(lines: ReadLine[]): ReadLine[] {
  const rows: ReadLine[][] = [];
  for (const line of [...lines].sort((a, b) => centre(a) - centre(b))) {
    const row = rows.find((r) => {
      const last = r.at(-1)!;
      return Math.abs(centre(last) - centre(line)) < Math.min(last.bbox.height, line.bbox.height) / 2;
    });
    if (row) row.push(line);
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
