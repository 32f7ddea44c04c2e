// Doubts a verified handwritten answer settles (judging/handwriting.ts), and a last digit written apart from the rest
// reached by the answer's crop, a sign before it left out (reading/handwriting/reach.ts).
import { describe, expect, it } from "vitest";
import { seeded } from "../../scripts/handwriting/augment";
import { composeLine } from "../../scripts/handwriting/compose";
import { loadSplit, type LabelledDigit } from "../../scripts/handwriting/mnist";
import { parseAnswerKey } from "../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../workers/grading/judging/grade";
import { verifyHandwriting } from "../../workers/grading/judging/handwriting";
import { clearStart, inkReach } from "../../workers/grading/reading/handwriting/reach";
import type { ReadLine, WordAlternatives } from "../../workers/grading/reading/types";
import { ocrPage, ocrReading } from "./engines/ocr-pages";

/** A page holding "1. 100 + 44 =" and a handwritten word read `ocr` by PP-OCR with the readings given. */
function graded(keyAnswer: string, ocr: string, readings: [string, number][]) {
  const alternatives: WordAlternatives = {
    readings: readings.map(([text, share]) => ({ text, share, probability: share })),
    rest: Math.max(0, 1 - readings.reduce((s, [, p]) => s + p, 0)),
    ocr: { text: ocr, confidence: 0.9 },
    why: "answer",
  };
  const texts = ["1.", "100", "+", "44", "=", ocr];
  const line: ReadLine = {
    text: texts.join(" "),
    confidence: 0.95,
    bbox: { x: 0, y: 0, width: 300, height: 20 },
    words: texts.map((text, i) => ({
      text,
      confidence: i === texts.length - 1 ? 0.9 : 0.99,
      bbox: { x: i * 50, y: 0, width: 40, height: 20 },
      ...(i === texts.length - 1 ? { alternatives } : {}),
    })),
  };
  const reading = ocrReading({ ...ocrPage([line]), width: 300, height: 20 });
  const key = parseAnswerKey(`1. ${keyAnswer}`, { totalPoints: 1 });
  return gradeSubmission({ reading, key, assignment: { points: 1 } }).questions[0];
}

describe("doubts the ink settles", () => {
  it("does not flag a doubled digit read once when the ink clearly reads the shorter number", () => {
    // The child wrote 14 (the key is 144): the ink reads "14", the key's "144" is not among its readings.
    const sure = graded("144", "14", [
      ["14", 0.985],
      ["84", 0.01],
    ]);
    expect(sure.pointsAwarded).toBe(0);
    expect(sure.needsReview).toBe(false);
    expect(sure.confidence).toBeGreaterThan(0.9);
    // The ink unsure between 14 and the key's 144: flagged, as before.
    const unsure = graded("144", "14", [
      ["14", 0.6],
      ["144", 0.35],
    ]);
    expect(unsure.needsReview).toBe(true);
  });

  it("keeps the doubled-digit doubt for an answer PP-OCR read alone (no ink verified)", () => {
    const key = parseAnswerKey("1. 144", { totalPoints: 1 });
    const line: ReadLine = {
      text: "1. 14",
      confidence: 0.95,
      bbox: { x: 0, y: 0, width: 100, height: 20 },
      words: ["1.", "14"].map((text, i) => ({ text, confidence: 0.95, bbox: { x: i * 50, y: 0, width: 40, height: 20 } })),
    };
    const reading = ocrReading({ ...ocrPage([line]), width: 100, height: 20 });
    const q = gradeSubmission({ reading, key, assignment: { points: 1 } }).questions[0];
    expect(q.needsReview).toBe(true);
    expect(q.reviewReason).toMatch(/doubled digit/);
  });
});

