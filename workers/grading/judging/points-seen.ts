// A mark that a decimal point would change (issue 30): the recogniser read "25%" where the page shows "2.5%"
// (reading/ocr/lost-points.ts notes the point on the word). The answer keeps its reading; when the same answer read
// with the point earns another mark, the mark is a look, both readings shown. So is a number a lost point or a
// fraction bar read as "1" would raise.
import type { KeyQuestion } from "../answers/answer-key";
import type { QuestionContext } from "../answers/question-context";
import type { TextLine } from "../answers/student-work";
import { substituteWord } from "./handwriting";
import { judgeAnswer } from "./judge";

/** The doubt to show when the answer's number, read with the point its ink shows, earns another mark than `credit`. */
export function pointSeenDoubt(
  question: KeyQuestion,
  answer: string,
  line: TextLine | undefined,
  context: QuestionContext | undefined,
  credit: number,
): string | undefined {
  for (const word of line?.words ?? []) {
    const seen = "pointSeen" in word && typeof word.pointSeen === "string" ? word.pointSeen : undefined;
    const read = seen && substituteWord(answer, word.text, seen);
    if (!seen || !read) continue;
    if (Math.round(100 * judgeAnswer(question, read, context).credit) !== Math.round(100 * credit))
      return `"${word.text}" may be ${seen}: the page shows a point the reading left out.`;
  }
  return undefined;
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
  for (let at = 1; at < digits.length; at++) {
    const pointed = `${digits.slice(0, at)}.${digits.slice(at)}`;
    const read = answer.slice(0, number.index) + pointed + answer.slice(number.index! + digits.length);
    if (judgeAnswer(question, read, context).credit > credit + 1e-9)
      return `"${digits}" may be ${pointed}: a decimal point may have been lost in reading.`;
  }
  return undefined;
}

/**
 * A mark that a fraction bar read as "1" would raise: "712" earns more as 7/2 (a printed or written "/" between two
 * digits is read "1" as often as a "1" is read "/"; lookalikes.ts takes the other way). A child's real "712" for 7/2
 * is rare. The mark stays; the teacher looks.
 */
export function lostBarDoubt(
  question: KeyQuestion,
  answer: string,
  context: QuestionContext | undefined,
  credit: number,
): string | undefined {
  if (answer.includes("/")) return undefined;
  const number = answer.match(/\d{3,}/);
  if (!number) return undefined;
  const digits = number[0];
  for (let at = 1; at < digits.length - 1; at++) {
    if (digits[at] !== "1") continue;
    const barred = `${digits.slice(0, at)}/${digits.slice(at + 1)}`;
    const read = answer.slice(0, number.index) + barred + answer.slice(number.index! + digits.length);
    if (judgeAnswer(question, read, context).credit > credit + 1e-9)
      return `"${digits}" may be ${barred}: a fraction bar may have been read as 1.`;
  }
  return undefined;
}
