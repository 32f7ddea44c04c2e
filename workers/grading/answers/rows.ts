// Questions laid out in rows, as in a ruled table ("No. | Question | Answer"): a row is numbered by a bare number
// in its first cell ("7  How many centimeters are in 6.5 m?"), and its answer is written in a column of its own,
// set apart from the question by a wide gap on the same row.
import { QUESTION_NUMBER } from "./answer-key";
import { LABEL } from "./answer-grid";
import type { TextLine } from "./layout";

/** A number alone at the start of a line, then a word: "7 How many…" (a table's first cell). */
const BARE_NUMBER = /^(\s*\d{1,3})\s+(?=[\p{L}(])/u;
/** Fewer numbered rows than this are not a table (a line that happens to begin "3 apples"). */
const MIN_ROWS = 3;

/**
 * Lines numbered by a bare number, as the rows of a table are, get the number's point ("7. How many…"), so that
 * they are read as questions. Only when at least three numbers run in sequence with a neighbouring row (6, 7, 8);
 * then a bare number that keeps the order between them counts too (1, 3, 5 6 7 when 2 and 4 were not read). An
 * answer "250 cm" on its own line, or a question that begins with a number, is left.
 *
 * With word boxes, a row whose number was not read at all is found by its place: between rows a and b, when the
 * lines there that start where the rows' questions start (after their number), options aside, are exactly the
 * b − a − 1 missing rows (before the first row, the rows from 1 right above it). Then a question's label misread
 * past repair is found between its neighbours (lostLabels), among the numbers `allowed`.
 */
export function rowLabels(texts: string[], lines?: TextLine[], allowed: (n: number) => boolean = () => true): string[] {
  return lostLabels(tableRows(texts, lines), lines, allowed);
}

function tableRows(texts: string[], lines?: TextLine[]): string[] {
  const bare = texts.map((t, i) => {
    const m = QUESTION_NUMBER.test(t) ? null : t.match(BARE_NUMBER);
    return m ? { i, n: Number(m[1]) } : null;
  });
  const rows = bare.filter((b): b is { i: number; n: number } => b !== null);
  const inSequence = rows.filter((r, k) => rows[k - 1]?.n === r.n - 1 || rows[k + 1]?.n === r.n + 1);
  if (inSequence.length < MIN_ROWS) return texts;
  const sure = new Set(inSequence);
  const kept = rows.filter((r) => {
    if (sure.has(r)) return true;
    const before = inSequence.filter((o) => o.i < r.i).at(-1);
    const after = inSequence.find((o) => o.i > r.i);
    return (!before || before.n < r.n) && (!after || r.n < after.n) && r.n >= 1;
  });
  const labels = new Map(kept.map((r) => [r.i, `${r.n}`]));
  if (lines) for (const [i, n] of unnumberedRows(texts, lines, kept)) labels.set(i, `${n}`);
  return texts.map((t, i) => {
    const n = labels.get(i);
    if (n === undefined) return t;
    return BARE_NUMBER.test(t) && !QUESTION_NUMBER.test(t) ? t.replace(BARE_NUMBER, "$1. ") : `${n}. ${t}`;
  });
}

/** A short mark holding a digit or a Q opening a line, then words: "41 Write 1/2 as a percent." ("Q7" misread). */
const MISREAD_START = /^\s*([^\s]*[\dQ][^\s]*)\s+((?:\S+\s+){2,}\S+)$/i;

/**
 * A question's label misread past repair ("Q7" read "41") between the questions before and after it: the one line
 * between them that opens with a short mark where their labels stand, then a sentence (two words of three letters
 * or more), is that question ("7. Write 1/2 as a percent."). Only when its number is missing between its
 * neighbours' and no other line there could be it. Needs word boxes (`lines`).
 */
function lostLabels(texts: string[], lines: TextLine[] | undefined, allowed: (n: number) => boolean): string[] {
  if (!lines) return texts;
  const numbers = texts.map((t) => t.match(QUESTION_NUMBER)?.[1]).map((n) => (n === undefined ? undefined : Number(n)));
  const x = (i: number) => lines[i]?.words?.[0]?.bbox?.x;
  const numbered = numbers.flatMap((n, i) => (n !== undefined && x(i) !== undefined ? [i] : []));
  const height = lines[numbered[0] ?? -1]?.words?.[0]?.bbox?.height;
  if (!height || numbered.length < 3) return texts;
  const labelX = numbered.map((i) => x(i)!).sort((a, b) => a - b)[numbered.length >> 1]!;
  const out = [...texts];
  numbered.forEach((i, k) => {
    const j = numbered[k + 1];
    if (j === undefined || numbers[j]! - numbers[i]! !== 2 || !allowed(numbers[i]! + 1)) return;
    const candidates = Array.from({ length: j - i - 1 }, (_, d) => i + 1 + d).filter((c) => {
      const m = texts[c]!.match(MISREAD_START);
      return !!m && m[1]!.length <= 3 && Math.abs(x(c)! - labelX) <= 0.5 * height && (m[2]!.match(/\p{L}{3,}/gu)?.length ?? 0) >= 2;
    });
    if (candidates.length === 1) out[candidates[0]!] = texts[candidates[0]!]!.replace(MISREAD_START, `${numbers[i]! + 1}. $2`);
  });
  return out;
}

const OPTIONS_LINE = /^\(?[A-E][).]\s/;

/** Rows whose number was not read (see rowLabels): line index → number. */
function unnumberedRows(texts: string[], lines: TextLine[], rows: { i: number; n: number }[]): Map<number, number> {
  const found = new Map<number, number>();
  const x = (i: number, k: number) => lines[i]?.words?.[k]?.bbox?.x;
  const height = lines[rows[0]!.i]?.words?.[0]?.bbox?.height;
  const starts = rows.flatMap((r) => (x(r.i, 1) === undefined ? [] : [x(r.i, 1)!])).sort((a, b) => a - b);
  if (!height || !starts.length) return found;
  const textX = starts[Math.floor(starts.length / 2)]!;
  const rowLike = (i: number) =>
    !rows.some((r) => r.i === i) && !OPTIONS_LINE.test(texts[i]!) && x(i, 0) !== undefined && Math.abs(x(i, 0)! - textX) <= height;
  const assign = (candidates: number[], from: number) => candidates.forEach((i, k) => found.set(i, from + k));
  // Before the first row: the lines right above it that start where questions start (options between them aside).
  const first = rows[0]!;
  const above: number[] = [];
  for (let i = first.i - 1; i >= 0 && (rowLike(i) || OPTIONS_LINE.test(texts[i]!)); i--) if (rowLike(i)) above.unshift(i);
  if (first.n > 1 && above.length >= first.n - 1) assign(above.slice(above.length - (first.n - 1)), 1);
  // Between two rows.
  rows.forEach((r, k) => {
    const next = rows[k + 1];
    if (!next || next.n - r.n < 2) return;
    const between = Array.from({ length: next.i - r.i - 1 }, (_, j) => r.i + 1 + j).filter(
      (i) => !OPTIONS_LINE.test(texts[i]!) && texts[i]!.trim() !== "",
    );
    if (between.length === next.n - r.n - 1 && between.every(rowLike)) assign(between, r.n + 1);
  });
  return found;
}

/** A gap between words wider than this many text heights sets the words after it apart (a column, a box). */
const APART = 2;

/** A word that is an answer's label alone: "Answer:", "Ans.". */
const ANSWER_LABEL = /^(?:answer|ans|respuesta|r[ée]ponse|antwort)[.:=;]?$/i;

/**
 * The words at the end of a line set apart from the rest by a wide gap (an answer written in a table's answer
 * column or a box at the margin), and the text before them; undefined when the line has no such gap or no word
 * boxes. Only the last gap counts: the answer is what ends the row.
 */
export function setApart(line: TextLine): { before: string; after: string } | undefined {
  const words = (line.words ?? []).filter((w) => w.bbox && w.bbox.width > 0);
  if (words.length < 2 || words.length !== (line.words ?? []).length) return undefined;
  const heights = words.map((w) => w.bbox!.height).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)]!;
  for (let k = words.length - 1; k > 0; k--) {
    // The gap from the words before, where they end furthest right (a stacked sum's operator stands left of its number).
    const end = Math.max(...words.slice(0, k).map((w) => w.bbox!.x + w.bbox!.width));
    if (words[k]!.bbox!.x - end > APART * height) {
      // A row's number alone before the gap (its first cell) is not a question with an answer after it.
      if (
        !/[\p{L}\p{N}]/u.test(
          words
            .slice(0, k)
            .map((w) => w.text)
            .join(" ")
            .replace(/^\s*\d{1,3}\s*[.):\-–]?/, ""),
        )
      )
        return undefined;
      // An answer label opening the words set apart ("Ans." and the line to write on) is print, not the answer.
      const from = ANSWER_LABEL.test(words[k]!.text) ? k + 1 : k;
      if (from === words.length) return undefined;
      return {
        before: words
          .slice(0, from)
          .map((w) => w.text)
          .join(" "),
        after: words
          .slice(from)
          .map((w) => w.text)
          .join(" "),
      };
    }
  }
  return undefined;
}

