// Lines as a reader laid them out → lines in reading order for answer extraction. Uses word boxes:
// a row holding two questions side by side ("1. 7 + 5 = 12      7. 9 x 3 = 27") is a two-column page,
// read column by column; an answer written beside its question stays on its line.
import { QUESTION_NUMBER } from "./answer-key";
import { LABEL, withAnswerGrid } from "./answer-grid";
import { withStackedSums } from "./stacked";
import { withoutMarks } from "./marks";
import type { BoundingBox, PageReading, ReadLine, ReadWord } from "../reading/types";

/** A line of text read from a page, as the answer finders take it. */
export interface TextLine {
  text: string;
  confidence: number;
  /** The line's words with their own confidences (and boxes on the page image), when the reader gave them. */
  words?: (Pick<ReadWord, "text" | "confidence"> & Partial<Pick<ReadWord, "bbox" | "chosen" | "onRule">>)[];
  /** The page the line is on (1-based), when it was read from a document. */
  page?: number;
  /**
   * What the student wrote on the line, when the worksheet's template is known (answers/template.ts): the words
   * that are not printed, in reading order; "" when the whole line is printed. Undefined without a template.
   */
  student?: string;
  /** Every word of the student's on the line, in reading order (`student` keeps the answer's run): a cloze line's blanks. */
  written?: string;
}

interface Segment {
  words: ReadWord[];
  x: number;
  y: number;
  confidence: number;
  /** Starts further right on its row than another segment. */
  beside: boolean;
}

/** A line's words: as the reader gave them, or its text's words (a typed line), each of the line's confidence. */
export function wordsOf(line: TextLine): NonNullable<TextLine["words"]> {
  return line.words?.length ? line.words : line.text.split(/\s+/).flatMap((text) => (text ? [{ text, confidence: line.confidence }] : []));
}

