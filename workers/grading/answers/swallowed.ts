// A template that swallowed a right answer (docs/decisions/0041): the page read against it leaves a question
// empty where the page read alone has exactly the key's answer. A key answer is not printed on a worksheet, so a
// template that holds one at a student's place (a filled copy given as the blank, a set whose students all wrote
// it there) took the student's words for print: that page is read alone.
import type { AnswerKey } from "./answer-key";
import type { StudentWork } from "./student-work";

const loose = (text: string) => text.toLowerCase().replace(/[\s.,;:!?]+/g, "");

export function swallowedKeyAnswer(withTemplate: StudentWork, alone: StudentWork, key: AnswerKey | undefined): boolean {
  if (!key) return false;
  const kept = new Map(withTemplate.answers.map((a) => [a.number, a.answer]));
  return alone.answers.some((a) => {
    if (!a.answer || kept.get(a.number)) return false;
    const question = key.questions.find((q) => q.number === a.number);
    return !!question && question.accepted.some((k) => loose(k.raw) === loose(a.answer));
  });
}