describe("a last digit written apart", () => {
  const pool = new Map<number, LabelledDigit[]>();
  for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);

  /** "12" in pencil, then a "3" `gap` pixels further on, over a ruled answer line running under both. */
  function page(gap: number) {
    const twelve = composeLine(seeded(5), pool, "12").region;
    const three = composeLine(seeded(6), pool, "3").region;
    const width = twelve.width + gap + three.width + 200;
    const height = Math.max(twelve.height, three.height);
    const data = new Uint8Array(width * height).fill(250);
    const paint = (r: typeof twelve, x0: number) => {
      for (let y = 0; y < r.height; y++)
        for (let x = 0; x < r.width; x++) {
          const i = y * width + x0 + x;
          data[i] = Math.min(data[i], Math.round(250 * r.grey[y * r.width + x]));
        }
    };
    paint(twelve, 0);
    paint(three, twelve.width + gap);
    return { page: { data, width, height }, end: twelve.width, threeEnd: twelve.width + gap + three.width };
  }

  it("reaches on over a digit a little apart, and stops at a gap no number leaves", () => {
    const near = page(10);
    const textHeight = 0.5 * near.page.height;
    const reached = inkReach(near.page, 0, near.page.height, near.end, textHeight);
    expect(reached).toBeGreaterThan(near.end + 10);
    expect(reached).toBeLessThanOrEqual(near.threeEnd);
    const far = page(Math.round(3 * textHeight));
    expect(inkReach(far.page, 0, far.page.height, far.end, textHeight)).toBe(far.end);
  });

  it("starts a crop after a sign it would cut, and where it starts when nothing is cut", () => {
    // The right end of a "=" (two bars, 6 px of them in the crop), a gap, then pencil digits over their answer line.
    const { page: twelve } = page(10);
    const stub = 6;
    const gap = 8;
    const width = stub + gap + twelve.width;
    const data = new Uint8Array(width * twelve.height).fill(250);
    for (let y = 0; y < twelve.height; y++)
      data.set(twelve.data.subarray(y * twelve.width, (y + 1) * twelve.width), y * width + stub + gap);
    const bar = (y0: number) => {
      for (let y = y0; y < y0 + 3; y++) data.fill(20, y * width, y * width + stub);
    };
    bar(Math.round(0.35 * twelve.height));
    bar(Math.round(0.55 * twelve.height));
    const cut = { data, width, height: twelve.height };
    const start = clearStart(cut, 0, cut.height, 0, stub + gap, width);
    expect(start).toBeGreaterThanOrEqual(stub);
    expect(start).toBeLessThanOrEqual(stub + gap);
    // Starting on blank paper, or with no blank column before the word: the crop starts where it was.
    expect(clearStart(cut, 0, cut.height, stub + 2, stub + gap, width)).toBe(stub + 2);
    expect(clearStart(cut, 0, cut.height, 0, stub - 1, width)).toBe(0);
  });
});

describe("PP-OCR's sure number against the ink's reading", () => {
  it("doubts the ink's reading where PP-OCR surely read a number with its point that earns another mark", () => {
    // A table's answer cell: "5.8" written, PP-OCR read "5. 8" at 97%, the handwriting reader "2" (a phone snap, dev).
    const q = parseAnswerKey("1. 5.8", { totalPoints: 2 }).questions[0]!;
    const alternatives: WordAlternatives = {
      readings: [
        { text: "2", share: 0.87, probability: 0.91 },
        { text: "4", share: 0.11, probability: 0.08 },
      ],
      rest: 0.01,
      ocr: { text: "5. 8", confidence: 0.97 },
      why: "pencil",
    };
    const v = verifyHandwriting(q, "2", { text: "2", alternatives }, undefined, "5.8");
    expect(v.clear).toBe(false);
    // The two readers share no digit: PP-OCR's number is weighed too (decision 0071), and
    // both readings are shown.
    expect(v.judgement.credit).toBe(1);
    expect(v.doubt).toMatch(/reads "5\.8" \(\d+%\) or "2" \(\d+%\)/);
    const unsure = { ...alternatives, ocr: { text: "5. 8", confidence: 0.8 } };
    expect(verifyHandwriting(q, "2", { text: "2", alternatives: unsure }, undefined, "5.8").clear).toBe(false);
    // PP-OCR unsure and a digit in common ("3. 2"): the ink's reading stands. ("5. 2", one slip from the key in another
    // count of digits than the ink's "2", is a look: handwriting-verify.test.ts.)
    const near = { ...alternatives, ocr: { text: "3. 2", confidence: 0.8 } };
    expect(verifyHandwriting(q, "2", { text: "2", alternatives: near }, undefined, "5.8")).toMatchObject({ clear: true, answer: "2" });
  });
});
