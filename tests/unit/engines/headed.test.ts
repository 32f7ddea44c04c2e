// Questions under headings of their own (docs/decisions/0115): "Question 3" on a line alone, the question's text
// below, the answer in a box with "Answer" printed small in its corner, written lower than that word or beside it.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { headedQuestions } from "../../../workers/grading/answers/headed";
import { parseOptions } from "../../../workers/grading/answers/question-context";
import { extractFromLines, extractFromReading, readingLines } from "../../../workers/grading/answers/student-work";
import { findTemplate } from "../../../workers/grading/answers/template";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { questionFlagged } from "../../eval/grading/metrics";
import { ocrPage, ocrReading, row } from "./ocr-pages";

const key = parseAnswerKey("1. B\n2. 7/4\n3. 7/8\n4. 250 cm", { totalPoints: 8 });

/** A headed page: each question's heading, its text (and options), then its box's line(s) as read. */
function headedPage(boxes: string[][]) {
  const texts = [
    ["Which is a liquid at room temperature?", "A) iron B) water C) salt D) sand"],
    ["Write 1 3/4 as an improper fraction."],
    ["Write 28/32 in simplest form."],
    ["How many centimeters are in 2.5 m?"],
  ];
  let y = 200;
  const lines = [row(y, [{ x: 100, text: "Answer each question in its box." }])];
  texts.forEach((text, i) => {
    for (const t of [`Question ${i + 1}`, ...text]) lines.push(row((y += 60), [{ x: 100, text: t }]));
    // The label's line, and the answer's a little lower when it was read apart from it.
    boxes[i]!.forEach((t, k) => lines.push(row(y + 40 + 20 * k, [{ x: t.startsWith("Answer") ? 110 : 240, text: t }])));
    y += 100;
  });
  return ocrReading(ocrPage(lines));
}

describe("questions under headings of their own", () => {
  it("take their number from the heading, their answer from the box under them, labelled", () => {
    const reading = headedPage([["Answer", "B"], ["Answer 7/4"], ["Answer7/8"], ["Ansver 250 cm"]]);
    expect(extractFromReading(reading, key).answers.map((a) => [a.number, a.answer, a.source])).toEqual([
      [1, "B", "label"],
      [2, "7/4", "label"],
      [3, "7/8", "label"],
      [4, "250 cm", "label"],
    ]);
    const graded = gradeSubmission({ reading, key, assignment: { points: 8 } });
    expect(graded.questions.map((q) => [q.pointsAwarded, questionFlagged(q)])).toEqual([
      [2, false],
      [2, false],
      [2, false],
      [2, false],
    ]);
  });

  it("take their answers as a set, one written so close after its label that it was read with it", () => {
    const choice = parseAnswerKey("1. B\n2. 7/4\n3. 7/8\n4. 250 cm\n5. C", { totalPoints: 10 });
    const pages = [
      headedPage([["Answer", "B"], ["Answer 7/4"], ["Answer 7/8"], ["Answer 250 cm"]]),
      headedPage([["Answer", "A"], ["Answer 7/5"], ["Answer", "14/16"], ["Answer 25 cm"]]),
      headedPage([["AnswerC"], ["Answer 4/7"], ["Answer 7/8"], ["Answer", "250 cm"]]),
      headedPage([["Answer", "D"], ["Answer", "7/4"], ["Answer 6/8"], ["Answer 250"]]),
    ];
    const template = findTemplate(
      pages.map((p) => p.pages[0]!),
      ["B", "7/4", "7/8", "250 cm"],
    )!;
    expect(template).not.toBeNull();
    const answers = pages.map((p) => extractFromLines(readingLines(p, template), choice).answers.map((a) => a.answer));
    expect(answers).toEqual([
      ["B", "7/4", "7/8", "250 cm"],
      ["A", "7/5", "14/16", "25 cm"],
      ["C", "4/7", "7/8", "250 cm"],
      ["D", "7/4", "6/8", "250"],
    ]);
  });

  it("are left as they are with one heading alone, or a heading over a numbered line", () => {
    const one = [row(100, [{ x: 100, text: "Question 1" }]), row(160, [{ x: 100, text: "What is 6 × 7?" }])];
    expect(headedQuestions(one)).toEqual(one);
    const numbered = [
      row(100, [{ x: 100, text: "Question 1" }]),
      row(160, [{ x: 100, text: "1. What is 6 × 7?" }]),
      row(220, [{ x: 100, text: "Question 2" }]),
      row(280, [{ x: 100, text: "2. What is 6 × 8?" }]),
    ];
    expect(headedQuestions(numbered)).toEqual(numbered);
  });

  it("read an option whose bracket was lost between two that kept theirs", () => {
    expect([...parseOptions("A) iron B water C) salt D) sand")!]).toEqual([
      ["A", "iron"],
      ["B", "water"],
      ["C", "salt"],
      ["D", "sand"],
    ]);
    expect([...parseOptions("A) iron B) water C) salt D sand")!].at(-1)).toEqual(["D", "sand"]);
  });
});

describe("a number taken from a longer answer", () => {
  it("is held to the form the question asks", () => {
    const k = parseAnswerKey("1. 7/8", { totalPoints: 2 });
    const graded = gradeSubmission({ text: "1. Write 28/32 in simplest form.\ne 14/16", key: k, assignment: { points: 2 } });
    expect(graded.questions[0]!.pointsAwarded).toBe(1);
    expect(questionFlagged(graded.questions[0]!)).toBe(true);
  });
});
