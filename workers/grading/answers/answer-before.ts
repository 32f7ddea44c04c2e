// An answer written before its question's number (docs/decisions/0089): a quiz's blank at the left margin
// ("_____ 1. Which shape has three sides?"), a matching exercise's line for a letter ("K 2. Add 305 and 86."). The
// words before the number are the child's answer; the line is rewritten as the question, then "Answer:" and them.
import { QUESTION_NUMBER, type AnswerKey } from "./answer-key";

/** An answer before the number is short: a word or a number, with its unit ("350 cm"), at most this long. */
const MAX_WORDS = 3;
const MAX_CHARS = 20;

/** The words before the number, a stroke read between them and it left out ("C - 8.": the letter's ink boxed again). */
const BEFORE = /^(\S+(?:\s+\S+){0,3}?)\s+(?:[-|_~]+\s+)?(\d{1,3})([.)])\s+(\S.*)$/;
const DECIMAL = /^\s*\d{1,3}[.,]\d/;
/** Not an answer: a label ("Answer:", "Name:"), a question's own label, or print that runs on ("Part 2"). */
const NOT_AN_ANSWER = /[:;]|^(?:q(?:uestion)?|no|part|page|section|unit|exercise|problem)\b/i;
/** A sentence's words before a number ("Add 3 and 5. Then…"), and the question after it starts as one. */
const RUNS_ON = /\s(?:and|or|of|to|by|from|is|are|plus|minus|times|than|the|a|an|in|on|at|for|with)$/;
/** The number must come next, or soon after, in the page's questions: "… packs of 12. How many?" is a question's end. */
const NEXT_WITHIN = 3;

/**
 * Each line's question ("8. Which animal is a mammal?") and the answer written before its number, where the line
 * has one; undefined where it starts with its number, or what stands before it is not an answer to that question:
 * longer than a short answer, a lone capital where the key is not a letter ("A 5 kg bag" is not an answer of "A"),
 * without a digit where the key is a number, or numbered out of turn (more than NEXT_WITHIN past the highest question
 * number on the lines above). Without a key only a lone capital is taken (a matching exercise's letter).
 */
export function answersBefore(texts: string[], key: AnswerKey | undefined): ({ question: string; answer: string } | undefined)[] {
  let seen = 0;
  return texts.map((text) => {
    const split = splitAnswerBefore(text, key, seen);
    seen = questionsSeen(split?.question ?? text, seen);
    return split;
  });
}

function splitAnswerBefore(text: string, key: AnswerKey | undefined, seen: number): { question: string; answer: string } | undefined {
  // A line that starts with its number is left as it is; one that starts with a decimal ("4.5 7. Round…") is not.
  if (QUESTION_NUMBER.test(text) && !DECIMAL.test(text)) return undefined;
  const m = text.match(BEFORE);
  if (!m) return undefined;
  const [, before, n, sep, rest] = m as unknown as [string, string, string, string, string];
  if (Number(n) <= seen || Number(n) > seen + NEXT_WITHIN) return undefined;
  if (!key && !/^[A-Z]$/.test(before)) return undefined;
  if (before.length > MAX_CHARS || before.split(/\s+/).length > MAX_WORDS || NOT_AN_ANSWER.test(before)) return undefined;
  if (!/[\p{L}\p{N}]/u.test(before) || RUNS_ON.test(before)) return undefined;
  // A question starts with a capital; a lone letter's line may have lost its case ("L 10. write 4/20 …").
  if (!/^[\p{Lu}\d(]/u.test(rest) && !/^[A-Z]$/.test(before)) return undefined;
  const accepted = key?.questions.find((q) => q.number === Number(n))?.accepted.map((a) => a.raw.trim());
  if (key && !accepted) return undefined;
  const letterKey = !accepted || accepted.some((a) => /^[A-Z]$/i.test(a));
  if (/^[A-Z]$/.test(before) && !letterKey) return undefined;
  const numericKey = !!accepted && accepted.every((a) => /\d/.test(a));
  if (numericKey && !/\d/.test(before)) return undefined;
  return { question: `${n}${sep} ${rest}`, answer: before };
}

/** The highest question number so far, with this line's: a number out of turn ("5.9" read as a label) is not one. */
function questionsSeen(text: string, seen: number): number {
  const n = DECIMAL.test(text) ? Number.NaN : Number(text.match(QUESTION_NUMBER)?.[1] ?? Number.NaN);
  return n > seen && n <= seen + NEXT_WITHIN ? n : seen;
}

/** The question's text without the answer moved after it. */
export const withoutMovedAnswer = (questionText: string) => questionText.replace(/\s*Answer:\s*$/, "");
