// A test paper's marks printed at the end of an answer line ("[2]", "(3 marks)") are print, never an answer.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { withoutMarks } from "../../../workers/grading/answers/marks";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { ocrPage, ocrReading, row } from "./ocr-pages";

describe("a test paper: its printed marks and its answer lines", () => {
  it("are left out of a line's end, in brackets or as words, and nowhere else", () => {
    const lines = ["183 [2]", "[1]", "Paris (3 marks)", "the [2] in the middle stays", "x [1 mark]", "[10] first", "( 45 )", "12 (4)"];
    // A bracket misread or lost on a photo.
    const photo = ["45 (2)", "70% [2)", "35 (2]", "8.0 [2", "3/8 2]"];
    expect(withoutMarks([...lines, ...photo].map((text) => ({ text, confidence: 1 }))).map((l) => l.text)).toEqual([
      "183",
      "",
      "Paris",
      "the [2] in the middle stays",
      "x",
      "[10] first",
      "( 45 )",
      "12",
      "45",
      "70%",
      "35",
      "8.0",
      "3/8",
    ]);
    const [read] = withoutMarks([row(100, [{ x: 100, text: "Paris (3 marks)" }])]);
    expect(read!.words!.map((w) => w.text)).toEqual(["Paris"]);
  });

  it("are no answer on a test paper read alone, whether the answer line is filled or blank", () => {
    const key = parseAnswerKey("1. 183\n2. 56\n3. B", { totalPoints: 6 });
    const page = ocrPage([
      row(100, [
        { x: 100, text: "1" },
        { x: 160, text: "Add 124 and 59." },
      ]),
      row(150, [
        { x: 900, text: "183" },
        { x: 1500, text: "[2]" },
      ]),
      row(220, [
        { x: 100, text: "2" },
        { x: 160, text: "What is 7 × 8?" },
      ]),
      row(270, [{ x: 1500, text: "[2]" }]),
      row(340, [
        { x: 100, text: "3" },
        { x: 160, text: "Which is a liquid?" },
      ]),
      row(390, [{ x: 160, text: "A) iron B) water C) salt" }]),
      row(440, [
        { x: 900, text: "B" },
        { x: 1500, text: "[2]" },
      ]),
    ]);
    const result = gradeSubmission({ reading: ocrReading(page), key, assignment: { points: 6 } });
    expect(result.questions.map((q) => [q.studentAnswer ?? "", q.pointsAwarded])).toEqual([
      ["183", 2],
      ["", 0],
      ["B", 2],
    ]);
  });

  it("takes answers on the answer lines at the right for the page's layout, not guesses, and one under a question otherwise for a guess", () => {
    const key = parseAnswerKey("1. 183\n2. 56\n3. B\n4. 12", { totalPoints: 8 });
    const paper = (x: number) =>
      ocrPage([
        row(100, [
          { x: 100, text: "1" },
          { x: 160, text: "Add 124 and 59." },
        ]),
        row(150, [
          { x, text: "183" },
          { x: 1500, text: "[2]" },
        ]),
        row(220, [
          { x: 100, text: "2" },
          { x: 160, text: "What is 7 × 8?" },
        ]),
        row(270, [
          { x, text: "56" },
          { x: 1500, text: "[2]" },
        ]),
        row(340, [
          { x: 100, text: "3" },
          { x: 160, text: "Which is a liquid?" },
        ]),
        row(390, [{ x: 160, text: "A) iron B) water C) salt" }]),
        row(440, [
          { x, text: "B" },
          { x: 1500, text: "[2]" },
        ]),
        row(510, [
          { x: 100, text: "4" },
          { x: 160, text: "What is 3 × 4?" },
        ]),
        row(560, [
          { x, text: "12" },
          { x: 1500, text: "[2]" },
        ]),
      ]);
    const graded = (x: number) => gradeSubmission({ reading: ocrReading(paper(x)), key, assignment: { points: 8 } }).questions;
    expect(graded(900).map((q) => [q.pointsAwarded, q.needsReview])).toEqual([
      [2, false],
      [2, false],
      [2, false],
      [2, false],
    ]);
    // Written at the margin under each question: the line under a question may be its continuation or its options.
    expect(graded(160).every((q) => q.pointsAwarded === 2 && q.needsReview)).toBe(true);
  });
});
