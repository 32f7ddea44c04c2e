// A page read by OCR and its one-page reading, built from lines placed by a test (confidence 0.95, 1700 × 2200).
import type { DocumentReading, PageReading, ReadLine } from "../../../workers/grading/reading/types";

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
