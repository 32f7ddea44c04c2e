// Lines as a reader laid them out → lines in reading order for answer extraction. Uses word boxes:
// a row holding two questions side by side ("1. 7 + 5 = 12      7. 9 x 3 = 27") is a two-column page,
// read column by column; an answer written beside its question stays on its line.
import { QUESTION_NUMBER } from "./answer-key";
import type { PageReading, ReadLine, ReadWord } from "../reading/types";

/** A line of text read from a page, as the answer finders take it. */
export interface TextLine {
  text: string;
  confidence: number;
  /** The line's words with their own confidences (and boxes on the page image), when the reader gave them. */
  words?: (Pick<ReadWord, "text" | "confidence"> & Partial<Pick<ReadWord, "bbox">>)[];
  /** The page the line is on (1-based), when it was read from a document. */
  page?: number;
  /**
   * What the student wrote on the line, when the worksheet's template is known (answers/template.ts): the words
   * that are not printed, in reading order; "" when the whole line is printed. Undefined without a template.
   */
  student?: string;
}

interface Segment {
  words: ReadWord[];
  x: number;
  y: number;
  confidence: number;
  /** Starts further right on its row than another segment. */
  beside: boolean;
}

function segmentText(words: ReadWord[]): string {
  return words.map((w) => w.text).join(" ");
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

/** Words carry their own boxes (OCR), not their line's (a PDF text layer). */
function hasWordBoxes(line: ReadLine): boolean {
  return line.words.length > 1 && new Set(line.words.map((w) => w.bbox.x)).size > 1;
}

function splitAtGaps(line: ReadLine, gap: number): Segment[] {
  const segments: Segment[] = [];
  let words: ReadWord[] = [];
  const flush = () => {
    if (!words.length) return;
    segments.push({
      words,
      x: words[0].bbox.x,
      y: Math.min(...words.map((w) => w.bbox.y)),
      confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
      beside: segments.length > 0,
    });
    words = [];
  };
  for (const word of line.words) {
    const last = words.at(-1);
    if (last && word.bbox.x - (last.bbox.x + last.bbox.width) > gap) flush();
    words.push(word);
  }
  flush();
  return segments;
}

/**
 * A segment that starts a question: its number, then the question. An answer set apart on its row (a table's answer
 * column, a box at the margin) is not one, though "5.9", "3:15" or "4-5" match QUESTION_NUMBER: a digit right after
 * the number's point is a decimal, a time or a range.
 */
function startsQuestion(text: string): boolean {
  return QUESTION_NUMBER.test(text) && !/^\s*\d{1,3}\s*[.):\-–]\d/.test(text);
}

export function layoutLines(page: Pick<PageReading, "lines" | "width" | "confidence">): TextLine[] {
  const asText = (l: ReadLine): TextLine => ({ text: l.text, confidence: l.confidence, words: l.words });
  if (!page.lines.some(hasWordBoxes)) return page.lines.map(asText);
  const wordHeight = median(page.lines.flatMap((l) => l.words.map((w) => w.bbox.height))) || 20;
  // Wider than a few spaces: a column gap or an answer set apart.
  const gap = Math.max(wordHeight * 3, (page.width || 0) * 0.05);
  const segments = page.lines.flatMap((line) => splitAtGaps(line, gap));
  const besideQuestions = segments.filter((s) => s.beside && startsQuestion(segmentText(s.words)));
  if (besideQuestions.length < 2) {
    // One column: keep each row whole (an answer written beside its question belongs to it).
    return page.lines.map(asText);
  }
  const boundary = median(besideQuestions.map((s) => s.x)) - wordHeight;
  const left = segments.filter((s) => s.x < boundary).sort((a, b) => a.y - b.y);
  const right = segments.filter((s) => s.x >= boundary).sort((a, b) => a.y - b.y);
  return [...left, ...right].map((s) => ({ text: segmentText(s.words), confidence: s.confidence, words: s.words }));
}
