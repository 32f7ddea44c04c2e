// A page read by OCR and its one-page reading, built from lines placed by a test (confidence 0.95, 1700 × 2200), and
// a line of cells placed by a test.
import type { DocumentReading, PageReading, ReadLine, ReadWord } from "../../../workers/grading/reading/types";

export const ocrPage = (lines: ReadLine[]): PageReading => ({
  number: 1,
  text: lines.map((l) => l.text).join("\n"),
  lines,
  width: 1700,
  height: 2200,
  confidence: 0.95,
  method: "ocr",
  durationMs: 0,
});

export const ocrReading = (p: PageReading): DocumentReading => ({
  kind: "png",
  method: "ocr",
  pages: [p],
  text: p.text,
  confidence: 0.95,
  durationMs: 0,
});

/** A line of cells, each from its x, 20 px a character, 30 px high. */
export function row(y: number, cells: { x: number; text: string }[]): ReadLine {
  const words: ReadWord[] = [];
  for (const cell of cells) {
    let x = cell.x;
    for (const text of cell.text.split(" ")) {
      words.push({ text, confidence: 0.95, bbox: { x, y, width: text.length * 20, height: 30 } });
      x += (text.length + 1) * 20;
    }
  }
  const x = words[0]!.bbox.x;
  const right = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
  return { text: words.map((w) => w.text).join(" "), confidence: 0.95, bbox: { x, y, width: right - x, height: 30 }, words };
}
