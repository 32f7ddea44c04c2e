// A worksheet whose questions carry roman numerals, not numbers: "(i) Add 455 and 59.", "(ii) What is 3 × 9?", each
// label at the margin and its question's text indented beside it. Readers lose small numerals: "(ii)" reads "(i)",
// "(viii)" reads "(vii)", "(v)" reads "()", and a photo's "(i)" may not be read at all. So the numerals only tell the
// page is numbered this way; its questions are numbered in reading order, and a question whose label was lost is
// found by where its text starts (under the labelled questions' text, past the margin) and by reading as a sentence.
import { median } from "../reading/registration";
import type { TextLine } from "./layout";

/**
 * A question's roman label starting a line, and what follows it: "(iv) Write", "ix) Round", "vi. What", or the
 * brackets of a numeral the reader lost ("() How", "( Add", ") What"). Groups 1 to 3 hold the numeral, when one was read.
 */
const LABEL = /^\s*(?:\(([ivxl]{0,5})\)|\(([ivx]{1,5})|([ivx]{1,5})[).]|[()])\s+(?=\S)/i;
/** A numbered question: its number and stop, then words ("3. What is …"; "9.9" or "108" alone is an answer). */
const NUMBERED = /^\s*\(?\d{1,3}[.)]\s+\p{L}/u;
/** An option's label: a line of two or more is a line of options ("A) 9 B) 15"), not a question. */
const OPTIONS = /(?:^|\s)\(?[A-H][).](?=\s)/g;
const isOptions = (text: string) => (text.match(OPTIONS)?.length ?? 0) >= 2;
/** At least this many labels read as numerals, and this share of them within one of their question's place. */
const LEAST = 3;
const IN_PLACE = 0.6;
/** How far (in text heights) an unlabelled question's first word may start from where labelled questions' text does. */
const SAME_COLUMN = 0.5;

const VALUES: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10 };

/** A roman numeral's value (lower case, "l" read for "i"); undefined when the letters do not spell one. */
export function romanValue(numeral: string): number | undefined {
  const letters = numeral.toLowerCase().replace(/l/g, "i");
  if (!/^(?:x{0,3})(?:ix|iv|v?i{0,3})$/.test(letters) || !letters) return undefined;
  return [...letters].reduce((sum, c, k) => {
    const v = VALUES[c]!;
    return VALUES[letters[k + 1] ?? ""]! > v ? sum - v : sum + v;
  }, 0);
}

/** The value of a label's numeral, when it spells one. */
const numeralOf = (label: RegExpExecArray | null) => (label ? romanValue(label[1] ?? label[2] ?? label[3] ?? "") : undefined);

/**
 * The page's lines with its roman-numbered questions numbered in reading order ("1." for "(i)"), a question whose
 * label was lost given its number too; the lines as they are when the page numbers its questions, or reads fewer
 * than `LEAST` roman labels, or labels out of their order.
 */
export function numberRoman<T extends TextLine>(lines: readonly T[]): T[] {
  if (lines.some((l) => NUMBERED.test(l.text))) return [...lines];
  const labels = lines.map((l) => (isOptions(l.text) ? null : LABEL.exec(l.text)));
  const numerals = labels.filter((m) => numeralOf(m) !== undefined);
  if (numerals.length < LEAST) return [...lines];
  const column = textColumn(lines, labels);
  const starts = lines.flatMap((line, i) => (labels[i] || (column && startsQuestion(lines, i, column)) ? [i] : []));
  const inPlace = starts.filter((i, k) => {
    const value = numeralOf(labels[i]);
    return value !== undefined && Math.abs(value - (k + 1)) <= 1;
  }).length;
  if (inPlace < IN_PLACE * numerals.length) return [...lines];
  const numbers = new Map(starts.map((i, k) => [i, k + 1]));
  return lines.map((line, i) => {
    const number = numbers.get(i);
    return number === undefined ? line : relabelled(line, number, labels[i], column);
  });
}

interface Column {
  /** Where the labelled questions' text starts, and where their labels do. */
  text: number;
  label: number;
  height: number;
}

