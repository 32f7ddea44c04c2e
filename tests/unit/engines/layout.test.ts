// Layout-aware answers: word boxes put two-column pages in reading order; each answer's confidence
// comes from its own words; blanks stay blank; wrapped questions stay one question; O against 0.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { layoutLines } from "../../../workers/grading/answers/layout";
import {
  extractFromLines,
  extractFromReading,
  extractStudentWork,
  fixLetterO,
  numbersInSequence,
} from "../../../workers/grading/answers/student-work";
import type { DocumentReading, ReadLine, ReadWord } from "../../../workers/grading/reading/types";

const answers = (text: string, keyText: string) =>
  Object.fromEntries(extractStudentWork(text, parseAnswerKey(keyText, { totalPoints: 10 })).answers.map((a) => [a.number, a.answer]));

/** A line of words laid out left to right from x, 20 px a character, the given confidences. */
function line(y: number, cells: { x: number; text: string; confidence?: number[] }[]): ReadLine {
  const words: ReadWord[] = [];
  for (const cell of cells) {
    let x = cell.x;
    cell.text.split(" ").forEach((text, i) => {
      words.push({ text, confidence: cell.confidence?.[i] ?? 0.95, bbox: { x, y, width: text.length * 20, height: 30 } });
      x += (text.length + 1) * 20;
    });
  }
  const x = words[0].bbox.x;
  const right = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
  return {
    text: words.map((w) => w.text).join(" "),
    confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
    bbox: { x, y, width: right - x, height: 30 },
    words,
  };
}

function reading(lines: ReadLine[]): DocumentReading {
  return {
    kind: "jpeg",
    method: "ocr",
    text: lines.map((l) => l.text).join("\n"),
    confidence: 0.9,
    durationMs: 1,
    pages: [{ number: 1, text: "", lines, width: 1700, height: 2200, confidence: 0.9, method: "ocr", durationMs: 1 }],
  };
}

