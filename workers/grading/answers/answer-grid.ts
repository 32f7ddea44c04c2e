// An answer grid: the questions down the page, then numbered boxes where every answer is written, away from its
// question ("1. 56   2. 1/5   3. 850 cm"). Read as rows, a grid's row looked like one question's answer running into
// the next labels ("2." taking "1/5 3. 850 cm"), and the questions above had none. A row whose labels all repeat the
// labels of questions above it, the first opening the row, each followed by a few words, is a row of the grid: each
// box's words go to the end of its question's line, as if written beside it, and the grid's rows are left out. Only
// when a row holds two boxes or more (a grid, not a second part of the sheet numbered from 1 again).
import type { ReadLine, ReadWord } from "../reading/types";

/** A question's label as a word of its own ("6.", "7)"); layout.ts finds columns by them too. */
export const LABEL = /^\d{1,3}[.)]$/;
/** A box of the grid holds at most this many words after its label (an answer, not a question). */
const CELL_WORDS = 4;

interface Cell {
  label: number;
  words: ReadWord[];
}

/** The boxes of a row of the grid, or undefined when the row is not one (see the module's note). */
function gridRow(line: ReadLine, questions: ReadonlyMap<number, number>): Cell[] | undefined {
  const cells: Cell[] = [];
  for (const word of line.words) {
    if (LABEL.test(word.text)) cells.push({ label: Number.parseInt(word.text, 10), words: [] });
    else if (!cells.length) return undefined;
    else cells.at(-1)!.words.push(word);
  }
  if (!cells.length || cells.some((c) => !questions.has(c.label) || c.words.length > CELL_WORDS)) return undefined;
  return cells;
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
  if (![...rows.values()].some((cells) => cells.length >= 2)) return lines;
  const added = new Map<number, ReadWord[]>();
  for (const cells of rows.values())
    for (const { label, words } of cells) {
      const at = questions.get(label)!;
      added.set(at, [...(added.get(at) ?? []), ...words]);
    }
  return lines.flatMap((line, i) => {
    if (rows.has(i)) return [];
    const more = added.get(i);
    if (!more?.length) return [line];
    const words = [...line.words, ...more];
    return [{ ...line, words, text: words.map((w) => w.text).join(" ") }];
  });
}
