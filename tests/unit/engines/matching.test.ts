// A matching exercise (issue 30's matching family): numbered questions after a short line for a letter, lettered
// answers in a column on the right. The letter a child writes sits above its line, higher than the print beside it;
// the right-hand column's "K. 6/7" is print, even where its letter is a key's answer.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { answerPlaces } from "../../../workers/grading/answers/answer-places";
import { layoutLines } from "../../../workers/grading/answers/layout";
import { extractFromLines } from "../../../workers/grading/answers/student-work";
import { findTemplate } from "../../../workers/grading/answers/template";
import { joinHandwriting } from "../../../workers/grading/reading/handwriting/words";
import { splitTallBox } from "../../../workers/grading/reading/ocr/tall-boxes";
import type { ReadLine, ReadWord } from "../../../workers/grading/reading/types";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { ocrPage, ocrReading, row } from "./ocr-pages";

/** A matching row: the letter written on the blank (if read), the question at 220, its option at 1300. */
const matchingRow = (y: number, letter: string, question: string, option: string) =>
  row(y, [...(letter ? [{ x: 130, text: letter }] : []), { x: 220, text: question }, { x: 1300, text: option }]);

const key = parseAnswerKey("1. K\n2. E\n3. H", { totalPoints: 6 });
const sheet = (letters: [string, string, string], y = 0) => [
  row(y + 100, [{ x: 130, text: "Match each question with its answer. Write the letter on the line." }]),
  matchingRow(y + 160, letters[0], "1. Write 24/28 in simplest form.", "K. 6/7"),
  matchingRow(y + 220, letters[1], "2. What is frozen water called?", "E. ice"),
  matchingRow(y + 280, letters[2], "3. Add 305 and 86.", "H. 391"),
  row(y + 340, [{ x: 1300, text: "L. 1/5" }]),
];