describe("layout-aware answers", () => {
  it("reads a two-column page column by column", () => {
    const page = reading([
      line(100, [{ x: 130, text: "Name: Omar Haddad" }]),
      line(200, [
        { x: 130, text: "1. 7 + 5 = 12" },
        { x: 930, text: "4. 9 x 3 = 27" },
      ]),
      line(280, [
        { x: 130, text: "2. 40 - 8 = 32" },
        { x: 930, text: "5. 6 + 6 = 11" },
      ]),
      line(360, [
        { x: 130, text: "3. 18 ÷ 3 = 6" },
        { x: 930, text: "6. 8 x 8 = 64" },
      ]),
    ]);
    const lines = layoutLines(page.pages[0]).map((l) => l.text);
    expect(lines).toEqual([
      "Name: Omar Haddad",
      "1. 7 + 5 = 12",
      "2. 40 - 8 = 32",
      "3. 18 ÷ 3 = 6",
      "4. 9 x 3 = 27",
      "5. 6 + 6 = 11",
      "6. 8 x 8 = 64",
    ]);
    const work = extractFromReading(page, parseAnswerKey("1. 12\n2. 32\n3. 6\n4. 27\n5. 12\n6. 64", { totalPoints: 6 }));
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "12"],
      [2, "32"],
      [3, "6"],
      [4, "27"],
      [5, "11"],
      [6, "64"],
    ]);
    expect(work.answers.every((a) => a.matchedBy === "number")).toBe(true);
  });

  it("finds the second column by its questions' labels when rows join the columns' lines", () => {
    // The left column's question runs close to the right column's "7" (a gap of two word heights, its point lost),
    // and "8." shares its row with the left column's options: only "6." and "9." stand apart, yet both columns are
    // read whole, and the 7 is question 7's label.
    const page = reading([
      line(100, [{ x: 130, text: "Name: Omar Haddad" }]),
      line(200, [
        { x: 130, text: "1. Write 7/10 as a percent." },
        { x: 930, text: "6. Round 1.337 to the nearest tenth." },
      ]),
      line(240, [
        { x: 160, text: "Answer: 70%" },
        { x: 960, text: "Answer: 1.3" },
      ]),
      line(300, [
        { x: 130, text: "2. How many centimeters are in 4.5 m?" },
        { x: 930, text: "7 What is 9 x 3?" },
      ]),
      line(340, [
        { x: 160, text: "A) iron B) water C) salt D) sand" },
        { x: 930, text: "8. What is 6 x 6?" },
      ]),
      line(380, [
        { x: 160, text: "Answer: 450 cm" },
        { x: 960, text: "Answer: 36" },
      ]),
      line(440, [{ x: 930, text: "9. Write 6/48 in simplest form." }]),
      line(480, [
        { x: 130, text: "3. Which is a liquid?" },
        { x: 960, text: "Answer: 1/8" },
      ]),
    ]);
    expect(layoutLines(page.pages[0]).map((l) => l.text)).toEqual([
      "Name: Omar Haddad",
      "1. Write 7/10 as a percent.",
      "Answer: 70%",
      "2. How many centimeters are in 4.5 m?",
      "A) iron B) water C) salt D) sand",
      "Answer: 450 cm",
      "3. Which is a liquid?",
      "6. Round 1.337 to the nearest tenth.",
      "Answer: 1.3",
      "7. What is 9 x 3?",
      "8. What is 6 x 6?",
      "Answer: 36",
      "9. Write 6/48 in simplest form.",
      "Answer: 1/8",
    ]);
  });

  it("reads questions numbered across two columns question by question", () => {
    // Cards in a grid: 1 | 2 on the first row, 3 | 4 on the next; the left card's question wraps.
    const page = reading([
      line(100, [{ x: 130, text: "Name: Omar Haddad" }]),
      line(200, [
        { x: 130, text: "1. A baker has 12 trays of" },
        { x: 930, text: "2. What is 9 x 3?" },
      ]),
      line(240, [
        { x: 160, text: "rolls. How many rolls?" },
        { x: 960, text: "Answer: 27" },
      ]),
      line(280, [{ x: 160, text: "Answer: 96" }]),
      line(360, [
        { x: 130, text: "3. What is 6 x 6?" },
        { x: 930, text: "4. What is 7 x 8?" },
      ]),
      line(400, [
        { x: 160, text: "Answer: 36" },
        { x: 960, text: "Answer: 56" },
      ]),
    ]);
    expect(layoutLines(page.pages[0]).map((l) => l.text)).toEqual([
      "Name: Omar Haddad",
      "1. A baker has 12 trays of",
      "rolls. How many rolls?",
      "Answer: 96",
      "2. What is 9 x 3?",
      "Answer: 27",
      "3. What is 6 x 6?",
      "Answer: 36",
      "4. What is 7 x 8?",
      "Answer: 56",
    ]);
    const work = extractFromReading(page, parseAnswerKey("1. 96\n2. 27\n3. 36\n4. 56", { totalPoints: 4 }));
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "96"],
      [2, "27"],
      [3, "36"],
      [4, "56"],
    ]);
  });

  it("keeps an answer written beside its question on the question's line", () => {
    const page = reading([
      line(200, [
        { x: 130, text: "1. What is the capital of Italy?" },
        { x: 1200, text: "Rome" },
      ]),
    ]);
    expect(layoutLines(page.pages[0]).map((l) => l.text)).toEqual(["1. What is the capital of Italy? Rome"]);
    expect(extractFromReading(page).answers[0].answer).toBe("Rome");
  });

  it("keeps answers written on blanks before their questions' numbers on their rows (one column, not two)", () => {
    const key = "1. Paris\n2. 9/4\n3. 350 cm\n4. 1.7\n5. 4.4";
    // The answer on the blank at the left margin (if any), its question to the right.
    const row = (y: number, answer: string, question: string) =>
      line(y, [...(answer ? [{ x: 130, text: answer }] : []), { x: 600, text: question }]);
    const page = reading([
      row(200, "Paris", "1. What is the capital of France?"),
      row(280, "9/4", "2. Write 2 1/4 as an improper fraction."),
      row(360, "350 cm", "3. How many centimeters are in 3.5 m?"),
      row(440, "", "4. Round 1.658 to the nearest tenth."),
      row(520, "4.5", "5. Round 4.411 to the nearest tenth."),
    ]);
    expect(layoutLines(page.pages[0]).map((l) => l.text)[1]).toBe("9/4 2. Write 2 1/4 as an improper fraction.");
    const found = extractFromReading(page, parseAnswerKey(key, { totalPoints: 10 })).answers;
    expect(Object.fromEntries(found.map((a) => [a.number, a.answer]))).toEqual({ 1: "Paris", 2: "9/4", 3: "350 cm", 4: "", 5: "4.5" });
    expect(found[0].questionText).toBe("What is the capital of France?");
  });

  it("starts no question at a number the student wrote at the right margin, on a page registered on its template", () => {
    // Brackets at the right margin, the answer written between them: "183 )", "6. 1" read like labels.
    const row = (y: number, question: string, answer: string) =>
      line(y, [
        { x: 130, text: question },
        { x: 1300, text: answer },
      ]);
    const page = reading([
      row(200, "1. Add 124 and 59.", "183 )"),
      row(280, "2. Round 6.113 to the nearest tenth.", "6. 1"),
      row(360, "3. Add 242 and 62.", "( 304 )"),
      row(440, "4. Which shape has three sides?", "( C )"),
    ]);
    const lines = page.pages[0].lines;
    const theirs = new Set(lines.flatMap((l) => l.words.filter((w) => w.bbox.x >= 1300 && /\d|^C$/.test(w.text))));
    // Read alone, the numbers make a second column; the student's words start none.
    expect(layoutLines(page.pages[0]).map((l) => l.text)[0]).toBe("1. Add 124 and 59.");
    expect(layoutLines(page.pages[0], (w) => theirs.has(w)).map((l) => l.text)).toEqual(lines.map((l) => l.text));
    expect(answers("1. What is 124 + 59? ( 183 )", "1. 183")).toEqual({ 1: "183" });
    expect(answers("1. Which shape has three sides? (C\n2. Add 242 and 62. 304)", "1. C\n2. 304")).toEqual({ 1: "C", 2: "304" });
  });

  it("gives each answer the confidence of its own words, not its line's", () => {
    const page = reading([
      line(200, [{ x: 130, text: "1. What is 10% of 450?", confidence: [0.96, 0.95, 0.97, 0.96, 0.95, 0.94] }]),
      line(260, [{ x: 160, text: "Answer: 45", confidence: [0.97, 0.41] }]),
      line(340, [{ x: 130, text: "2. 9 x 3 = 27", confidence: [0.9, 0.92, 0.93, 0.91, 0.92, 0.97] }]),
    ]);
    const work = extractFromReading(page);
    expect(work.answers[0]).toMatchObject({ number: 1, answer: "45", readingConfidence: 0.41, source: "label", matchedBy: "number" });
    expect(work.answers[1]).toMatchObject({ number: 2, answer: "27", readingConfidence: 0.97, source: "inline" });
  });

  it("leaves a blank answer blank instead of taking the next question", () => {
    const work = extractStudentWork(
      ["1. Who painted the Mona Lisa?", "Answer: ______", "2. What is the longest river in Africa?", "Answer: Nile"].join("\n"),
      parseAnswerKey("1. Leonardo da Vinci\n2. Nile", { totalPoints: 2 }),
    );
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, ""],
      [2, "Nile"],
    ]);
  });

  it("joins a wrapped question's lines and finds the answer below them", () => {
    const work = extractFromLines(
      [
        "1. Sam reads 15 pages every evening for two full weeks. How many",
        "pages has he read at the end?",
        "Answer: 210 pages",
        "2. What is the capital of Italy?",
        "Answer: Rome",
      ].map((text) => ({ text, confidence: 0.9 })),
    );
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "210 pages"],
      [2, "Rome"],
    ]);
    const opened = extractFromLines(
      ["1. What does a bus carry on each trip when it", "makes six trips in one day?", "270", "2. 4 + 4 = 8"].map((text) => ({
        text,
        confidence: 0.9,
      })),
    );
    expect(opened.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "270"],
      [2, "8"],
    ]);
  });

  it("tells the letter O from the digit 0 by context", () => {
    expect(fixLetterO("C02")).toBe("CO2");
    expect(fixLetterO("N0")).toBe("NO");
    expect(fixLetterO("H20", ["H2O"])).toBe("H2O");
    expect(fixLetterO("H20")).toBe("H20");
    expect(fixLetterO("1O0")).toBe("100");
    expect(fixLetterO("20")).toBe("20");
    expect(fixLetterO("CO2")).toBe("CO2");
    const work = extractStudentWork(
      "1. Which gas do we breathe out?\nAnswer: C02\n2. 5 x 20 = 1O0",
      parseAnswerKey("1. CO2\n2. 100", { totalPoints: 2 }),
    );
    expect(work.answers.map((a) => a.answer)).toEqual(["CO2", "100"]);
  });
});

