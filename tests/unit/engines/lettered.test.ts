// Questions lettered "a)", "b)" … (in parts under headings, each part from "a)" again) are numbered in reading order,
// as the key lists them; a part's heading is no answer; lettered options under numbered questions stay options.
import { describe, expect, it } from "vitest";
import { numberLettered } from "../../../workers/grading/answers/lettered";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";

const lines = (texts: string[]) => texts.map((text) => ({ text, confidence: 0.95 }));

describe("lettered questions", () => {
  it("numbers them in reading order across parts and empties the parts' headings", () => {
    const page = lines([
      "Practice Sheet",
      "Part A",
      "a) Write 7/10 as a percent. 70%",
      "b) Which organ pumps blood? C",
      "A) lungs B) liver C) heart",
      "C) What is 9 × 12? 108",
      "Part B",
      "a) What is the capital of France? Paris",
      "b) Round 9.883 to the nearest tenth. 9.9",
    ]);
    expect(numberLettered(page).map((l) => l.text)).toEqual([
      "Practice Sheet",
      "",
      "1. Write 7/10 as a percent. 70%",
      "2. Which organ pumps blood? C",
      "A) lungs B) liver C) heart",
      "3. What is 9 × 12? 108",
      "",
      "4. What is the capital of France? Paris",
      "5. Round 9.883 to the nearest tenth. 9.9",
    ]);
  });

  it("grades a lettered page by its key's numbers; a blank before a heading stays blank", () => {
    const key = parseAnswerKey("1. 70%\n2. 108\n3. Paris\n4. 9.9", { totalPoints: 8 });
    const text = [
      "Part A",
      "a) Write 7/10 as a percent. 70%",
      "b) What is 9 × 12?",
      "Part B",
      "a) What is the capital of France? Paris",
      "b) Round 9.883 to the nearest tenth. 9.9",
    ].join("\n");
    const result = gradeSubmission({ text, key, assignment: { points: 8 } });
    expect(result.questions.map((q) => [q.number, q.studentAnswer, q.pointsAwarded])).toEqual([
      [1, "70%", 2],
      [2, null, 0],
      [3, "Paris", 2],
      [4, "9.9", 2],
    ]);
  });

  it("leaves numbered questions and their lettered options, and a page of two lettered lines, as they are", () => {
    const numbered = lines(["1. Which organ pumps blood?", "a) lungs", "b) liver", "c) heart", "2. What is 9 × 5? 45"]);
    expect(numberLettered(numbered)).toEqual(numbered);
    const few = lines(["a) What is 9 × 5? 45", "b) What is 4 × 6? 24"]);
    expect(numberLettered(few)).toEqual(few);
    const shuffled = lines(["c) What is 9 × 5? 45", "a) What is 4 × 6? 24", "b) Name a mammal. whale", "e) 12"]);
    expect(numberLettered(shuffled)).toEqual(shuffled);
  });
});