describe("a matching exercise", () => {
  it("takes no lettered option of the right-hand column for an answer where the child's letter was not read", () => {
    const answers = (letters: [string, string, string]) =>
      Object.fromEntries(extractFromLines(sheet(letters), key).answers.map((a) => [a.number, a.answer]));
    expect(answers(["K", "E", "H"])).toEqual({ 1: "K", 2: "E", 3: "H" });
    // Not "K. 6/7" (marked right, as it holds the key's letter), "E. ice", "H. 391", nor the last option below.
    expect(answers(["", "", ""])).toEqual({ 1: "", 2: "", 3: "" });
  });

  it("finds the child's letter, not the option's label, as where a page read alone has its answer", () => {
    const places = answerPlaces(ocrPage(sheet(["K", "B", ""])), key);
    expect([...places.words].map((w) => [w.text, w.bbox.x])).toEqual([
      ["K", 130],
      ["B", 130],
    ]);
  });

  it("finds the letter read apart and put at its row's end, and reads past a dash boxed from its ink", () => {
    const lines = sheet(["K", "E", "H"]);
    // Question 2's letter: the detector's box over it read "-", the letter's ink read alone and added after the row.
    lines[2] = row(220, [
      { x: 175, text: "-" },
      { x: 220, text: "2. What is frozen water called?" },
      { x: 1300, text: "E. ice" },
      { x: 130, text: "E" },
    ]);
    const answers = Object.fromEntries(extractFromLines(layoutLines(ocrPage(lines)), key).answers.map((a) => [a.number, a.answer]));
    expect(answers).toEqual({ 1: "K", 2: "E", 3: "H" });
  });

  it("flags a wrong letter read unsurely when it looks like the key's ('C' for G), and no other", () => {
    const letterKey = parseAnswerKey("1. G\n2. E\n3. H", { totalPoints: 6 });
    const graded = (letter: string, confidence: number) => {
      const lines = sheet([letter, "E", "H"]);
      lines[1]!.words[0]!.confidence = confidence;
      return gradeSubmission({ reading: ocrReading(ocrPage(lines)), key: letterKey, assignment: { points: 6 } }).questions[0]!;
    };
    expect(graded("C", 0.57)).toMatchObject({ pointsAwarded: 0, needsReview: true });
    expect(graded("C", 0.57).reviewReason).toMatch(/may be the key's G, misread/);
    // Read surely, or a letter that does not look like G: the mark stands without a look.
    expect(graded("C", 0.95)).toMatchObject({ pointsAwarded: 0, needsReview: false });
    expect(graded("K", 0.57)).toMatchObject({ pointsAwarded: 0, needsReview: false });
  });

  it("keeps the option labels in the template though their letters are the key's answers", () => {
    // The reference page (the median count of words: the last) has no letter read for question 1, whose key is K.
    const pages = [sheet(["", "E", "H"]), sheet(["", "E", "C"], 4), sheet(["J", "E", "H"], -3), sheet(["", "B", "H"], 2)].map((lines) =>
      ocrPage(lines),
    );
    const template = findTemplate(pages, ["K", "E", "H"], (p) => answerPlaces(p, key))!;
    const texts = template.words.map((w) => w.text);
    expect(texts).toEqual(expect.arrayContaining(["K.", "E.", "H.", "L."]));
    // The letters the children wrote are theirs, however many wrote the same.
    expect(template.words.filter((w) => w.bbox.x === 130 && w.bbox.y > 150)).toEqual([]);
  });
});

describe("a box tall for its page (tall-boxes.ts)", () => {
  /** A page with a letter written high at x 20–34, its blank's rule under it (x 10–90), then print at x 110–400. */
  function page(gap = 110, letterRight = 34, printRight = 400) {
    const width = 500;
    const height = 120;
    const data = new Uint8Array(width * height).fill(250);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = 20;
    };
    ink(20, letterRight, 10, 40); // the letter
    ink(10, 90, 60, 62); // the rule
    for (let x = gap; x < printRight; x += 24) ink(x, x + 16, 35, 55); // print, a space between letters
    return { data, width, height };
  }
  const box = { x: 5, y: 5, width: 400, height: 70 };

  it("cuts off a lone mark set apart by more than its text's height, the rule under a blank left out, each piece boxed to its ink", () => {
    const pieces = splitTallBox(page(), box, 40)!;
    expect(pieces).toHaveLength(2);
    const [letter, print] = pieces;
    expect(letter!.x).toBeLessThan(20);
    expect(letter!.x + letter!.width).toBeLessThan(60);
    expect(letter!.y + letter!.height).toBeLessThan(60);
    expect(print!.x).toBeGreaterThan(90);
    expect(print!.y).toBeGreaterThan(20);
  });

  it("leaves it whole when it is not tall for its page, its gaps are a space between words, it opens with a word, or no line follows", () => {
    expect(splitTallBox(page(), box, 60)).toBeUndefined();
    expect(splitTallBox(page(48), box, 40)).toBeUndefined();
    // A word written wide apart from what follows (an answer's letters spaced out) is read with it.
    expect(splitTallBox(page(140, 55), box, 40)).toBeUndefined();
    // A number written with its digits spaced out ("5. 8"): a mark, then no line of text.
    expect(splitTallBox(page(110, 34, 150), box, 40)).toBeUndefined();
  });
});

describe("the handwriting pass beside a matching letter", () => {
  it("leaves the question's label after the child's letter to PP-OCR", () => {
    const data = new Uint8Array(600 * 100).fill(250);
    for (let y = 30; y < 60; y++) for (let x = 60; x < 80; x++) data[y * 600 + x] = 25;
    const page = { data, width: 600, height: 100 };
    const words: ReadWord[] = [
      { text: "G", confidence: 0.95, bbox: { x: 10, y: 20, width: 30, height: 50 } },
      { text: "4.", confidence: 0.6, bbox: { x: 55, y: 20, width: 30, height: 50 } },
      { text: "What", confidence: 0.98, bbox: { x: 100, y: 20, width: 80, height: 50 } },
      { text: "is", confidence: 0.98, bbox: { x: 190, y: 20, width: 30, height: 50 } },
    ];
    const line: ReadLine = { text: "G 4. What is", confidence: 0.9, bbox: { x: 10, y: 20, width: 210, height: 50 }, words };
    const [read] = joinHandwriting(page, [line], 0.9);
    expect(read!.words.map((w) => w.text)).toEqual(["G", "4.", "What", "is"]);
    expect(read!.words[1]!.alternatives).toBeUndefined();
  });
});
