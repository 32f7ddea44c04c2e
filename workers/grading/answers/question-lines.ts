// A page's lines rewritten so that each question opens a line of its own with its number, as the answer finders
// (student-work.ts) take them: questions under headings (headed.ts), questions run on along a line cut apart
// (run-on.ts), a cloze passage's blanks (cloze.ts), questions lettered "a)", "b)" numbered in reading order
// (lettered.ts), questions labelled "(i)", "(ii)" numbered in reading order (roman.ts). The lines of other pages come
// back as they were.
import { clozeBlanks } from "./cloze";
import { headedQuestions } from "./headed";
import type { TextLine } from "./layout";
import { numberLettered } from "./lettered";
import { numberRoman } from "./roman";
import { runOnQuestions } from "./run-on";

export function questionLines<T extends TextLine>(lines: readonly T[]): T[] {
  return numberRoman(numberLettered(clozeBlanks(runOnQuestions(headedQuestions(lines)))));
}
