// Answers read by PP-OCR alone, never verified against the ink, that may be the key's answer misread: look-alike
// marks for digits ("5/5" for 515), look-alike digits ("298" for 228), look-alike capital letters ("C" for G).
import type { KeyQuestion } from "../answers/answer-key";
import type { QuestionContext } from "../answers/question-context";
import type { TextLine } from "../answers/student-work";
import { UNSURE_OCR } from "../reading/handwriting/words";
import { judgeAnswer } from "./judge";
import { withDoubt, type Judgement } from "./judgement";
import { alikeDigits, asDigits, keyAnswersOf, oneSlipApart } from "./slips";

/**
 * A mark short of full whose answer, its look-alikes read as the digits they stand for, is the key's ("5/5" for a
 * written 515: a handwritten 1 read as "/"). Nothing verified the ink, so the mark is a look.
 */
export function keyBehindLookalikes(answer: string, keyAnswer: string): boolean {
  const seen = answer.replace(/\s+/g, "");
  const digits = asDigits(seen);
  return digits !== seen && /^\d+$/.test(digits) && keyAnswersOf(keyAnswer).includes(digits);
}

/**
 * A mark short of full whose answer, read unsurely (under `UNSURE_OCR`), holds a look-alike and, read as digits, is
 * one slip from the key ("1/6" at 0.77 for a written 110: its 1 read "/", its 0 read 6). Nothing verified the ink, so
 * the mark is a look.
 */
export function keyNearLookalikes(answer: string, keyAnswer: string, line: TextLine | undefined): boolean {
  const seen = answer.replace(/\s+/g, "");
  const digits = asDigits(seen);
  if (digits === seen || !/^\d+$/.test(digits)) return false;
  const own = line?.words?.filter((w) => answer.includes(w.text)) ?? [];
  if (!own.length || Math.min(...own.map((w) => w.confidence)) >= UNSURE_OCR) return false;
  return keyAnswersOf(keyAnswer).some((k) => /^\d+$/.test(k) && oneSlipApart(k, digits));
}

/** Why a mark short of full may be the key's answer misread: its look-alikes read as digits, or a letter like the key's. */
export function lookalikeDoubt(answer: string, keyAnswer: string, line: TextLine | undefined): string | undefined {
  if (keyBehindLookalikes(answer, keyAnswer)) return `"${answer}" may be the key's ${keyAnswer} with a digit misread.`;
  if (keyNearLookalikes(answer, keyAnswer, line)) return `"${answer}" may be the key's ${keyAnswer} misread.`;
  const plain = answer.replace(/\s+/g, "");
  const alike = /^\d+$/.test(plain)
    ? keyAnswersOf(keyAnswer)
        .map((k) => alikeDigits(k, plain))
        .find(Boolean)
    : undefined;
  if (alike) return `"${answer}" may be the key's ${keyAnswer}: a handwritten ${alike.written} is sometimes read as ${alike.read}.`;
  if (keyLetterBehindLookalike(answer, keyAnswer, line))
    return `"${answer}" may be the key's ${keyAnswer}, misread: the letters look alike.`;
  return undefined;
}

/** Capital letters a child's hand or a phone's blur makes one another ("G" read "C", "I" read "J"). */
const LETTERS_ALIKE = ["CG", "CO", "OQ", "OD", "DP", "EF", "PR", "BR", "BD", "IJ", "IL", "IT", "JL", "UV", "VY", "MN", "HN", "KX", "HK"];
/** A letter read at least this surely is the letter read. */
const LETTER_SURE = 0.7;

/**
 * A one-letter answer short of full, read unsurely (its word on `line`), whose letter looks like the key's ("C" where
 * the key is G): the mark is a look.
 */
export function keyLetterBehindLookalike(answer: string, keyAnswer: string, line: TextLine | undefined): boolean {
  const read = answer.trim().replace(/[.)]$/, "").toUpperCase();
  if (!/^[A-Z]$/.test(read)) return false;
  const own = line?.words?.filter((w) => w.text.replace(/[.)]$/, "").toUpperCase() === read) ?? [];
  if (!own.length || Math.min(...own.map((w) => w.confidence)) >= LETTER_SURE) return false;
  return keyAnswer
    .split(" or ")
    .map((k) => k.trim().toUpperCase())
    .some((k) => /^[A-Z]$/.test(k) && LETTERS_ALIKE.some((pair) => pair.includes(k) && pair.includes(read) && k !== read));
}

/**
 * A mark short of full on an answer PP-OCR alone read: where its look-alikes, read as the digits they stand for, spell
 * the key's answer ("5/4" for a written 514: a handwritten 1 read as "/"), the answer is read so and the mark is the
 * key's, a look (decision 0123): a child is likelier to have written the key than marks that only look like it.
 * Otherwise the mark stays, with the doubt `lookalikeDoubt` gives.
 */
export function lookalikeJudgement(
  question: KeyQuestion,
  answer: string,
  keyAnswer: string,
  line: TextLine | undefined,
  context: QuestionContext | undefined,
  match: Judgement,
): { judgement: Judgement; answer: string } {
  const read = asDigits(answer.replace(/\s+/g, ""));
  const asKey = keyBehindLookalikes(answer, keyAnswer) ? judgeAnswer(question, read, context) : undefined;
  if (asKey && asKey.credit >= 1)
    return { judgement: withDoubt(asKey, `Read "${answer}" as the key's ${read}: its marks look like digits.`), answer: read };
  return { judgement: withDoubt(match, lookalikeDoubt(answer, keyAnswer, line)), answer };
}
