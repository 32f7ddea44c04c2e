// Amounts in the question's words: a number the question itself gave, written back as the answer, and an amount
// given in another unit of the same kind than the key's, or in two units at once ("2 m 50 cm"); judge.ts decides
// the marks.
import type { Judgement } from "./judgement";
import type { QuestionContext } from "../answers/question-context";
import { convertAmount, parseCompoundAmount } from "../values/units";
import type { NumberValue } from "../values/values";

/** The student wrote back a number the question gave ("Write 3/4 as a decimal." → "3/4"). */
export function echoesQuestion(answer: string, context?: QuestionContext): boolean {
  if (!context) return false;
  const a = answer.trim().replace(/\s+/g, " ").replace(/[.]$/, "");
  if (!a) return false;
  const escaped = a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\d./])${escaped}(?![\\d/]|\\.\\d)`, "i").test(context.text);
}

/**
 * An amount in another unit of the same kind than the key's: the question's own amount written back ("2.25 m"
 * for "Convert 2.25 m to centimeters"), or the right amount left in another unit ("2.25 m" for 225 cm). A
 * misreading does not turn one unit into another, so neither is a reading doubt; the second is worth a look.
 */
export function inOtherUnit(key: NumberValue, student: NumberValue, answer: string, context?: QuestionContext): Judgement | undefined {
  if (!student.unit || !key.unit || student.unit === key.unit) return undefined;
  const converted = convertAmount(student.value, student.unit, key.unit);
  if (converted === undefined) return undefined;
  // The question's amount, written back with or without the space before its unit.
  if (echoesQuestion(answer, context) || echoesQuestion(answer.replace(/(\d)\s*([a-zA-Z])/, "$1 $2"), context))
    return {
      credit: 0,
      confidence: 0.9,
      reason: `Wrote back the question's own amount (${answer.trim()}) instead of giving it in ${key.unit}.`,
    };
  if (Math.abs(converted - key.value) > Math.max(1e-9, Math.abs(key.value) * 1e-9)) return undefined;
  return {
    credit: 0.5,
    confidence: 0.85,
    reason: `Right amount, but in ${student.unit}, not ${key.unit}.`,
    doubt: `Right amount in another unit than the key's (${student.unit} for ${key.unit}).`,
  };
}

/**
 * An amount written in two units of one kind ("2 m 50 cm" for 250 cm, "1 h 30 min" for 90 min): the right amount
 * is marked as one in another unit than the key's (half, flagged), another amount is wrong. `askedUnit` stands in
 * for a key given as a bare number to a question that names its unit ("How many cm ...?").
 */
export function inCompoundUnits(key: NumberValue, answer: string, askedUnit?: string, context?: QuestionContext): Judgement | undefined {
  const amount = parseCompoundAmount(answer);
  const unit = key.unit ?? askedUnit;
  if (!amount || !unit) return undefined;
  const converted = convertAmount(amount.value, amount.unit, unit);
  if (converted === undefined) return undefined;
  if (echoesQuestion(answer, context))
    return {
      credit: 0,
      confidence: 0.9,
      reason: `Wrote back the question's own amount (${answer.trim()}) instead of giving it in ${unit}.`,
    };
  if (Math.abs(converted - key.value) > Math.max(1e-9, Math.abs(key.value) * 1e-9))
    return { credit: 0, confidence: 0.9, reason: `${answer.trim()} is not ${key.raw.trim()}.` };
  return {
    credit: 0.5,
    confidence: 0.85,
    reason: `Right amount, but in ${amount.units.join(" and ")}, not ${unit}.`,
    doubt: `Right amount written in two units (${amount.units.join(" and ")}) where the key has ${unit}.`,
  };
}
