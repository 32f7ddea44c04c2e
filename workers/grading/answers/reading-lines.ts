// A read document's lines in reading order, as the answer finders take them; on a page of a class set, with what
// the student wrote on each line (the words the worksheet's template does not have there).
import type { DocumentReading, ReadWord } from "../reading/types";
import { cutFrom } from "./answer-grid";
import { chosenAnswer, chosenOption } from "./chosen";
import { layoutLines, type TextLine } from "./layout";
import { questionLines } from "./question-lines";
import { withoutMarks } from "./marks";
import { studentText } from "./rows";
import { studentWords, type WorksheetTemplate } from "./template";

/**
 * Every page's lines in reading order; with the worksheet's template, each line says what the student wrote on it
 * (a page that does not register on the template is read alone).
 */
export function readingLines(reading: DocumentReading, template?: WorksheetTemplate): TextLine[] {
  return reading.pages.flatMap((page) => {
    if (!page.lines.length) return withoutMarks(page.text.split("\n").map((t) => ({ text: t, confidence: page.confidence })));
    const marked = template ? studentWords(template, page) : null;
    const lines = layoutLines(page, marked ? (w) => marked.words.has(w) : undefined).map((l) => ({ ...l, page: page.number }));
    // An option circled or ticked on a page read alone: its letter, on a line of its own under the option's, is the
    // answer.
    // Each question opens a line with its number (question-lines.ts).
    if (!marked) return questionLines(lines.flatMap((l) => [l, ...chosenAnswer(l)]));
    const read = lines.map((l) => {
      // A word read across the print and the student's ink is cut in two, a question's label misread at its place
      // is the label (template.ts).
      const cut = marked.joined.size ? l.words?.flatMap((w) => marked.joined.get(w as ReadWord) ?? [w]) : l.words;
      const relabelled = cut?.some((w) => marked.relabelled.has(w as ReadWord));
      const words = relabelled ? cut!.map((w) => marked.relabelled.get(w as ReadWord) ?? w) : cut;
      const text = relabelled ? words!.map((w) => w.text).join(" ") : l.text;
      // A grid box's answer cut from its label ("8.460"): the student's when its source, or the part of it after the
      // printed label, is (answer-grid.ts).
      const theirs = (w: ReadWord) => {
        if (marked.words.has(w)) return true;
        const source = cutFrom.get(w);
        const after = source && marked.joined.get(source)?.[1];
        return !!source && (marked.words.has(source) || (!!after && marked.words.has(after)));
      };
      // An option chosen on a line of lettered options: its letter is what they wrote there (an option's words read a
      // little otherwise than on the template's pages are print, not theirs); circled words elsewhere, when the student
      // wrote nothing else on the line.
      const student = studentText(words ?? [], (w) => theirs(w as ReadWord));
      const written = (words ?? [])
        .filter((w) => theirs(w as ReadWord))
        .map((w) => w.text)
        .join(" ");
      return { ...l, text, words, student: chosenOption(words, true) ?? (student || (chosenOption(words) ?? student)), written };
    });
    return questionLines(read);
  });
}

/**
 * A typed page's lines: a test paper's marks at a line's end ("[2]") no answer (marks.ts), each question opening a
 * line with its number (question-lines.ts).
 */
export function typedLines(text: string): TextLine[] {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((t) => ({ text: t, confidence: 1 }));
  return questionLines(withoutMarks(lines));
}
