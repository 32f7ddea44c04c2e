// Writing no question took (docs/decisions/0091): on a page of a class set the template tells the student's words
// from print, so a question left without an answer while the child wrote something the answer finders gave to no
// question is not surely blank: the answer may be that writing, at a place the layout did not lead to.
import type { StudentAnswer, TextLine } from "../answers/student-work";

const alnum = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The student's writing on lines that gave no answer (not the name): empty without a template. */
export function unclaimedWriting(lines: TextLine[], answers: StudentAnswer[], studentName?: string): string[] {
  const claimed = new Set(answers.filter((a) => a.answer).map((a) => a.line));
  const name = alnum(studentName ?? "");
  return lines.flatMap((line, i) => {
    const own = line.student?.trim() ?? "";
    if (!alnum(own) || claimed.has(i) || (name && (name.includes(alnum(own)) || alnum(own).includes(name)))) return [];
    return [own];
  });
}

/** The review reason of a question with no answer found, beside writing no question took. */
export function unclaimedReason(writing: string[]): string {
  const shown = writing.slice(0, 3).map((w) => `"${w}"`);
  return `No answer found, but the page has writing no question took (${shown.join(", ")}${writing.length > 3 ? ", …" : ""}): the answer may be there.`;
}
