// An answer written in a blank inside a printed sentence: "3.5 m is the same as ____ cm." The unit printed right
// after the blank is the answer's unit, as the teacher reads it: "350" written there is "350 cm".
import { readUnit } from "../values/units";

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
