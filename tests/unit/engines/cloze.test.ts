// A cloze passage (docs/decisions/0111): sentences run on as a paragraph, each with a numbered blank inside it. The
// blanks are the questions, their numbers read in turn inside the lines; what is written on each is its answer, on a
// page read alone, on a class set's pages and typed.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { answerPlaces } from "../../../workers/grading/answers/answer-places";
import { clozeBlanks } from "../../../workers/grading/answers/cloze";
import { extractFromLines, extractFromReading, readingLines } from "../../../workers/grading/answers/student-work";
import { findTemplate } from "../../../workers/grading/answers/template";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import type { PageReading } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading, row } from "./ocr-pages";

const key = parseAnswerKey("1. 81\n2. honey\n3. 8.2\n4. 425\n5. Paris", { totalPoints: 10 });

/** A child's page: a passage of five blanks; each answer written just after its number (none when empty). */
function passage(name: string, answers: string[]): PageReading {
  const cells = (y: number, parts: [number, string][]) =>
    row(
      y,
      parts.filter(([, text]) => text).map(([x, text]) => ({ x, text })),
    );
  return ocrPage([
    row(100, [{ x: 100, text: "Weekly Quiz" }]),
    row(160, [{ x: 100, text: `Name: ${name}` }]),
    row(220, [{ x: 100, text: "Read the passage. Write the answer to each numbered blank on its line." }]),
    cells(300, [
      [100, "9 × 9 = (1)"],
      [340, answers[0]!],
      [560, ". Bees make (2)"],
      [900, answers[1]!],
      [1100, ". 8.217 rounded to the"],
    ]),
    cells(400, [
      [100, "nearest tenth is (3)"],
      [520, answers[2]!],
      [720, ". 373 + 52 = (4)"],
      [1080, answers[3]!],
      [1280, "."],
    ]),
    cells(500, [
      [100, "The capital of France is (5)"],
      [700, answers[4]!],
      [900, "."],
    ]),
  ]);
}

describe("a cloze passage", () => {
  it("takes each numbered blank for its question and what is written on it for the answer, on a page read alone", () => {
    const page = passage("Mina Ito", ["81", "", "8.2", "425", "Paris"]);
    expect(extractFromReading(ocrReading(page), key).answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "81"],
      [2, ""],
      [3, "8.2"],
      [4, "425"],
      [5, "Paris"],
    ]);
  });

  it("reads a number in pieces as one, and a blank's number read with the words round it", () => {
    const page = passage("Ben Baker", ["81", "honey", "", "", "Paris"]);
    // "is(3)": the number read with the word before it, its answer in two pieces; "141425": question 4's brackets
    // read as ones, with its answer.
    page.lines[4] = row(400, [
      { x: 100, text: "nearest tenth is(3)" },
      { x: 520, text: "8." },
      { x: 562, text: "2" },
      { x: 720, text: ". 373 + 52 =" },
      { x: 1000, text: "141425" },
      { x: 1280, text: "." },
    ]);
    expect(extractFromReading(ocrReading(page), key).answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "81"],
      [2, "honey"],
      [3, "8.2"],
      [4, "425"],
      [5, "Paris"],
    ]);
  });

  it("finds every child's answers on a class set's pages, a unanimous answer too", () => {
    const written = [
      ["81", "honey", "8.2", "425", "Paris"],
      ["81", "milk", "8.3", "", "Paris"],
      ["81", "honey", "", "415", "Paris"],
      ["81", "jam", "8.2", "425", "Rome"],
    ];
    const pages = written.map((answers, i) => passage(["Mina Ito", "Ben Baker", "Ana Lopez", "Leo Park"][i]!, answers));
    const template = findTemplate(
      pages,
      key.questions.flatMap((q) => q.accepted.map((a) => a.raw)),
      (p) => answerPlaces(p, key),
    );
    expect(template).not.toBeNull();
    const found = pages.map((p) => extractFromLines(readingLines(ocrReading(p), template!), key).answers.map((a) => a.answer));
    expect(found).toEqual(written);
  });

  it("grades a passage typed as text", () => {
    const text =
      "Fill in the blanks.\n9 × 9 = (1) 81. Bees make (2) honey. 8.217 rounded to the nearest\ntenth is (3) 8.2. 373 + 52 = (4) 415. The capital of France is (5) Paris.";
    const result = gradeSubmission({ text, key, assignment: { points: 10 } });
    expect(result.questions.map((q) => [q.studentAnswer, q.pointsAwarded])).toEqual([
      ["81", 2],
      ["honey", 2],
      ["8.2", 2],
      ["415", 0],
      ["Paris", 2],
    ]);
  });

  it("leaves a worksheet whose questions are numbered in brackets at each line's start as it is", () => {
    const lines = [
      row(300, [{ x: 100, text: "(1) What is 9 × 9? 81" }]),
      row(400, [{ x: 100, text: "(2) What do bees make? honey" }]),
      row(500, [{ x: 100, text: "(3) Round 8.217 to the nearest tenth. 8.2" }]),
    ];
    expect(clozeBlanks(lines)).toEqual(lines);
  });
});
