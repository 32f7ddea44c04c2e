// Amounts in the question's words: a number the question itself gave, written back as the answer, and an amount
// given in another unit of the same kind than the key's (see judge.ts, which decides the marks).
import type { Judgement } from "./judge";
import type { QuestionContext } from "./question-context";
import type { NumberValue } from "./values";

/** The student wrote back a number the question gave ("Write 3/4 as a decimal." → "3/4"). */
export function echoesQuestion(answer: string, context?: QuestionContext): boolean {
  if (!context) return false;
  const a = answer.trim().replace(/\s+/g, " ").replace(/[.]$/, "");
  if (!a) return false;
  const escaped = a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\d./])${escaped}(?![\\d/]|\\.\\d)`, "i").test(context.text);
}

/** The size of a metric unit in the smallest unit of its kind (mm, mg, ml), to compare amounts across units. */
const METRIC: Record<string, [kind: string, size: number]> = {
  mm: ["length", 1],
  cm: ["length", 10],
  m: ["length", 1000],
  km: ["length", 1_000_000],
  mg: ["mass", 1],
  g: ["mass", 1000],
  kg: ["mass", 1_000_000],
  ml: ["volume", 1],
  l: ["volume", 1000],
};

/**
 * An amount in another unit of the same kind than the key's: the question's own amount written back ("2.25 m"
 * for "Convert 2.25 m to centimeters"), or the right amount left in another unit ("2.25 m" for 225 cm). A
 * misreading does not turn one unit into another, so neither is a reading doubt; the second is worth a look.
 */
export function inOtherUnit(key: NumberValue, student: NumberValue, answer: string, context?: QuestionContext): Judgement | undefined {
  const [from, to] = [METRIC[student.unit ?? ""], METRIC[key.unit ?? ""]];
  if (!from || !to || from[0] !== to[0] || student.unit === key.unit) return undefined;
  // The question's amount, written back with or without the space before its unit.
  if (echoesQuestion(answer, context) || echoesQuestion(answer.replace(/(\d)\s*([a-zA-Z])/, "$1 $2"), context))
    return {
      credit: 0,
      confidence: 0.9,
      reason: `Wrote back the question's own amount (${answer.trim()}) instead of giving it in ${key.unit}.`,
    };
  const converted = (student.value * from[1]) / to[1];
  if (Math.abs(converted - key.value) > Math.max(1e-9, Math.abs(key.value) * 1e-9)) return undefined;
  return {
    credit: 0.5,
    confidence: 0.85,
    reason: `Right amount, but in ${student.unit}, not ${key.unit}.`,
    doubt: `Right amount in another unit than the key's (${student.unit} for ${key.unit}).`,
  };
}
