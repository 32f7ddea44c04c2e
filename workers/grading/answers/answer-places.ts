// Where a page read alone has its answers (docs/decisions/0061): the words the grader takes as each question's
// answer when it reads the page without a template. The template finder asks it of its reference page, so that
// what most students wrote at the same place (a unanimous answer, right or wrong) is never taken for print, and a
// key answer printed in a question ("Which is larger: 0.7 or 0.65?") is.
import type { AnswerKey } from "./answer-key";
import { layoutLines } from "./layout";
import { questionLines } from "./question-lines";
import type { PageReading, ReadWord } from "../reading/types";
import { extractFromLines } from "./student-work";
import { cutFrom } from "./answer-grid";
import { OPTION_LABEL } from "./template";

/** An answer longer than this is more likely a sentence read as one guess (a blank's whole line) than an answer. */
const MAX_WORDS = 4;

const alnum = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The page's answers as the grader reads it alone: each question's answer words, by question number. */
export interface AnswerPlaces {
  /** The words of every answer found (the latest run on its line that spells it). */
  words: Set<ReadWord>;
  /**
   * Whether every question that accepts this text as its answer has its answer at another place on the page:
   * the text is then printed where it stands (in a question, among options), not written.
   */
  answeredElsewhere(text: string): boolean;
}

export function answerPlaces(page: Pick<PageReading, "lines" | "width" | "confidence">, key?: AnswerKey): AnswerPlaces {
  // Each question opening a line with its number, as the grader finds it (question-lines.ts): else the answers of
  // lettered, headed, run-on and cloze questions have no place.
  const lines = questionLines(layoutLines(page));
  const work = extractFromLines(lines, key);
  const words = new Set<ReadWord>();
  const answered = new Set<number>();
  for (const a of work.answers) {
    const target = alnum(a.answer);
    if (!target || a.answer.trim().split(/\s+/).length > MAX_WORDS || !ofTheKeysKind(a.answer, key, a.number)) continue;
    const run = spelling((lines[a.line]?.words ?? []) as ReadWord[], target);
    if (!run) continue;
    // A grid box's answer cut from its label ("8.460") stands for the word as read (answer-grid.ts). An answer
    // written on a blank's rule takes the unit printed after the blank ("450 cm."): that word is print.
    const written = run.some((w) => w.onRule) ? run.filter((w) => w.onRule) : run;
    written.forEach((w) => words.add(cutFrom.get(w) ?? w));
    answered.add(a.number);
  }
  const loose = (text: string) => text.toLowerCase().replace(/[\s.,]+/g, "");
  const answeredElsewhere = (text: string) => {
    const t = loose(text);
    const accepting = (key?.questions ?? []).filter((q) =>
      q.accepted.some(
        (a) =>
          loose(a.raw) === t ||
          a.raw
            .trim()
            .split(/\s+/)
            .some((part) => loose(part) === t),
      ),
    );
    return accepting.length > 0 && accepting.every((q) => answered.has(q.number));
  };
  return { words, answeredElsewhere };
}

/**
 * An answer found where a number is asked holds a digit: a blank's printed unit read as its answer ("cm." on
 * "is the same as 450 cm.") is not where that question's answer is.
 */
function ofTheKeysKind(answer: string, key: AnswerKey | undefined, number: number): boolean {
  const question = key?.questions.find((q) => q.number === number);
  if (!question) return true;
  const numeric = question.accepted.every((a) => /\d/.test(a.raw));
  return !numeric || /\d/.test(answer);
}

/** The latest run of words on a line whose letters and digits are `target`'s. */
function spelling(words: ReadWord[], target: string): ReadWord[] | undefined {
  for (let end = words.length; end > 0; end--) {
    let joined = "";
    for (let start = end - 1; start >= 0; start--) {
      joined = alnum(words[start]!.text) + joined;
      // An option's label with its option after it ("K. 6/7" beside "K 11. Write 24/28 …") is print.
      if (joined === target && !(start === end - 1 && end < words.length && OPTION_LABEL.test(words[start]!.text)))
        return words.slice(start, end);
      if (joined.length > target.length) break;
    }
  }
  return undefined;
}
