// Answers written in a column down the page's right, level with their questions: a multiple-choice question's
// answer beside its options, as a letter or as an option's text, read alone and as a set.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { answerPlaces } from "../../../workers/grading/answers/answer-places";
import { findTemplate } from "../../../workers/grading/answers/template";
import { questionContexts } from "../../../workers/grading/answers/question-context";
import { ocrPage, ocrReading, row } from "./ocr-pages";

/** A sheet of two multiple-choice questions and a number, each answer in the column at x 1300. */
function sheet(name: string, shape: string, liquid: string, product: string) {
  return ocrPage([
    row(60, [{ x: 100, text: "Grade 6 Review" }]),
    row(120, [{ x: 100, text: `Name: ${name}` }]),
    row(180, [
      { x: 100, text: "Write each answer in the Answers column." },
      { x: 1300, text: "Answers" },
    ]),
    row(260, [{ x: 100, text: "1. Which shape has three sides?" }]),
    row(310, [
      { x: 140, text: "A) square B) triangle C) pentagon" },
      { x: 1300, text: shape },
    ]),
    row(390, [{ x: 100, text: "2. Which is a liquid at room temperature?" }]),
    row(440, [
      { x: 140, text: "A) iron B) water C) salt D) sand" },
      { x: 1300, text: liquid },
    ]),
    row(520, [
      { x: 100, text: "3. What is 5 × 4?" },
      { x: 1300, text: product },
    ]),
  ]);
}
const key = parseAnswerKey("1. B\n2. B\n3. 20", { totalPoints: 6 });
const marks = (page: ReturnType<typeof sheet>, template?: ReturnType<typeof findTemplate>) =>
  gradeSubmission({ reading: ocrReading(page), key, assignment: { points: 6 }, template: template ?? undefined }).questions.map((q) => [
    q.studentAnswer,
    q.pointsAwarded,
  ]);

describe("an answers column", () => {
  it("keeps an option's own text among the options when the same text is written after them", () => {
    const lines = [
      { text: "1. Which shape has three sides?", student: "" },
      { text: "A) square B) triangle C) pentagon triangle", student: "triangle" },
    ];
    expect([...questionContexts(lines).get(1)!.options]).toEqual([
      ["A", "square"],
      ["B", "triangle"],
      ["C", "pentagon"],
    ]);
  });

  it("reads a letter set apart after a line of options as the question's answer, a page read alone", () => {
    expect(marks(sheet("Ava Patel", "B", "A", "20"))).toEqual([
      ["B", 2],
      ["A", 0],
      ["20", 2],
    ]);
  });

  it("reads, as a set, an option's text two children wrote at the same place as theirs, not print", () => {
    const pages = [
      sheet("Ava Patel", "B", "B", "20"),
      sheet("Liam Nguyen", "triangle", "water", "20"),
      sheet("Mia Chen", "C", "B", "21"),
      sheet("Noah Kim", "triangle", "B", "20"),
    ];
    const template = findTemplate(pages, ["B", "B", "20"], (p) => answerPlaces(p, key));
    expect(template).not.toBeNull();
    expect(pages.map((p) => marks(p, template))).toEqual([
      [
        ["B", 2],
        ["B", 2],
        ["20", 2],
      ],
      [
        ["triangle", 2],
        ["water", 2],
        ["20", 2],
      ],
      [
        ["C", 0],
        ["B", 2],
        ["21", 0],
      ],
      [
        ["triangle", 2],
        ["B", 2],
        ["20", 2],
      ],
    ]);
  });
});
