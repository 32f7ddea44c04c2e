// An answer grid: the questions down the page, then numbered boxes where every answer is written, away from its
// question ("1. 56   2. 1/5   3. 850 cm"). Read as rows, a grid's row looked like one question's answer running into
// the next labels ("2." taking "1/5 3. 850 cm"), and the questions above had none. A row whose labels all repeat the
// labels of questions above it, the first opening the row, each followed by a few words, is a row of the grid: each
// box's words go to the end of its question's line, as if written beside it, and the grid's rows are left out. Only
// when a row holds two boxes or more (a grid, not a second part of the sheet numbered from 1 again).
//
// Once a grid is found, its columns are where those rows' labels stand, and every row from its first on is read by
// column (docs/decisions/0090): a label read into its box's answer ("8.460" for "8." and 460), read as a bare number
// ("11 25%") or as a mark ("s.", "]."), or lost, still gives the box to its question, counted along the row.
import { median } from "../reading/registration";
import type { ReadLine, ReadWord } from "../reading/types";

/** A question's label as a word of its own ("6.", "7)"); layout.ts finds columns by them too. */
export const LABEL = /^\d{1,3}[.)]$/;
/** A box of the grid holds at most this many words after its label (an answer, not a question). */
const CELL_WORDS = 4;
/** A label read into the answer after it ("8.460"). */
const GLUED = /^(\d{1,3})[.)](\S+)$/;
/** A label read as a bare number ("11"), or as a mark and its stop ("s.", "].", "l)"). */
const MISREAD_LABEL = /^(?:\d{1,3}|[^\p{N}\s]?[.)])$/u;
/** How far (in text heights) a label may stand from its column's start, and a box's words start left of it. */
const AT_COLUMN = 1;
const INTO_COLUMN = 0.6;
/** A label read wider than this many text heights holds its box's answer too. */
const WIDE_LABEL = 2;

/**
 * The word a box's answer was cut from, where its label was read into it: on a set's page the template tells the
 * student's words by the words as read (student-work.ts asks it of the cut word's source).
 */
export const cutFrom = new WeakMap<ReadWord, ReadWord>();

/** The part of a word's box after its label: `text` read in it, `rest` the characters after the label. */
function afterLabel(bbox: ReadWord["bbox"], text: string, rest: string): ReadWord["bbox"] {
  const share = (text.length - rest.length) / text.length;
  return { ...bbox, x: bbox.x + bbox.width * share, width: bbox.width * (1 - share) };
}

interface Cell {
  label: number;
  x: number;
  words: ReadWord[];
}

/** The boxes of a row of the grid, or undefined when the row is not one (see the module's note). */
function gridRow(line: ReadLine, questions: ReadonlyMap<number, number>): Cell[] | undefined {
  const cells: Cell[] = [];
  for (const word of line.words) {
    if (LABEL.test(word.text)) cells.push({ label: Number.parseInt(word.text, 10), x: word.bbox.x, words: [] });
    else if (!cells.length) return undefined;
    else cells.at(-1)!.words.push(word);
  }
  if (!cells.length || cells.some((c) => !questions.has(c.label) || c.words.length > CELL_WORDS)) return undefined;
  return cells;
}

/**
 * Where the grid's columns start: the labels of its rows, and labels (alone, read into their answers or as marks:
 * "3.850", "s.") on the lines from its first row on, gathered where they stand within a text height. A column is where a
 * row's label stands or where two such words do (never a word just after a label: that is a box's answer).
 */
function columnStarts(rows: Cell[][], lines: ReadLine[], height: number): number[] {
  const sure = rows.flatMap((cells) => cells.map((c) => c.x));
  const likely = lines.flatMap((line) =>
    line.words.filter(
      (w, k) =>
        (LABEL.test(w.text) || GLUED.test(w.text) || (MISREAD_LABEL.test(w.text) && !/^\d+$/.test(w.text))) &&
        !LABEL.test(line.words[k - 1]?.text ?? ""),
    ),
  );
  const points = [...sure.map((x) => ({ x, sure: true })), ...likely.map((w) => ({ x: w.bbox.x, sure: false }))];
  const groups: (typeof points)[] = [];
  for (const p of points.sort((a, b) => a.x - b.x)) {
    const group = groups.at(-1);
    if (group && p.x - group.at(-1)!.x <= height) group.push(p);
    else groups.push([p]);
  }
  return groups.filter((g) => g.some((p) => p.sure) || g.length >= 2).map((g) => median(g.map((p) => p.x)));
}

/**
 * A row of the grid read by column: each column's words, its label (if one is read there) and the row's first
 * label number, from the labels read (`base`), else one row on from the row above.
 */
