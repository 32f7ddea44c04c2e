// Sums set out one number above the other, several a row, each under its label: a row of labels alone ("1)   2)
// 3)   4)"), the numbers of every sum below their labels, a rule, and each answer under its rule. Read as rows, the
// labels made one line with no question's words ("1)" answered "2)"), and the numbers and answers of four sums ran
// together on the rows below. A row of labels and nothing else opens a row of blocks; each block (the words below
// a label, from its column's start to the next column's, down to the next row of labels) is read as one line,
// "1) 6 × 6 = 36": the numbers down to the operator's line, then "=", then what is written under it
// (docs/decisions/0094).
import { median } from "../reading/registration";
import type { ReadLine, ReadWord } from "../reading/types";
import { LABEL } from "./answer-grid";

/** An operator opening a sum's last line, alone or read into its number ("+58"). */
const OPERATOR = /^[+×xX*÷−–-](?:\d[\d.,]*)?$/;
/** A block is at most this many rows deep (the numbers, the operator's line, the answer, a second line of it). */
const DEPTH = 6;
/** A word of this many letters is prose (an instruction, a question): no block reaches over it. */
const PROSE = /\p{L}{3}/u;
/** Labels this near (in text heights) stand in one column; a word starting this far left of a column is in it. */
const SAME_COLUMN = 1.5;
const INTO_COLUMN = 0.6;
/** Columns are evenly spaced when their gaps are one spacing (or two, a column lost) to this share. */
const EVEN = 0.2;

const isLabelRow = (line: ReadLine) => line.words.length > 0 && line.words.every((w) => LABEL.test(w.text));
const numberOf = (w: ReadWord) => Number.parseInt(w.text, 10);

/** Where the blocks' columns start: the labels' places, gathered within SAME_COLUMN text heights. */
function columnStarts(rows: ReadLine[], height: number): number[] {
  const xs = rows.flatMap((r) => r.words.map((w) => w.bbox.x)).sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const x of xs) {
    const group = groups.at(-1);
    if (group && x - group.at(-1)! <= SAME_COLUMN * height) group.push(x);
    else groups.push([x]);
  }
  return groups.map((g) => median(g));
}

/**
 * Columns no row's label was read in (a phone's faint "4)"), where the blocks stand evenly spaced: one midway across
 * a gap of two spacings, and more on at the same spacing while words stand there.
 */
function withLostColumns(starts: number[], lines: ReadLine[], height: number): void {
  const gaps = starts.slice(1).map((x, k) => x - starts[k]!);
  const spacing = Math.min(...gaps);
  if (gaps.some((g) => Math.abs(g - spacing) > EVEN * spacing && Math.abs(g - 2 * spacing) > EVEN * spacing)) return;
  for (let k = starts.length - 1; k > 0; k--)
    if (starts[k]! - starts[k - 1]! > (1 + EVEN) * spacing) starts.splice(k, 0, (starts[k]! + starts[k - 1]!) / 2);
  const furthest = Math.max(...lines.flatMap((l) => l.words.map((w) => w.bbox.x)));
  while (furthest >= starts.at(-1)! + spacing - INTO_COLUMN * height) starts.push(starts.at(-1)! + spacing);
}

const nearest = (starts: number[], x: number) =>
  starts.reduce((best, s, k) => (Math.abs(s - x) < Math.abs(starts[best]! - x) ? k : best), 0);

/**
 * One block read as a line: its label, the sum's numbers, "=" and the answer written under it. The line stands where
 * its row of labels does (`top`), so that a row's blocks keep their order across the page.
 */
function blockLine(label: ReadWord, rows: ReadWord[][], top: number): ReadLine {
  const sign = rows.findIndex((r) => OPERATOR.test(r[0]!.text));
  // A lost operator (a phone's faint "+"): the sum's two numbers, then the answer, when there are three rows.
  const split = sign >= 0 ? sign + 1 : rows.length >= 3 ? rows.length - 1 : rows.length;
  const question = [label, ...rows.slice(0, split).flat()];
  const answer = rows.slice(split).flat();
  // "=" just after the sum's last number, or, when an answer is written, just before it.
  const last = question.at(-1)!.bbox;
  const x = answer[0] ? answer[0].bbox.x - 1 : last.x + last.width + 1;
  const equals: ReadWord = { text: "=", confidence: 1, bbox: { x, y: last.y, width: 1, height: last.height } };
  const words = [...question, equals, ...answer];
  const left = Math.min(...words.map((w) => w.bbox.x));
  const right = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
  const bottom = Math.max(...words.map((w) => w.bbox.y + w.bbox.height));
  return {
    text: words.map((w) => w.text).join(" "),
    confidence: Math.min(...words.map((w) => w.confidence)),
    bbox: { x: left, y: top, width: right - left, height: bottom - top },
    words,
  };
}

/** The page's lines (top to bottom) with every row of stacked sums read block by block; unchanged without one. */
export function withStackedSums(lines: ReadLine[]): ReadLine[] {
  // Rows of labels: two labels or more, rising; or one label alone where another row has two.
  const rising = (l: ReadLine) => isLabelRow(l) && l.words.every((w, k) => k === 0 || numberOf(w) > numberOf(l.words[k - 1]!));
  if (!lines.some((l) => rising(l) && l.words.length >= 2)) return lines;
  const labelRows = new Set(lines.flatMap((l, i) => (rising(l) ? [i] : [])));
  const height = median(lines.flatMap((l) => l.words.map((w) => w.bbox.height))) || 20;
  const starts = columnStarts(
    [...labelRows].map((i) => lines[i]!),
    height,
  );
  if (starts.length < 2) return lines;
  withLostColumns(starts, lines, height);
  const out: ReadLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!labelRows.has(i)) {
      out.push(lines[i]!);
      continue;
    }
    const row = lines[i]!;
    // The row's numbering: the first column's number most of its labels agree on.
    const votes = row.words.map((w) => numberOf(w) - nearest(starts, w.bbox.x));
    const base = votes.sort((a, b) => votes.filter((v) => v === b).length - votes.filter((v) => v === a).length)[0]!;
    const labels: ReadWord[] = starts.map(
      (x, k) =>
        row.words.find((w) => nearest(starts, w.bbox.x) === k) ?? {
          text: `${base + k})`,
          confidence: row.confidence,
          bbox: { x, y: row.bbox.y, width: height, height: row.bbox.height },
        },
    );
    const blocks: ReadWord[][][] = starts.map(() => []);
    let j = i + 1;
    // Down to the next row of labels, or a row of prose or with a label (an answer grid's row, the next question).
    const inBlock = (l: ReadLine) => !l.words.some((w) => PROSE.test(w.text) || LABEL.test(w.text));
    for (; j < lines.length && j <= i + DEPTH && !labelRows.has(j) && inBlock(lines[j]!); j++) {
      const cells: ReadWord[][] = starts.map(() => []);
      for (const word of lines[j]!.words) {
        let column = 0;
        starts.forEach((s, k) => {
          if (s <= word.bbox.x + INTO_COLUMN * height) column = k;
        });
        cells[column]!.push(word);
      }
      cells.forEach((cell, k) => cell.length && blocks[k]!.push(cell));
    }
    labels.forEach((label, k) => out.push(blockLine(label, blocks[k]!, row.bbox.y)));
    i = j - 1;
  }
  return out;
}
