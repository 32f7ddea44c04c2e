// Questions labelled "(i)", "(ii)" … are numbered in reading order, as the key lists them: numerals the reader
// misread or lost count by their place, and a question whose label was not read at all is found where its text starts.
import { describe, expect, it } from "vitest";
import { numberRoman, romanValue } from "../../../workers/grading/answers/roman";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { answerPlaces } from "../../../workers/grading/answers/answer-places";
import { findTemplate } from "../../../workers/grading/answers/template";
import { ocrPage, ocrReading, row } from "./ocr-pages";

const lines = (texts: string[]) => texts.map((text) => ({ text, confidence: 0.95 }));

/** A roman-numbered sheet as a reader gives it: each label at x 100 (none when ""), its text at 220, an answer under. */
function sheet(name: string, labels: string[], answers: string[]) {
  const questions = [
    "Add 455 and 59.",
    "What is 3 × 9?",
    "What is the capital of France?",
    "Write 6/42 in simplest form.",
    "How many centimeters are in 6.5 m?",
  ];
  return ocrPage([
    row(60, [{ x: 100, text: "Weekly Quiz" }]),
    row(120, [{ x: 100, text: `Name: ${name}` }]),
    row(180, [{ x: 100, text: "Write each answer on the line under its question." }]),
    ...questions.flatMap((q, i) => [
      row(260 + i * 120, [...(labels[i] ? [{ x: 100, text: labels[i]! }] : []), { x: 220, text: q }]),
      ...(answers[i] ? [row(310 + i * 120, [{ x: 260, text: answers[i]! }])] : []),
    ]),
  ]);
}
const key = parseAnswerKey("1. 514\n2. 27\n3. Paris\n4. 1/7\n5. 650 cm", { totalPoints: 10 });

describe("roman-numbered questions", () => {
  it("reads a numeral's value, and nothing from letters that spell none", () => {
    expect(["i", "ii", "iv", "vi", "viii", "ix", "xii", "vil"].map(romanValue)).toEqual([1, 2, 4, 6, 8, 9, 12, 7]);
    expect(["", "iiii", "vv", "iB", "M"].map(romanValue)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it("numbers them in reading order, numerals read short or lost counted by their place", () => {
    const page = lines([
      "(i) Add 455 and 59.",
      "514",
      "(i) What is 3 × 9?",
      "27",
      "() What is the capital of France?",
      "(iv) Write 6/42 in simplest form.",
    ]);
    expect(numberRoman(page).map((l) => l.text)).toEqual([
      "1. Add 455 and 59.",
      "514",
      "2. What is 3 × 9?",
      "27",
      "3. What is the capital of France?",
      "4. Write 6/42 in simplest form.",
    ]);
  });

  it("finds a question whose label was not read, or read as a word, where the labelled questions' text starts", () => {
    const page = sheet("Ava Patel", ["", "(ii)", "(M)", "(iv)", "(v)"], ["514", "27", "Paris", "1/7", "650 cm"]);
    const result = gradeSubmission({ reading: ocrReading(page), key, assignment: { points: 10 } });
    expect(result.questions.map((q) => [q.number, q.studentAnswer, q.pointsAwarded])).toEqual([
      [1, "514", 2],
      [2, "27", 2],
      [3, "Paris", 2],
      [4, "1/7", 2],
      [5, "650 cm", 2],
    ]);
  });

  it("takes a label each page of a set reads its own way for print, never the student's answer", () => {
    const pages = [
      sheet("Ava Patel", ["(i)", "(ii)", "(iii)", "(iv)", "(v)"], ["514", "27", "Paris", "1/7", "650 cm"]),
      sheet("Liam Nguyen", ["", "(i)", "(iB)", "(iv)", "(v)"], ["504", "", "Lyon", "1/7", "650"]),
      sheet("Mia Chen", ["()", "(ii)", "(i)", "(iv)", "()"], ["514", "28", "Paris", "2/14", "65 cm"]),
      sheet("Noah Kim", ["(i)", "()", "(ii)", "(iv)", "(vi)"], ["514", "27", "London", "1/8", "650 cm"]),
    ];
    const template = findTemplate(pages, ["514", "27", "Paris", "1/7", "650 cm"], (p) => answerPlaces(p, key))!;
    expect(template).toBeDefined();
    const read = pages.map((p) =>
      gradeSubmission({ reading: ocrReading(p), key, assignment: { points: 10 }, template }).questions.map((q) => q.studentAnswer),
    );
    expect(read).toEqual([
      ["514", "27", "Paris", "1/7", "650 cm"],
      ["504", null, "Lyon", "1/7", "650"],
      ["514", "28", "Paris", "2/14", "65 cm"],
      ["514", "27", "London", "1/8", "650 cm"],
    ]);
  });

  it("leaves numbered questions with roman parts, a page of two roman lines, and numerals out of order as they are", () => {
    const numbered = lines(["1. Answer both parts.", "(i) What is 9 × 5? 45", "(ii) What is 4 × 6? 24", "(iii) Name a mammal. whale"]);
    expect(numberRoman(numbered)).toEqual(numbered);
    const few = lines(["(i) What is 9 × 5? 45", "(ii) What is 4 × 6? 24"]);
    expect(numberRoman(few)).toEqual(few);
    const shuffled = lines(["(ix) What is 9 × 5? 45", "(iv) What is 4 × 6? 24", "(xii) Name a mammal. whale", "(i) 12"]);
    expect(numberRoman(shuffled)).toEqual(shuffled);
  });
});
