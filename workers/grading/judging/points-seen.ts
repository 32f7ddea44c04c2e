// A mark that a decimal point would change (issue 30): the recogniser read "25%" where the page shows "2.5%"
// (reading/ocr/lost-points.ts notes the point on the word). When the answer read with the point earns another mark,
// that reading is the answer, and the mark a look, both readings shown (0121 amends 0074). So is a number whose bar or
// point showed when it was read alone ("17" alone "1/7", reading/ocr/read-alone.ts), when that earns more (0122). A number a lost point or a
// fraction bar read as "1" would raise, where the page shows none, is a look with the mark kept; so is one that a stray
// digit, a lost digit or marks read before it would (0106, 0126).
import type { KeyQuestion } from "../answers/answer-key";
import type { QuestionContext } from "../answers/question-context";
import type { TextLine } from "../answers/student-work";
import { substituteWord } from "./handwriting";
import { judgeAnswer } from "./judge";

/**
 * The answer read with the point its ink shows (docs/decisions/0121), when that earns another mark than `credit`; or
 * with the bar or point its number showed read alone (ocr/read-alone.ts, decision 0122), when that earns more: the
 * reading, the word as recognised and as seen, what was seen, and the judgement of the reading.
 */
export function pointSeenReading(
  question: KeyQuestion,
  answer: string,
  line: TextLine | undefined,
  context: QuestionContext | undefined,
  credit: number,
): { read: string; word: string; seen: string; mark: "point" | "bar"; judgement: ReturnType<typeof judgeAnswer> } | undefined {
  const percent = (j: { credit: number }) => Math.round(100 * j.credit);
  for (const word of line?.words ?? []) {
    const point = "pointSeen" in word && typeof word.pointSeen === "string" ? word.pointSeen : undefined;
    const alone = "readAlone" in word && typeof word.readAlone === "string" ? word.readAlone : undefined;
    for (const [seen, raiseOnly] of [
      [point, false],
      [alone, true],
    ] as const) {
      const read = seen && substituteWord(answer, word.text, seen);
      if (!seen || !read) continue;
      const judgement = judgeAnswer(question, read, context);
      const changed = raiseOnly ? percent(judgement) > percent({ credit }) : percent(judgement) !== percent({ credit });
      if (changed) return { read, word: word.text, seen, mark: seen.includes("/") ? "bar" : "point", judgement };
    }
  }
  return undefined;
}

/** Whether the answer, its number (`number`, matched in it) read as `instead`, earns more than `credit`. */
function raisedBy(
  question: KeyQuestion,
  answer: string,
  number: RegExpMatchArray,
  instead: string,
  context: QuestionContext | undefined,
  credit: number,
): boolean {
  const read = answer.slice(0, number.index) + instead + answer.slice(number.index! + number[0].length);
  return judgeAnswer(question, read, context).credit > credit + 1e-9;
}

/**
 * A mark that a decimal point lost in reading would raise (docs/decisions/0092): the answer's number read without a
 * point ("225", "07") earns more with one put between two of its digits ("2.25" for 9/4, "0.7" for 70%). A point is
 * the smallest mark on the page and the one readers lose most; a child's real "225" is rarely the key's digits with
 * a point left out. The mark stays; the teacher looks.
 */
export function lostPointDoubt(
  question: KeyQuestion,
  answer: string,
  context: QuestionContext | undefined,
  credit: number,
): string | undefined {
  if (/[.,]\d/.test(answer)) return undefined;
  // A number of two digits or more, with no point anywhere in the answer, may have lost one in reading.
  const number = answer.match(/\d{2,}/);
  if (!number) return undefined;
  const digits = number[0];
  // Where the key's answers are written without a point, "2940" for 294 is a place-value slip, not 294.0 with its
  // point lost: a child seldom writes a whole number's ".0" (as lostDigitDoubt leaves a zero more at the end, 0132).
  const keyWithoutPoint = !question.accepted.some((a) => /\d[.,]\d/.test(a.raw));
  for (let at = 1; at < digits.length; at++) {
    const pointed = `${digits.slice(0, at)}.${digits.slice(at)}`;
    if (keyWithoutPoint && /^0+$/.test(digits.slice(at))) continue;
    if (raisedBy(question, answer, number, pointed, context, credit))
      return `"${digits}" may be ${pointed}: a decimal point may have been lost in reading.`;
  }
  return undefined;
}

/**
 * A mark that a fraction bar read as a digit or lost would raise: "712" or "772" earns more as 7/2, "17" as 1/7 (a
 * printed or written "/" between two digits is read "1" as often as a "1" is read "/", and a slanted one "7";
 * lookalikes.ts takes the other way). A child's real "712" for 7/2 or "17" for 1/7 is rare. The mark stays; the
 * teacher looks.
 */
