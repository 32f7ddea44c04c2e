// Questions lettered "a)", "b)" … (in parts under headings, each part from "a)" again) are numbered in reading order,
// as the key lists them; a part's heading is no answer; lettered options under numbered questions stay options.
import { describe, expect, it } from "vitest";
import { numberLettered } from "../../../workers/grading/answers/lettered";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { answerPlaces } from "../../../workers/grading/answers/answer-places";
import { findTemplate } from "../../../workers/grading/answers/template";
import { ocrPage, ocrReading, row } from "./ocr-pages";

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

  it("keeps a wrong answer most of a set wrote at a lettered question's place out of the template", () => {
    const sheet = (name: string, lengths: string) =>
      ocrPage([
        row(60, [{ x: 100, text: "Lengths and sums review" }]),
        row(120, [
          { x: 100, text: "Name:" },
          { x: 240, text: name },
        ]),
        row(200, [{ x: 100, text: "Part A" }]),
        row(260, [
          { x: 100, text: "a) What is 7 × 8?" },
          { x: 1200, text: "56" },
        ]),
        row(320, [
          { x: 100, text: "b) How many centimeters are in 6.5 m?" },
          { x: 1200, text: lengths },
        ]),
        row(400, [{ x: 100, text: "Part B" }]),
        row(460, [
          { x: 100, text: "a) Round 7.94 to the nearest tenth." },
          { x: 1200, text: "7.9" },
        ]),
      ]);
    const key = parseAnswerKey("1. 56\n2. 650 cm\n3. 7.9", { totalPoints: 6 });
    // Three of four children made the same slip: "65 cm" recurs at its place, as print would.
    const lengths = ["65 cm", "6 m 50 cm", "65 cm", "65 cm"];
    const pages = lengths.map((l, i) => sheet(["Ava Patel", "Liam Nguyen", "Mia Chen", "Noah Kim"][i]!, l));
    const template = findTemplate(pages, ["56", "650 cm", "7.9"], (p) => answerPlaces(p, key))!;
    expect(template.words.map((w) => w.text)).not.toContain("65");
    const read = pages.map(
      (p) => gradeSubmission({ reading: ocrReading(p), key, assignment: { points: 6 }, template }).questions[1]!.studentAnswer,
    );
    expect(read).toEqual(lengths);
  });
});
