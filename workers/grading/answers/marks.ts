// A test paper prints each question's marks at the right margin, at the end of its answer line: "[2]", "[1 mark]",
// "(3 marks)". That is print, never the student's answer: read with the answer, "183 [2]" was no number, and on a
// set the "[2]" every page shares became each blank question's answer.
/**
 * A marks allocation ending a line: square brackets round a small number (and "mark(s)"), or "(N marks)"; on a photo
 * one bracket misread or lost, "[2", "2]", "(2]", "(2)" (tight: a child's answer between a worksheet's printed
 * brackets, "( 45 )", is spaced).
 */
const MARKS = /(?:^|\s)(?:\[\s*\d{1,2}(?:\s*marks?)?\s*[\])]?|\(?\d{1,2}\]|\(\d{1,2}[\])]|\(\s*\d{1,2}\s*marks?\s*[\])])\s*$/i;

/** The lines with the marks printed at their end left out; a line that held nothing else is left empty. */
export function withoutMarks<T extends { text: string; words?: { text: string }[] }>(lines: readonly T[]): T[] {
  return lines.map((line) => {
    const found = line.text.match(MARKS);
    if (!found) return line;
    const text = line.text.slice(0, found.index).trimEnd();
    if (!line.words?.length) return { ...line, text };
    // The words the marks were read as, from the end: as many as it takes to spell them.
    const words = [...line.words];
    let spelled = "";
    const target = found[0].replace(/\s+/g, "");
    while (words.length && spelled.length < target.length) spelled = words.pop()!.text.replace(/\s+/g, "") + spelled;
    return spelled === target ? { ...line, text, words } : line;
  });
}
