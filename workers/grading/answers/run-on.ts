// Questions run on along one line (docs/decisions/0113): a drill sheet sets its sums three to a row, numbered across
// ("2) 382 + 81 = 463   3) 197 + 42 = 229"). Read as one line, the row was one question: the first took the last
// one's answer (after the line's last "="), and the next was never found. A line that starts with a question's label
// is cut before each label of the next number in the same style, when a question's words follow it.
import { wordsOf, type TextLine } from "./layout";

type Word = NonNullable<TextLine["words"]>[number];

/** A question's label: its number, then ")" or ".". */
const LABEL = /^(\d{1,3})([).])$/;
/** A label inside a line opens a question when at least this many words follow it ("4." in "Add 2 and 4. 6" does not). */
const MIN_AFTER = 3;

/** Each line cut into the questions that run on along it; the rest as they were. */
export function runOnQuestions<T extends TextLine>(lines: readonly T[]): T[] {
  return lines.flatMap((line) => {
    const words = wordsOf(line);
    const first = LABEL.exec(words[0]?.text ?? "");
    if (!first) return [line];
    const cuts: number[] = [];
    let number = Number(first[1]);
    words.forEach((w, i) => {
      const label = LABEL.exec(w.text);
      if (i === 0 || !label || Number(label[1]) !== number + 1 || label[2] !== first[2] || words.length - i - 1 < MIN_AFTER) return;
      cuts.push(i);
      number++;
    });
    if (!cuts.length) return [line];
    // On a class set's page, each question's share of the student's words, in reading order.
    const theirs = (line.written ?? line.student ?? "").split(/\s+/).filter(Boolean);
    return [0, ...cuts].map((from, k) => {
      const part = words.slice(from, cuts[k]);
      const text = part.map((w) => w.text).join(" ");
      const cut: T = { ...line, text, words: line.words?.length ? (part as Word[]) : undefined };
      if (line.student === undefined) return cut;
      const mine = part.filter((w) => theirs[0] === w.text && theirs.shift() !== undefined).map((w) => w.text);
      return { ...cut, student: mine.join(" "), written: mine.join(" ") };
    });
  });
}
