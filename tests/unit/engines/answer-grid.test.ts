// An answer grid (answers/answer-grid.ts): the questions down the page, every answer in a numbered box of a grid
// below them; each box's words go to its question, whatever became of its label in reading.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { layoutLines } from "../../../workers/grading/answers/layout";
import { extractFromReading } from "../../../workers/grading/answers/student-work";
import type { ReadLine } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading, row as line } from "./ocr-pages";

const reading = (lines: ReadLine[]) => ocrReading(ocrPage(lines));

describe("an answer grid", () => {
  it("gives each box of an answer grid to its question, and leaves a second part numbered from 1 alone", () => {
    const key = "1. 56\n2. 3/4\n3. 850 cm\n4. B";
    // One line a text at the left margin, 60 px apart from y.
    const down = (y: number, texts: string[]) => texts.map((text, i) => line(y + 60 * i, [{ x: 130, text }]));
    const page = reading([
      ...down(100, [
        "Name: Omar Haddad",
        "1. What is 7 x 8?",
        "2. Write 6/8 in simplest form.",
        "3. How many centimeters are in 8.5 m?",
        "4. Which is a liquid?",
        "A) iron B) water C) salt",
        "Write your answers in the grid.",
      ]),
      line(600, [
        { x: 130, text: "1. 56" },
        { x: 700, text: "2. 3/4" },
        { x: 1250, text: "3. 850 cm" },
      ]),
      line(680, [{ x: 130, text: "4. B" }]),
    ]);
    const lines = layoutLines(page.pages[0]).map((l) => l.text);
    expect(lines).toEqual([
      "Name: Omar Haddad",
      "1. What is 7 x 8? 56",
      "2. Write 6/8 in simplest form. 3/4",
      "3. How many centimeters are in 8.5 m? 850 cm",
      "4. Which is a liquid? B",
      "A) iron B) water C) salt",
      "Write your answers in the grid.",
    ]);
    const work = extractFromReading(page, parseAnswerKey(key, { totalPoints: 8 }));
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 1: "56", 2: "3/4", 3: "850 cm", 4: "B" });
    // Part B numbered from 1 again, one question a row: not a grid, read as it stands.
    const parts = reading(down(200, ["1. What is 7 x 8? 56", "2. What is 9 x 3? 27", "Part B", "1. 6 + 6 = 12", "2. 8 - 3 = 5"]));
    expect(layoutLines(parts.pages[0]).map((l) => l.text)).toEqual(parts.pages[0]!.lines.map((l) => l.text));
  });

  it("reads an answer grid's boxes by column where a label was read into its answer, as a bare number or as a mark", () => {
    const key = "1. 56\n2. 3/4\n3. 850 cm\n4. 460\n5. B\n6. 25%\n7. 12\n8. 9";
    const down = (y: number, texts: string[]) => texts.map((text, i) => line(y + 60 * i, [{ x: 130, text }]));
    const questions = [
      "1. What is 7 x 8?",
      "2. Write 6/8 in simplest form.",
      "3. How many centimeters are in 8.5 m?",
      "4. Add 386 and 74.",
      "5. Which is a liquid?",
      "6. Write 1/4 as a percent.",
      "7. What is 3 x 4?",
      "8. What is 3 x 3?",
    ];
    // A row of the grid: its boxes at 130, 700 and 1250, as read.
    const boxes = (y: number, texts: string[]) =>
      line(
        y,
        texts.map((text, i) => ({ x: [130, 700, 1250][i]!, text })),
      );
    const page = reading([
      ...down(100, [...questions, "Write your answers in the grid."]),
      boxes(700, ["1. 56", "2. 3/4", "3.850 cm"]),
      // "4." read into its answer, "5." as "s.", "8" without its point.
      boxes(780, ["4.460", "s. B", "6. 25%"]),
      boxes(860, ["7. 12", "8 9"]),
    ]);
    const work = extractFromReading(page, parseAnswerKey(key, { totalPoints: 16 }));
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({
      1: "56",
      2: "3/4",
      3: "850 cm",
      4: "460",
      5: "B",
      6: "25%",
      7: "12",
      8: "9",
    });
    // A box whose label came out as a bare number and whose answer was not read is blank, not that number.
    const blank = reading([...down(100, questions), boxes(600, ["1. 56", "2. 3/4", "46"]), boxes(680, ["4. 460", "5. B", "6. 25%"])]);
    const answers = extractFromReading(blank, parseAnswerKey(key, { totalPoints: 16 })).answers;
    expect(answers.find((a) => a.number === 3)?.answer ?? "").toBe("");
    // A bare number as wide as a label and an answer, where "6." is due: the two read as one word, the box's answer.
    const merged = boxes(680, ["4. 460", "5. B", "44"]);
    merged.words.at(-1)!.bbox.width = 150;
    const swallowed = reading([...down(100, questions), boxes(600, ["1. 56", "2. 3/4", "3. 850 cm"]), merged]);
    const six = layoutLines(swallowed.pages[0]).find((l) => l.text.startsWith("6."));
    expect(six?.text).toBe("6. Write 1/4 as a percent. 44");
    expect(six?.words?.at(-1)?.confidence).toBeLessThan(0.5);
    // PP-OCR's reading of the same ink, where it opens with the label due, gives the answer.
    const ink = { text: "6. 25%", confidence: 0.89 };
    merged.words.at(-1)!.alternatives = { readings: [{ text: "44", probability: 0.75, share: 0.7 }], rest: 0.3, ocr: ink, why: "unsure" };
    const read = layoutLines(swallowed.pages[0]).find((l) => l.text.startsWith("6."));
    expect(read?.text).toBe("6. Write 1/4 as a percent. 25%");
  });
});
