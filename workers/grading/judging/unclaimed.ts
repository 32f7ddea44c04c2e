// Writing no question took (docs/decisions/0091): on a page of a class set the template tells the student's words
// from print, so a question left without an answer while the child wrote something the answer finders gave to no
// question is not surely blank: the answer may be that writing, at a place the layout did not lead to.
import type { StudentAnswer, TextLine } from "../answers/student-work";
import type { DocumentReading } from "../reading/types";

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

/** The review reason of a question with no answer found, near ink the reader could not read. */
export const UNREAD_REASON = "No answer found, but ink the reader could not read lies near this question: the answer may be there.";

/**
 * Whether ink the reader could not read (PageReading.unread) lies near question `number`, left without an answer: on
 * its page, from its line (half a line above it, for an answer written beside it) down to the next line of another
 * question. Only on a page read by the local engine, with word boxes.
 */
export function unreadNear(reading: DocumentReading | undefined, lines: TextLine[], answers: StudentAnswer[], number: number): boolean {
  const own = answers.find((a) => a.number === number);
  const line = own && lines[own.line];
  const page = reading?.pages.find((p) => p.number === line?.page);
  if (!line || !page?.unread?.length) return false;
  const top = (l: TextLine | undefined) => {
    const boxes = l?.words?.flatMap((w) => (w.bbox ? [w.bbox] : [])) ?? [];
    return boxes.length ? { y: Math.min(...boxes.map((b) => b.y)), height: Math.max(...boxes.map((b) => b.height)) } : undefined;
  };
  const at = top(line);
  if (!at) return false;
  // The next question down the page: the nearest line below this one that another question was read on.
  const below = answers
    .filter((a) => a.number !== number && lines[a.line]?.page === line.page)
    .map((a) => top(lines[a.line])?.y ?? -Infinity)
    .filter((y) => y > at.y + at.height / 2);
  const end = below.length ? Math.min(...below) : Infinity;
  return page.unread.some((box) => {
    const middle = box.y + box.height / 2;
    return middle >= at.y - at.height / 2 && middle < end;
  });
}