type Boxed = { text: string; bbox?: { x: number; width: number; height: number } };

/**
 * What the student wrote on a line of a registered page, from its words and which of them are not printed:
 * - a bare number starting a line of print is the row's label (a table's first cell the template missed on this
 *   page), not an answer, unless the question's own label follows it;
 * - when the student's words lie on both sides of a wide gap, the answer is the run after the last gap (a printed
 *   word misread on this page, before the answer column, is not part of it); so is the run after the line's last
 *   "=", when there are words of theirs before it too.
 */
export function studentText<W extends Boxed>(words: W[], isStudent: (w: W) => boolean): string {
  const mine = words.filter((w, i) => {
    if (!isStudent(w)) return false;
    // (Not just before the question's own label: "350 cm 3. How many…" is an answer written before its question.)
    const label =
      i === 0 &&
      /^\d{1,3}[.):]?$/.test(w.text) &&
      !words.slice(1, 4).some((o) => LABEL.test(o.text)) &&
      words.slice(1).some((o) => !isStudent(o) && /\p{L}/u.test(o.text));
    return !label;
  });
  const heights = words.flatMap((w) => (w.bbox?.height ? [w.bbox.height] : [])).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)];
  // Words on both sides of the line's last "=": the answer is after it (before it, a printed number misread).
  const equals = words.findLastIndex((w) => w.text === "=");
  const after = equals >= 0 ? mine.filter((w) => words.indexOf(w) > equals) : [];
  if (after.length && after.length < mine.length) mine.splice(0, mine.length, ...after);
  let from = 0;
  if (height)
    for (let k = 1; k < mine.length; k++) {
      const [left, right] = [mine[k - 1]!.bbox, mine[k]!.bbox];
      if (left && right && right.x - (left.x + left.width) > APART * height) from = k;
    }
  return mine
    .slice(from)
    .map((w) => w.text)
    .join(" ");
}
