// A test paper's answer lines: each question's answer on the line under it, every one starting at about the same
// place, well right of where the questions' words start (an "exam" layout: the answer line at the right of the next
// line). An answer taken from the line under its question is a guess worth a look (review flags) unless the page is
// laid out so: then it is where the page puts answers.
import { median } from "../reading/registration";
import type { BoundingBox } from "../reading/types";
import type { StudentAnswer } from "./student-work";

/** At least this many answers taken from the line under their questions, and this share of the page's answers. */
const LEAST = 3;
const SHARE = 0.75;
/** Of those, this share starts within `ALIGNED` text heights of their median start, `RIGHT_OF` heights or more right of the questions' start. */
const IN_COLUMN = 0.75;
const ALIGNED = 2;
const RIGHT_OF = 3;

interface Line {
  words?: { bbox?: BoundingBox }[];
}

/** The questions whose answer, taken from the line under them, stands in the page's column of answer lines. */
export function inAnswerColumn(answers: readonly StudentAnswer[], lines: readonly Line[]): Set<number> {
  const given = answers.filter((a) => a.answer);
  const start = (i: number) => lines[i]?.words?.[0]?.bbox;
  const under = given.filter((a) => a.source === "guess" && start(a.line));
  if (under.length < LEAST || under.length < SHARE * given.length) return new Set();
  const height = median(under.map((a) => start(a.line)!.height));
  const x = median(under.map((a) => start(a.line)!.x));
  // Where the questions' words start: the lines the answers' questions are on (the line before each answer's).
  const questionsAt = median(under.map((a) => start(a.line - 1)?.x ?? x));
  if (x - questionsAt < RIGHT_OF * height) return new Set();
  const aligned = under.filter((a) => Math.abs(start(a.line)!.x - x) <= ALIGNED * height);
  return aligned.length >= IN_COLUMN * under.length ? new Set(aligned.map((a) => a.number)) : new Set();
}