function byColumn(line: ReadLine, starts: number[], height: number, previousBase: number | undefined) {
  const columns = starts.map(() => ({
    label: undefined as number | undefined,
    labelWord: undefined as ReadWord | undefined,
    words: [] as ReadWord[],
  }));
  for (const word of line.words) {
    const x = word.bbox.x;
    const nearest = starts.reduce((best, s, k) => (Math.abs(s - x) < Math.abs(starts[best]! - x) ? k : best), 0);
    const atStart = Math.abs(starts[nearest]! - x) <= AT_COLUMN * height;
    const column = columns[nearest]!;
    if (atStart && !column.words.length && column.label === undefined) {
      const glued = word.text.match(GLUED);
      if (LABEL.test(word.text) || MISREAD_LABEL.test(word.text)) {
        column.label = /^\d/.test(word.text) ? Number.parseInt(word.text, 10) : Number.NaN;
        column.labelWord = word;
        continue;
      }
      if (glued) {
        // Its box cut where the label's characters end; the ink's readings were of both, and go with neither.
        const answer: ReadWord = { text: glued[2]!, confidence: word.confidence, bbox: afterLabel(word.bbox, word.text, glued[2]!) };
        cutFrom.set(answer, word);
        column.label = Number(glued[1]);
        column.words.push(answer);
        continue;
      }
    }
    let into = 0;
    starts.forEach((s, k) => {
      if (s <= x + INTO_COLUMN * height) into = k;
    });
    columns[into]!.words.push(word);
  }
  // The row's first label: the one most of its read labels agree on (a label misread as another number disagrees).
  const votes = columns.flatMap((c, k) => (c.label !== undefined && Number.isFinite(c.label) ? [c.label - k] : []));
  const counted = votes.map((v) => [v, votes.filter((o) => o === v).length] as const).sort((a, b) => b[1] - a[1]);
  const base = counted[0]?.[0] ?? (previousBase === undefined ? undefined : previousBase + starts.length);
  // A number read at a box's start that is not the label due there, as wide as a label and an answer: the two read as
  // one word (the handwriting reader's "44" for "11. 0.25"). PP-OCR's reading of it, when it opens with the label due,
  // gives the answer; else the whole word is the box's answer, its reading in doubt (confidence halved): a look, not an
  // answer left blank. Either way no longer the handwriting reader's word, which read the label's ink as digits.
  columns.forEach((c, k) => {
    const word = c.labelWord;
    if (base === undefined || !word || c.words.length || c.label === base + k || !Number.isFinite(c.label)) return;
    if (word.bbox.width <= WIDE_LABEL * height) return;
    const ocr = word.alternatives?.ocr;
    const labelled = ocr?.text.match(/^(\d{1,3})[.)]\s*(\S.*)$/);
    const answer: ReadWord =
      labelled && Number(labelled[1]) === base + k
        ? { text: labelled[2]!, confidence: ocr!.confidence, bbox: afterLabel(word.bbox, ocr!.text, labelled[2]!) }
        : { text: word.text, confidence: word.confidence / 2, bbox: word.bbox };
    cutFrom.set(answer, word);
    c.words.push(answer);
  });
  return { base, columns };
}

/** The page's lines (top to bottom) with an answer grid's boxes moved to their questions' lines; unchanged without one. */
export function withAnswerGrid(lines: ReadLine[]): ReadLine[] {
  // Each question's line: the first line a label opens with the question's words after it.
  const questions = new Map<number, number>();
  const rows = new Map<number, Cell[]>();
  lines.forEach((line, i) => {
    const cells = gridRow(line, questions);
    if (cells) rows.set(i, cells);
    else if (line.words.length > 1 && LABEL.test(line.words[0]!.text)) {
      const label = Number.parseInt(line.words[0]!.text, 10);
      if (!questions.has(label)) questions.set(label, i);
    }
  });
  const grid = [...rows.values()].filter((cells) => cells.length >= 2);
  if (!grid.length) return lines;
  const height = median(lines.flatMap((l) => l.words.map((w) => w.bbox.height))) || 20;
  const first = Math.min(...rows.keys());
  const starts = columnStarts(grid, lines.slice(first), height);
  const questionLines = new Set(questions.values());
  const added = new Map<number, ReadWord[]>();
  const gridLines = new Set<number>();
  let base: number | undefined;
  lines.forEach((line, i) => {
    if (i < first || questionLines.has(i) || line.words.length > starts.length * (CELL_WORDS + 1)) return;
    const read = byColumn(line, starts, height, base);
    // A row of the grid has a label read somewhere (a line under the grid, a footer, has none).
    if (read.base === undefined || read.columns.every((c) => c.label === undefined)) return;
    base = read.base;
    gridLines.add(i);
    read.columns.forEach(({ words }, k) => {
      const at = questions.get(base! + k);
      if (at !== undefined && words.length) added.set(at, [...(added.get(at) ?? []), ...words]);
    });
  });
  return lines.flatMap((line, i) => {
    if (gridLines.has(i)) return [];
    const more = added.get(i);
    if (!more?.length) return [line];
    const words = [...line.words, ...more];
    return [{ ...line, words, text: words.map((w) => w.text).join(" ") }];
  });
}
