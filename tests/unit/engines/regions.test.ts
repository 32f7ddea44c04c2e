// Where each answer is on its page (issue 30, step 7): the words that spell it, wherever they sit on the line,
// and the box the review screens' crop is cut with.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { answerRegion, answerWords } from "../../../workers/grading/answers/regions";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import type { DocumentReading, ReadLine, ReadWord } from "../../../workers/grading/reading/types";

function word(text: string, x: number, y = 100): ReadWord {
  return { text, confidence: 0.95, bbox: { x, y, width: text.length * 10, height: 20 } };
}

function line(...words: ReadWord[]): ReadLine {
  const x = words[0].bbox.x;
  const right = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
  return {
    text: words.map((w) => w.text).join(" "),
    confidence: 0.95,
    bbox: { x, y: words[0].bbox.y, width: right - x, height: 20 },
    words,
  };
}

describe("answer regions", () => {
  it("finds the words that spell the answer, at the end of the line or in a blank inside it", () => {
    const after = {
      text: "3. 12 x 8 = 96",
      confidence: 1,
      words: [word("3.", 0), word("12", 40), word("x", 70), word("8", 90), word("=", 110), word("96", 130)],
    };
    expect(answerWords(after, "96").map((w) => w.text)).toEqual(["96"]);
    const blank = {
      text: "The capital is Paris of France",
      confidence: 1,
      words: [word("The", 0), word("capital", 40), word("is", 120), word("Paris", 150), word("of", 210), word("France", 240)],
    };
    expect(answerWords(blank, "Paris").map((w) => w.text)).toEqual(["Paris"]);
    const split = { text: "Answer: 12 cm", confidence: 1, words: [word("Answer:", 0), word("12", 90), word("cm", 120)] };
    expect(answerWords(split, "12 cm").map((w) => w.text)).toEqual(["12", "cm"]);
  });

  it("has no region without boxes (a typed document) or without an answer", () => {
    const lines = [{ text: "1. 4", confidence: 1, page: 1 }];
    expect(
      answerRegion(lines, { number: 1, answer: "4", readingConfidence: 1, line: 0, source: "inline", matchedBy: "number" }),
    ).toBeNull();
    expect(answerRegion(lines, undefined)).toBeNull();
  });

  it("gives each graded question the box of its answer on its page, with a margin", () => {
    const page = {
      number: 2,
      text: "",
      lines: [
        line(word("1.", 0, 50), word("What", 30, 50), word("is", 80, 50), word("6x7?", 110, 50), word("42", 400, 52)),
        line(word("2.", 0, 150), word("Name", 30, 150), word("a", 80, 150), word("colour", 100, 150)),
      ],
      width: 800,
      height: 1000,
      confidence: 0.95,
      method: "ocr" as const,
      durationMs: 0,
    };
    const reading: DocumentReading = { kind: "jpeg", method: "ocr", pages: [page], text: "", confidence: 0.95, durationMs: 0 };
    const result = gradeSubmission({ reading, key: parseAnswerKey("1. 42\n2. red", { totalPoints: 2 }), assignment: { points: 2 } });
    expect(result.questions[0].region).toEqual({ page: 2, x: 390, y: 47, width: 40, height: 30 });
    expect(result.questions[1].region).toBeNull();
  });
});
