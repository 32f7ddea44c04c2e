// A question left without an answer is surely blank only where the page holds no ink, read or not, that may be its
// answer: ink the reader found and could not read, between the question and the next one, flags the question.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { UNREAD_REASON } from "../../../workers/grading/judging/unclaimed";
import type { BoundingBox } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading, row } from "./ocr-pages";

const key = parseAnswerKey("1. 45\n2. 0.25\n3. 72", { totalPoints: 6 });
function graded(unread: BoundingBox[]) {
  const page = ocrPage([
    row(100, [{ x: 100, text: "1. What is 9 × 5?" }]),
    row(150, [{ x: 140, text: "Answer: 45" }]),
    row(250, [{ x: 100, text: "2. Write 1/4 as a decimal." }]),
    row(300, [{ x: 140, text: "Answer:" }]),
    row(400, [{ x: 100, text: "3. What is 8 × 9?" }]),
    row(450, [{ x: 140, text: "Answer:" }]),
  ]);
  const result = gradeSubmission({ reading: ocrReading({ ...page, unread }), key, assignment: { points: 6 } });
  return Object.fromEntries(result.questions.map((q) => [q.number, q.needsReview ? q.reviewReason : "sure"]));
}

describe("ink the reader could not read", () => {
  it("flags the blank question it lies under, and no other", () => {
    // A mark on question 2's answer line, right of "Answer:".
    expect(graded([{ x: 300, y: 295, width: 60, height: 40 }])).toEqual({ 1: "sure", 2: UNREAD_REASON, 3: "sure" });
    // Under the last question, down to the page's foot.
    expect(graded([{ x: 300, y: 600, width: 60, height: 40 }])).toEqual({ 1: "sure", 2: "sure", 3: UNREAD_REASON });
  });

  it("leaves blank questions sure on a page without unread ink, and answered ones as they are", () => {
    expect(graded([])).toEqual({ 1: "sure", 2: "sure", 3: "sure" });
    // Ink under question 1, which has its answer: nothing to flag.
    expect(graded([{ x: 300, y: 190, width: 60, height: 40 }])).toEqual({ 1: "sure", 2: "sure", 3: "sure" });
  });
});