/** The smallest box around every one of `boxes` (at least one). */
export function unionOf(boxes: readonly BoundingBox[]): BoundingBox {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
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

function segmentOf(words: ReadWord[], beside: boolean): Segment {
  return {
    words,
    x: words[0]!.bbox.x,
    y: Math.min(...words.map((w) => w.bbox.y)),
    confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
    beside,
  };
}

function splitAtGaps(line: ReadLine, gap: number): Segment[] {
  const segments: Segment[] = [];
  let words: ReadWord[] = [];
  const flush = () => {
    if (!words.length) return;
    segments.push(segmentOf(words, segments.length > 0));
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

/** Of the pairs (a left column's label, a right column's), at least this share has the right one's number higher. */
const COLUMN_MAJOR = 0.8;

const wordEnd = (w: ReadWord) => w.bbox.x + w.bbox.width;

interface Label {
  n: number;
  x: number;
}

/**
 * Where a second column starts, from its questions' labels: labels that start a question right of the page's
 * left labels by a quarter of the page or more, first on their row or after a wide gap (a row may join two
 * columns' lines), at least two of them within a word's height of each other. Undefined on a one-column page.
 */
function columnStart(
  lines: ReadLine[],
  wordHeight: number,
  pageWidth: number,
  theirs: (word: ReadWord) => boolean,
): { boundary: number; labels: Label[] } | undefined {
  const labels: Label[] = [];
  for (const line of lines)
    line.words.forEach((word, k) => {
      const before = line.words[k - 1];
      if (!LABEL.test(word.text) || k + 1 >= line.words.length || theirs(word)) return;
      if (before && word.bbox.x - wordEnd(before) <= 1.5 * wordHeight) return;
      labels.push({ n: Number.parseInt(word.text, 10), x: word.bbox.x });
    });
  if (labels.length < 3) return undefined;
  const margin = Math.min(...labels.map((l) => l.x));
  const far = labels.filter((l) => l.x - margin >= pageWidth / 4).sort((a, b) => a.x - b.x);
  let best: Label[] = [];
  for (const first of far) {
    const cluster = far.filter((l) => l.x >= first.x && l.x - first.x <= wordHeight);
    if (cluster.length > best.length) best = cluster;
  }
  if (best.length < 2) return undefined;
  return { boundary: best[0]!.x - wordHeight / 2, labels };
}

/** A row's words cut at a column's start, into the line parts either side (a word across it stays left). */
function cutAt(line: ReadLine, boundary: number): Segment[] {
  const left = line.words.filter((w) => w.bbox.x < boundary);
  const right = line.words.filter((w) => w.bbox.x >= boundary);
  return [left, right].flatMap((words, column) => (words.length ? [segmentOf(words, column === 1)] : []));
}

/**
 * A label whose point was lost ("7 Write 1 1/4 as…"): a bare number where its column's labels stand, the question's
 * words after it, one more than the column's label above it. It gets its point back.
 */
function relabel(column: Segment[], labelX: number, wordHeight: number): Segment[] {
  let last: number | undefined;
  return column.map((segment) => {
    const [first, next] = segment.words;
    const label = first && LABEL.test(first.text) ? Number.parseInt(first.text, 10) : undefined;
    if (label !== undefined) last = label;
    if (!first || !next || !/^\d{1,3}$/.test(first.text) || Math.abs(first.bbox.x - labelX) > wordHeight / 2) return segment;
    if (last === undefined || Number(first.text) !== last + 1) return segment;
    last += 1;
    return { ...segment, words: [{ ...first, text: `${first.text}.` }, ...segment.words.slice(1)] };
  });
}

/**
 * Two columns in reading order. Questions numbered down each column (1–5 left, 6–9 right) are read column by
 * column. Numbered across (1 | 2, 3 | 4, as cards in a grid) they are read question by question: each label's block
 * (its line and the lines under it in its column, up to the next label) in the order the labels stand, top to bottom
 * and left to right.
 */
function readColumns(lines: ReadLine[], boundary: number, labels: Label[], wordHeight: number): Segment[] {
  const segments = lines.flatMap((line) => cutAt(line, boundary));
  const [left, right] = [false, true].map((beside) => {
    const column = segments.filter((s) => s.beside === beside).sort((a, b) => a.y - b.y);
    const x = median(labels.filter((l) => l.x >= boundary === beside).map((l) => l.x));
    return relabel(column, x, wordHeight);
  });
  const leftNumbers = labels.filter((l) => l.x < boundary).map((l) => l.n);
  const rightNumbers = labels.filter((l) => l.x >= boundary).map((l) => l.n);
  let higher = 0;
  for (const r of rightNumbers) for (const l of leftNumbers) if (r > l) higher++;
  if (!leftNumbers.length || higher >= COLUMN_MAJOR * leftNumbers.length * rightNumbers.length) return [...left!, ...right!];
  const blocks = [left!, right!].flatMap((column, c) => {
    const out: { y: number; column: number; segments: Segment[] }[] = [];
    for (const segment of column) {
      const current = out.at(-1);
      if (!current || startsQuestion(segmentText(segment.words))) out.push({ y: segment.y, column: c, segments: [segment] });
      else current.segments.push(segment);
    }
    return out;
  });
  const sameRow = (a: number, b: number) => Math.abs(a - b) < wordHeight;
  blocks.sort((a, b) => (sameRow(a.y, b.y) ? a.column - b.column : a.y - b.y));
  return blocks.flatMap((b) => b.segments);
}

/**
 * A row with its words in the order they stand: a word read apart and added to its row after the rest (ink no word
 * covered, read alone: a matching letter "C" left of "8. Write…") goes back before the words it stands left of.
 * The row is unchanged when every word stands right of the one before it or overlaps it.
 */
function inReadingOrder(line: ReadLine): ReadLine {
  const words: ReadWord[] = [];
  let moved = false;
  for (const word of line.words) {
    let at = words.length;
    while (at > 0 && word.bbox.x + word.bbox.width <= words[at - 1]!.bbox.x) at--;
    moved ||= at < words.length;
    words.splice(at, 0, word);
  }
  return moved ? { ...line, words, text: segmentText(words) } : line;
}

/**
 * A page's lines in reading order, its columns one after another. On a page registered on its worksheet's template,
 * `theirs` tells the student's words: a number they wrote ("183 )" at the margin, "6. 1") starts no question.
 */
export function layoutLines(
  read: Pick<PageReading, "lines" | "width" | "confidence">,
  theirs: (word: ReadWord) => boolean = () => false,
): TextLine[] {
  // A test paper's marks printed at a line's end ("[2]") are no answer (marks.ts).
  return withoutMarks(orderedLines(read, theirs));
}

function orderedLines(read: Pick<PageReading, "lines" | "width" | "confidence">, theirs: (word: ReadWord) => boolean): TextLine[] {
  const asText = (l: ReadLine): TextLine => ({ text: l.text, confidence: l.confidence, words: l.words });
  if (!read.lines.some(hasWordBoxes)) return read.lines.map(asText);
  // An answer grid's boxes (numbered, below the questions) go to their questions' lines first (answer-grid.ts).
  const page = { ...read, lines: withAnswerGrid(read.lines.map(inReadingOrder)) };
  // Sums stacked under rows of labels are read block by block, each block a line: they are the page's layout.
  const stacked = withStackedSums(page.lines);
  if (stacked !== page.lines) return stacked.map(asText);
  const wordHeight = median(page.lines.flatMap((l) => l.words.map((w) => w.bbox.height))) || 20;
  const fromSegments = (segments: Segment[]) =>
    segments.map((s) => ({ text: segmentText(s.words), confidence: s.confidence, words: s.words }));
  const pageWidth = page.width || Math.max(...page.lines.map((l) => l.bbox.x + l.bbox.width));
  const columns = columnStart(page.lines, wordHeight, pageWidth, theirs);
  if (columns) return fromSegments(readColumns(page.lines, columns.boundary, columns.labels, wordHeight));
  // Wider than a few spaces: a column gap or an answer set apart.
  const gap = Math.max(wordHeight * 3, (page.width || 0) * 0.05);
  const segments = page.lines.flatMap((line) => splitAtGaps(line, gap));
  const opens = (s: Segment) => !theirs(s.words[0]!) && startsQuestion(segmentText(s.words));
  const besideQuestions = segments.filter((s) => s.beside && opens(s));
  const boundary = median(besideQuestions.map((s) => s.x)) - wordHeight;
  // Questions beside words that start none (answers written on blanks before their numbers, "350 cm 3. How many…")
  // are one column too: a second column has questions on both sides of its start.
  const leftQuestions = segments.filter((s) => s.x < boundary && opens(s));
  if (besideQuestions.length < 2 || leftQuestions.length < 2) {
    // One column: keep each row whole (an answer written beside its question belongs to it).
    return page.lines.map(asText);
  }
  const left = segments.filter((s) => s.x < boundary).sort((a, b) => a.y - b.y);
  const right = segments.filter((s) => s.x >= boundary).sort((a, b) => a.y - b.y);
  return fromSegments([...left, ...right]);
}
