// An answer written in a blank inside a printed sentence: "3.5 m is the same as ____ cm." The unit printed right
// after the blank is the answer's unit, as the teacher reads it: "350" written there is "350 cm".
import { readUnit } from "../values/units";
import type { TextLine } from "./layout";

/** Words of the sentence before its blank: the question's number and two words at least. */
const BEFORE = 3;
/** A blank holds this many words at most. */
const MOST = 4;

/**
 * On a page read alone, what was written on a blank inside a question's sentence ("1. 1/4 written as a percent is
 * 25%", "25%" on the blank's rule): the one run of words on a rule (reading/ocr/on-rule.ts), after the question's
 * number and two words of its sentence at least that are not on one; and the line with a blank in its place.
 */
export function onBlank(line: TextLine): { question: string; answer: string } | undefined {
  const words = line.words ?? [];
  const ruled = words.flatMap((w, i) => (w.onRule ? [i] : []));
  if (!ruled.length || ruled.length > MOST || ruled[0]! < BEFORE || ruled.at(-1)! - ruled[0]! + 1 !== ruled.length) return undefined;
  const text = (from: number, to?: number) =>
    words
      .slice(from, to)
      .map((w) => w.text)
      .join(" ");
  const question = `${text(0, ruled[0])} ____ ${text(ruled.at(-1)! + 1)}`.trim();
  return { question, answer: text(ruled[0]!, ruled.at(-1)! + 1) };
}

/**
 * The answer with the unit printed right after it on its line, when the answer is a bare number and the next
 * printed word is a unit spelled exactly (not a near miss: "is" is no unit). `text` is the line, `student` the
 * student's words on it (answers/template.ts), `answer` what was taken from them.
 */
export function withPrintedUnit(text: string, student: string, answer: string): string {
  if (!student || !/^[-−]?\d[\d.,/\s]*$/.test(answer.trim())) return answer;
  const at = text.lastIndexOf(student);
  if (at < 0) return answer;
  const next =
    text
      .slice(at + student.length)
      .trim()
      .split(/\s+/)[0] ?? "";
  const unit = next ? readUnit(next.replace(/[.,;:!?]+$/, "")) : undefined;
  return unit && !unit.spelled ? `${answer.trim()} ${next.replace(/[.,;:!?]+$/, "")}` : answer;
}