/** Where the labelled questions' words start on the page (the median), when the reader gave their boxes. */
function textColumn(lines: readonly TextLine[], labels: readonly (RegExpExecArray | null)[]): Column | undefined {
  const placed = lines.flatMap((l, i) => {
    const [label, first] = l.words ?? [];
    return labels[i] && label?.bbox && first?.bbox ? [{ label: label.bbox, first: first.bbox }] : [];
  });
  if (placed.length < LEAST) return undefined;
  const column = {
    text: median(placed.map((p) => p.first.x)),
    label: median(placed.map((p) => p.label.x)),
    height: median(placed.map((p) => p.first.height)),
  };
  return column.text - column.label >= column.height ? column : undefined;
}

/**
 * How many of the line's first words lie in the margin before where the questions' text starts: its label as read
 * ("(vi) v" for "(viii)"; "(i" and "B)", the template having taken part of "(iB)" for print).
 */
function marginWords(line: TextLine, column: Column): number {
  const k = (line.words ?? []).findIndex((w) => !w.bbox || w.bbox.x >= column.text - SAME_COLUMN * column.height);
  return Math.max(k, 0);
}

/**
 * A question whose label was lost or misread ("(M) How many…"): its text starting where the labelled questions' text
 * does, after nothing but a short bracketed word in the labels' place; printed (the student's words none but that
 * word, which the template cannot know); a sentence of two words or more ending its line; and the line before it no
 * question's text running on.
 */
function startsQuestion(lines: readonly TextLine[], i: number, column: Column): boolean {
  const line = lines[i]!;
  const words = line.words ?? [];
  const margin = marginWords(line, column);
  const start = words[margin]?.bbox;
  if (!start || Math.abs(start.x - column.text) > SAME_COLUMN * column.height) return false;
  const label = words
    .slice(0, margin)
    .map((w) => w.text)
    .join("");
  const atLabels = !margin || Math.abs(words[0]!.bbox!.x - column.label) <= SAME_COLUMN * column.height;
  if (margin && !(atLabels && label.length <= 6 && /^\(|\)$/.test(label))) return false;
  const own = line.student?.split(/\s+/).filter(Boolean) ?? [];
  if (own.some((w) => !label.includes(w))) return false;
  if (isOptions(line.text)) return false;
  if (line.text.trim().split(/\s+/).length < 2 || !/[?.:]$/.test(line.text.trim())) return false;
  const before = lines.slice(0, i).findLast((l) => l.text.trim());
  if (!before) return true;
  const ink = before.student !== undefined && before.student !== "";
  return ink || /[?.:]$/.test(before.text.trim()) || isOptions(before.text) || !/\s/.test(before.text.trim());
}

/**
 * A question's line with its number for a label ("(iv)" → "4."): the words in the margin before its text are the
 * label, print though the template may take them for the student's, since a set's pages read them each their own
 * way. A line whose label was not read at all gets its number before its words.
 */
function relabelled<T extends TextLine>(line: T, number: number, label: RegExpExecArray | null, column?: Column): T {
  const words = line.words ?? [];
  const margin = column ? marginWords(line, column) : 0;
  if (margin > 0) {
    const printed = words.slice(0, margin).map((w) => w.text);
    const strip = (written: string | undefined) => {
      const tokens = written?.split(/\s+/).filter(Boolean);
      const from = tokens?.findIndex((t) => !printed.some((p) => p.includes(t)));
      return tokens && (from === -1 ? "" : tokens.slice(from).join(" "));
    };
    const text = `${number}. ${words
      .slice(margin)
      .map((w) => w.text)
      .join(" ")}`;
    const renumbered = [{ ...words[0]!, text: `${number}.` }, ...words.slice(margin)];
    return { ...line, text, words: renumbered, student: strip(line.student), written: strip(line.written) };
  }
  if (label) return { ...line, text: line.text.replace(LABEL, `${number}. `) };
  const first = line.words && [{ text: `${number}.`, confidence: line.confidence }, ...line.words];
  return { ...line, text: `${number}. ${line.text.trim()}`, words: first };
}