describe("question numbers misread as letters", () => {
  it("reads 'S.' at the start of a line as question 5 and 'l)' as question 1", () => {
    const work = extractStudentWork("l) 4 + 4 = 8\n4. 2 + 2 = 4\nS. Who painted the Mona Lisa?\nAnswer: Leonardo da Vinci");
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "8"],
      [4, "4"],
      [5, "Leonardo da Vinci"],
    ]);
  });

  it("reads 'S.18 ÷ 3 = 6' (the 5 read as S, the space after its point lost) as question 5", () => {
    const work = extractStudentWork(
      "4. 13 x 12 = 156\nS.18 ÷ 3 = 6\n6. 8 x 2 = 16",
      parseAnswerKey("4. 156\n5. 6\n6. 16", { totalPoints: 3 }),
    );
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [4, "156"],
      [5, "6"],
      [6, "16"],
    ]);
  });

  it("reads a serif 1 read as 'L.' as question 1, and gives an answer to question 1 when its number was read nowhere", () => {
    expect(answers("L. What is the formula for ammonia?\nAnswer: NH3", "1. NH3")).toEqual({ 1: "NH3" });
    const work = extractStudentWork(
      "Weekly Review\nL A jug holds 2 litres. How much is left in\nlitres?\nAnswer: 0.5 L\n2. 7 x 11 = 77",
      parseAnswerKey("1. 0.5 L\n2. 77", { totalPoints: 2 }),
    );
    expect(work.answers.map((a) => [a.number, a.answer, a.matchedBy])).toEqual([
      [1, "0.5 L", "guess"],
      [2, "77", "number"],
    ]);
    // Question 1's number read on the page: an answer above it is not question 1's.
    expect(answers("Worked example: 2 + 2\nAnswer: 4\n1. What is 3 + 3?\nAnswer: 6", "1. 6")).toEqual({ 1: "6" });
  });

  it("renumbers a question number misread as another digit when it breaks the sequence and comes twice", () => {
    // Two columns in reading order; the left column's handwritten 4 read as 9.
    const text = ["1. 2 + 2 = 4", "2. 3 + 3 = 6", "3. 4 + 4 = 8", "9. 6 × 2 = 12", "5. 1 + 1 = 2", "6. 7 - 2 = 5", "9. 30 ÷ 6 = 5"].join(
      "\n",
    );
    const work = extractStudentWork(text, parseAnswerKey("1. 4\n2. 6\n3. 8\n4. 12\n5. 2\n6. 5\n7. 1\n8. 1\n9. 5", { totalPoints: 9 }));
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "4"],
      [2, "6"],
      [3, "8"],
      [4, "12"],
      [5, "2"],
      [6, "5"],
      [9, "5"],
    ]);
    expect(work.duplicates).toEqual([]);
    // A number read once is left alone, and so is a gap with no number read twice to fill it.
    expect(numbersInSequence([1, 2, 3, 9, 5], () => true)).toEqual([1, 2, 3, 9, 5]);
    expect(numbersInSequence([1, undefined, 2, 9, 9, 5], () => true)).toEqual([1, undefined, 2, 9, 9, 5]);
    expect(numbersInSequence([1, 2, 3, 9, undefined, 5, 9], () => true)).toEqual([1, 2, 3, 4, undefined, 5, 9]);
    expect(numbersInSequence([7, 2, 3, 7], () => true)).toEqual([1, 2, 3, 7]);
  });
});
