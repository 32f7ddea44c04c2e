// A mark that a decimal point would change (issue 30): the recogniser read "25%" where the page shows "2.5%"
// (reading/ocr/lost-points.ts notes the point on the word). The answer keeps its reading; when the same answer read
// with the point earns another mark, the mark is a look, both readings shown.
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
