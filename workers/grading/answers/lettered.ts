// A worksheet whose questions are lettered, not numbered: "a) Write 7/10 as a percent.", "b) …", often in parts
// under their headings ("Part A", "Part B"), each part lettered from "a)" again. The key lists the questions in
// order, one a line, so the page's questions are numbered in reading order: "a)" of Part B after Part A's last is
// the next number. A heading before a part's "a)" is print, never an answer to the question before it.
import type { TextLine } from "./layout";

/**
 * A question's letter label starting a line, and the words after it: "a) Write", "(b) What", "c. Round". A capital is
 * one only where the next letter is due ("C) What is 3 × 9?" after "b)": the reader capitalised it); "A) lungs" is an
 * option.
 */
const LETTERED = /^\s*\(?([a-pA-P])[).]\s+(?=\S)/;
/** A numbered question: its number and stop, then words ("3. What is …"; "9.9" or "108" alone is an answer). */
const NUMBERED = /^\s*\(?\d{1,3}[.)]\s+\p{L}/u;
/** A part's heading: "Part B", "Section 2", "PART II", with a few words of title after it at most. */
const HEADING = /^\s*(?:part|section)\s+(?:[A-Z]|\d{1,2}|[IVX]{1,4})\b[\s:.\-–—]*(?:\S+\s*){0,5}$/i;
/** At least this many lettered lines, and this share of them the next letter after the one before or "a" again. */
const LEAST = 3;
const IN_ORDER = 0.75;
/** An option's label: a line of two or more is a line of options ("a) lungs b) liver"), not a question. */
const LABELS = /(?:^|\s)\(?[a-pA-P][).](?=\s)/g;

/**
 * The page's lines with its lettered questions numbered in reading order ("1." for the first "a)"), and its parts'
 * headings before them emptied; the lines as they are when the page numbers its questions, or letters fewer than
 * `LEAST` of its lines in order.
 */
export function numberLettered<T extends TextLine>(lines: readonly T[]): T[] {
  if (lines.some((l) => NUMBERED.test(l.text))) return [...lines];
  const successor = (a: string, b: string) => b.toLowerCase().charCodeAt(0) === a.charCodeAt(0) + 1;
  const lettered: { i: number; letter: string }[] = [];
  for (const [i, l] of lines.entries()) {
    const letter = LETTERED.exec(l.text)?.[1];
    if (!letter || (l.text.match(LABELS)?.length ?? 0) >= 2) continue;
    const last = lettered.at(-1)?.letter;
    if (letter === letter.toLowerCase() || (last && successor(last, letter))) lettered.push({ i, letter: letter.toLowerCase() });
  }
  if (lettered.length < LEAST || lettered[0]!.letter !== "a") return [...lines];
  const next = (a: string, b: string) => b === "a" || successor(a, b);
  const ordered = lettered.slice(1).filter((l, k) => next(lettered[k]!.letter, l.letter)).length;
  if (ordered < IN_ORDER * (lettered.length - 1)) return [...lines];
  const numbers = new Map(lettered.map((l, k) => [l.i, k + 1]));
  return lines.map((line, i) => {
    const number = numbers.get(i);
    if (number !== undefined) return relabelled(line, number);
    const heading = HEADING.test(line.text) && (line.student === undefined || line.student === "");
    const starts = lettered.some((l) => l.i > i && l.letter === "a" && lines.slice(i + 1, l.i).every((b) => !b.text.trim()));
    return heading && starts ? { ...line, text: "", words: [], student: line.student === undefined ? undefined : "" } : line;
  });
}

/** A lettered line with its label read as the question's number ("a)" → "7."): words, boxes and the rest kept. */
function relabelled<T extends TextLine>(line: T, number: number): T {
  const text = line.text.replace(LETTERED, `${number}. `);
  const [first, ...rest] = line.words ?? [];
  const words = first && LETTERED.test(`${first.text} x`) ? [{ ...first, text: `${number}.` }, ...rest] : line.words;
  return { ...line, text, words };
}
