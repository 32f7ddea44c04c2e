// Per-question review flags on read pages (0009, 0025): what a low reading confidence flags, and what it need not.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { reviewQuestion } from "../../../workers/grading/judging/review-flags";
import type { DocumentReading, ReadLine } from "../../../workers/grading/reading/types";

const box = { x: 0, y: 0, width: 1, height: 1 };
/** A read page: each line's words with their confidences ("2x:0.9 +:0.9 2:0.3"). */
function reading(lines: string[]): DocumentReading {
  const read: ReadLine[] = lines.map((line, i) => {
    const words = line.split(" ").map((w) => {
      const [text, confidence] = w.split(/:(?=[\d.]+$)/);
      return { text: text!, confidence: confidence ? Number(confidence) : 0.95, bbox: { ...box, x: i } };
    });
    return { text: words.map((w) => w.text).join(" "), confidence: 0.9, bbox: { ...box, y: i * 2 }, words };
  });
  const text = read.map((l) => l.text).join("\n");
  return {
    kind: "jpeg",
    method: "ocr",
    text,
    confidence: 0.9,
    durationMs: 1,
    pages: [{ number: 1, text, width: 100, height: 100, confidence: 0.9, method: "ocr", durationMs: 1, lines: read }],
  };
}

function grade(key: string, lines: string[]) {
  return gradeSubmission({ reading: reading(lines), key: parseAnswerKey(key, { totalPoints: 2 }), assignment: { points: 2 } })
    .questions[0]!;
}

describe("review flags", () => {
  it("does not drop the last term of an expression as a speck after the answer", () => {
    const q = grade("1. 2x + 2", ["1. Simplify 2(x + 1).", "Answer: 2x:0.9 +:0.9 2:0.3"]);
    expect(q).toMatchObject({ studentAnswer: "2x + 2", pointsAwarded: 2 });
  });

  it("does not flag a right answer in words for its low reading confidence; digits and wrong answers stay flagged", () => {
    expect(grade("1. Pacific Ocean", ["1. What is the largest ocean?", "Answer: the:0.9 Pacific:0.45 Ocean:0.9"])).toMatchObject({
      pointsAwarded: 2,
      needsReview: false,
    });
    expect(grade("1. 12", ["1. How many months are in a year?", "Answer: 12:0.45"])).toMatchObject({ needsReview: true });
    expect(grade("1. Pacific Ocean", ["1. What is the largest ocean?", "Answer: Atlantic:0.45"])).toMatchObject({
      pointsAwarded: 0,
      needsReview: true,
    });
    expect(
      reviewQuestion({ answered: true, status: "correct", lineConfidence: 0.9, wordConfidence: 0.3, rightInWords: true }).needsReview,
    ).toBe(false);
  });
});
