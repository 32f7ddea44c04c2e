// Answers PP-OCR read alone that may be the key misread (judging/lookalikes.ts), and a child's slips against a
// reader's misreads (judging/slips.ts).
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../workers/grading/judging/grade";
import { keyBehindLookalikes, keyNearLookalikes, lookalikeDoubt } from "../../workers/grading/judging/lookalikes";
import { oneSlipApart } from "../../workers/grading/judging/slips";
import type { DocumentReading, ReadLine, ReadWord } from "../../workers/grading/reading/types";

const word = (text: string, x: number, width: number, confidence = 0.99): ReadWord => ({
  text,
  confidence,
  bbox: { x, y: 20, width, height: 60 },
});

describe("look-alikes and slips", () => {
  it("tells one slip apart from two", () => {
    // A digit changed, lost, added, or two neighbours swapped; not two changed, nor none.
    const pairs: [string, string, boolean][] = [
      ["292", "392", true],
      ["375", "35", true],
      ["35", "375", true],
      ["243", "234", true],
      ["292", "393", false],
      ["292", "292", false],
    ];
    for (const [a, b, apart] of pairs) expect(oneSlipApart(a, b), `${a} ${b}`).toBe(apart);
  });

  it("flags a wrong mark read unsurely whose look-alikes, read as digits, are one slip from the key ('1/6' for 110)", () => {
    const lineOf = (text: string, confidence: number) => ({ text, words: [word(text, 0, 60, confidence)] }) as ReadLine;
    // Dev clean pages: a written 110 PP-OCR read "1/6" at 0.77, a written 511 read "6/1" at 0.66.
    expect(keyNearLookalikes("1/6", "110", lineOf("1/6", 0.77))).toBe(true);
    expect(keyNearLookalikes("6/1", "511", lineOf("6/1", 0.66))).toBe(true);
    expect(lookalikeDoubt("1/6", "110", lineOf("1/6", 0.77))).toBe('"1/6" may be the key\'s 110 misread.');
    // Read surely, a fraction is what was written; nor is a fraction key's answer, or one two slips away, in sight.
    expect(keyNearLookalikes("1/6", "110", lineOf("1/6", 0.95))).toBe(false);
    expect(keyNearLookalikes("1/6", "1/5", lineOf("1/6", 0.77))).toBe(false);
    expect(keyNearLookalikes("1/6", "150", lineOf("1/6", 0.77))).toBe(false);
  });

  it("flags a wrong mark that PP-OCR alone read as the key with digits that look alike ('298' for a written 228)", () => {
    // A dev clean page: PP-OCR read "298" surely, the handwriting reader did not see it, so it stood as print.
    expect(lookalikeDoubt("298", "228", undefined)).toBe('"298" may be the key\'s 228: a handwritten 2 is sometimes read as 9.');
    expect(lookalikeDoubt("238", "228", undefined)).toBeUndefined(); // a 2 read as 3 is a child's slip
  });

  it("reads an answer whose look-alikes, read as digits, spell the key as the key: its mark, a look (0123)", () => {
    const answers: [string, string, boolean][] = [
      ["5/5", "515", true],
      ["/3", "13", true],
      ["5/2", "5/2", false],
      ["5/5", "1", false],
      ["515", "515", false],
    ];
    for (const [answer, key, behind] of answers) expect(keyBehindLookalikes(answer, key), `${answer} for ${key}`).toBe(behind);
    const key515 = parseAnswerKey("1. 515", { totalPoints: 1 });
    const line: ReadLine = {
      text: "1. 300 + 215 = 5/5",
      confidence: 0.98,
      bbox: { x: 0, y: 0, width: 300, height: 20 },
      words: ["1.", "300", "+", "215", "=", "5/5"].map((text, i) => ({
        text,
        confidence: 0.98,
        bbox: { x: i * 50, y: 0, width: 40, height: 20 },
      })),
    };
    const reading = {
      pages: [{ number: 1, text: line.text, lines: [line], width: 300, height: 20, confidence: 0.98, method: "ocr", durationMs: 0 }],
      text: line.text,
      confidence: 0.98,
      kind: "png",
      method: "ocr",
      durationMs: 0,
    } as unknown as DocumentReading;
    const graded = gradeSubmission({ reading, key: key515, assignment: { points: 1 } }).questions[0];
    expect(graded.pointsAwarded).toBe(1);
    expect(graded.studentAnswer).toBe("515");
    expect(graded.needsReview).toBe(true);
    expect(graded.reviewReason).toMatch(/Read "5\/5" as the key's 515: its marks look like digits\./);
  });
});
