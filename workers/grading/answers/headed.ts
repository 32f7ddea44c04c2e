// Questions under headings of their own (docs/decisions/0115): "Question 3" on a line alone, the question's text on
// the line below, the answer in a box under it. No line started with a question's number, so no question was found.
// Where a page has two such headings or more, each is joined to the line after it ("Question 3 Write 8/28 in …"),
// which then opens question 3 as "Question 3: Write …" would.
import type { TextLine } from "./layout";

/** A question's heading alone on its line: "Question 3", "Problem 4:", "Exercise 2.", "Q5". */
const HEADING = /^\s*(?:question|problem|exercise|task|q)\s*(\d{1,3})\s*[.:]?\s*$/i;
/** At least this many headings make a page of headed questions (one alone may be a title). */
const LEAST = 2;
/** A line that opens a question of its own ("3. Write …", "Question 4 …"): a heading before it is not joined to it. */
const OPENS = /^\s*(?:(?:question|problem|exercise|task|q)\s*)?\(?\d{1,3}\s*[.):]/i;

/** The page's lines, each question's heading joined to the line under it; the lines as they are with fewer headings. */
export function headedQuestions<T extends TextLine>(lines: readonly T[]): T[] {
  const printed = (l: T) => l.student === undefined || l.student === "";
  const headings = lines.flatMap((l, i) => (HEADING.test(l.text) && printed(l) ? [i] : []));
  if (headings.length < LEAST) return [...lines];
  const out: T[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (!headings.includes(i) || !next?.text.trim() || HEADING.test(next.text) || OPENS.test(next.text)) {
      out.push(line);
      continue;
    }
    const words = line.words?.length && next.words?.length ? [...line.words, ...next.words] : undefined;
    out.push({
      ...next,
      text: `${line.text.trim()} ${next.text.trim()}`,
      words,
      confidence: Math.min(line.confidence, next.confidence),
    });
    i++;
  }
  return out;
}