export function lostBarDoubt(
  question: KeyQuestion,
  answer: string,
  context: QuestionContext | undefined,
  credit: number,
): string | undefined {
  // Only where the key is a fraction: "6911" is 691/1, which no child means.
  if (answer.includes("/") || /\d[.,]\d/.test(answer) || !question.accepted.some((a) => a.raw.includes("/"))) return undefined;
  const number = answer.match(/\d{2,}/);
  if (!number) return undefined;
  const digits = number[0];
  const raises = (barred: string) => raisedBy(question, answer, number, barred, context, credit);
  for (let at = 1; at < digits.length - 1; at++) {
    const barred = `${digits.slice(0, at)}/${digits.slice(at + 1)}`;
    if ((digits[at] === "1" || digits[at] === "7") && raises(barred))
      return `"${digits}" may be ${barred}: a fraction bar may have been read as ${digits[at]}.`;
  }
  for (let at = 1; at < digits.length; at++) {
    const barred = `${digits.slice(0, at)}/${digits.slice(at)}`;
    if (raises(barred)) return `"${digits}" may be ${barred}: a fraction bar may have been lost in reading.`;
  }
  return undefined;
}

/**
 * A mark that one digit fewer at either end of the answer's number would raise: "7503" earns more as 750, "0.71" as
 * 0.7, "51/4" as 1/4. A speck of paper, the end of a line or a letter of the question beside the answer is read as a
 * digit as easily as any. A child may add a digit too (a slip): grade.ts asks this only of a reading no ink check
 * weighed (the handwriting reader's verdict weighs the key's digits against the ink). Numbers of three digits or
 * more only. The mark stays; the teacher looks.
 */
export function strayDigitDoubt(
  question: KeyQuestion,
  answer: string,
  context: QuestionContext | undefined,
  credit: number,
): string | undefined {
  const number = answer.match(/\d+(?:[.,/]\d+)*/);
  if (!number || number[0].replace(/\D/g, "").length < 3) return undefined;
  const text = number[0];
  for (const kept of [text.slice(1), text.slice(0, -1)]) {
    if (!/^\d/.test(kept) || !/\d$/.test(kept)) continue;
    if (raisedBy(question, answer, number, kept, context, credit))
      return `"${text}" may be ${kept}: a stray mark may have been read as a digit.`;
  }
  return undefined;
}

/**
 * A mark that one digit more would raise: "35" earns more as 235, "25" as 265. Where two handwritten digits touch,
 * the recogniser reads them as one ("375" read "35", issue 31); a faint digit at a number's end is lost as easily.
 * Asked, as strayDigitDoubt is, only of a reading no ink check weighed, on a page with handwriting (grade.ts), and of a
 * whole number read with no point or bar ("0%" for 70%). The mark stays; the teacher looks.
 */
export function lostDigitDoubt(
  question: KeyQuestion,
  answer: string,
  context: QuestionContext | undefined,
  credit: number,
): string | undefined {
  const number = answer.match(/(?<![\d.,/])\d+(?![\d.,/]\d)/);
  if (!number || /\d[.,/]\d/.test(answer)) return undefined;
  const digits = number[0];
  for (let at = 0; at <= digits.length; at++)
    for (const digit of "0123456789") {
      const more = digits.slice(0, at) + digit + digits.slice(at);
      // A zero more at its end is a place-value slip a child makes ("35 cm" for 3.5 m, "7%" for 0.7): not asked.
      if (more.startsWith("0") || more === `${digits}0`) continue;
      if (raisedBy(question, answer, number, more, context, credit)) {
        const read = answer.slice(0, number.index) + more + answer.slice(number.index! + digits.length);
        return `"${answer.trim()}" may be ${read.trim()}: a digit may have been lost in reading.`;
      }
    }
  return undefined;
}

/**
 * A mark that the answer's last number alone would raise, where signs and digits before it were read into the answer:
 * "+72 538" earns more as 538 (the "+ 72" of "466 + 72 =" read after its "=" was lost; "72 538" reads as one grouped
 * number). The mark stays; the teacher looks.
 */
export function strayGroupDoubt(
  question: KeyQuestion,
  answer: string,
  context: QuestionContext | undefined,
  credit: number,
): string | undefined {
  const split = answer.trim().match(/^([-+×x*÷/=\d\s.,]*\d[-+×x*÷/=\s]*)\s(\d+(?:[.,/]\d+)?%?)$/);
  // A whole number before a fraction is a mixed number ("3 1/4"), the child's own.
  if (!split || (/\d$/.test(split[1]!.trim()) && split[2]!.includes("/"))) return undefined;
  if (judgeAnswer(question, split[2]!, context).credit <= credit + 1e-9) return undefined;
  return `"${answer.trim()}" may be ${split[2]}: marks before it may have been read into the answer.`;
}

/**
 * The first of the looks above a mark short of full calls for: a lost point or bar always; a stray digit, a lost digit
 * (on a page with handwriting) or marks read before the number only where no ink check `weighed` the digits.
 */
export function numberDoubt(
  question: KeyQuestion,
  answer: string,
  context: QuestionContext | undefined,
  credit: number,
  { weighed, handwritten }: { weighed: boolean; handwritten: boolean },
): string | undefined {
  const ask = (doubt: typeof strayDigitDoubt) => doubt(question, answer, context, credit);
  return (
    ask(lostPointDoubt) ??
    ask(lostBarDoubt) ??
    (weighed ? undefined : (ask(strayDigitDoubt) ?? (handwritten ? ask(lostDigitDoubt) : undefined) ?? ask(strayGroupDoubt)))
  );
}
