// A page read by OCR and its one-page reading, built from lines placed by a test (confidence 0.95, 1700 × 2200), and
// a line of cells placed by a test; a class set of four children's pages of one sheet.
import type { DocumentReading, PageReading, ReadLine, ReadWord } from "../../../workers/grading/reading/types";
import type { AnswerKey } from "../../../workers/grading/answers/answer-key";
import { findTemplate } from "../../../workers/grading/answers/template";
import { extractFromLines, readingLines } from "../../../workers/grading/answers/student-work";

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

/** A sheet of one multiple-choice question and one number, as a child answers it: the option chosen (0: A), the number. */
export type Sheet = (name: string, chosen: number, answer: string) => PageReading;

/**
 * The answers of a class set of four children's pages of one sheet, `first` and three more (`SET_ANSWERS` when each is
 * read right), read against the worksheet's template found from them; none when no template is found.
 */
export function answersAsSet(first: PageReading, sheet: Sheet, key: AnswerKey): string[][] {
  const pages = [first, sheet("Liam Nguyen", 0, "44"), sheet("Mia Chen", 2, "45"), sheet("Noah Kim", 1, "54")];
  const template = findTemplate(pages, ["B", "45"]);
  if (!template) return [];
  return pages.map((p) => extractFromLines(readingLines(ocrReading(p), template), key).answers.map((a) => a.answer));
}
export const SET_ANSWERS = [
  ["B", "45"],
  ["A", "44"],
  ["C", "45"],
  ["B", "54"],
];
