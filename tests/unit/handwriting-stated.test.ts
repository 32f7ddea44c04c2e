// The probability a handwritten mark states (judging/handwriting.ts, record 0130): what such marks earned on dev2, a
// clear mark apart from one the teacher is asked to look at, and a full mark to look at apart from one short of full.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../workers/grading/answers/answer-key";
import { verifyHandwriting } from "../../workers/grading/judging/handwriting";
import type { WordAlternatives } from "../../workers/grading/reading/types";

/** The verdict on a handwritten word read as the first of `readings` (PP-OCR saw `ocr` at 0.6), against `key`. */
function verdict(key: string, readings: [string, number][], ocr: string) {
  const alternatives: WordAlternatives = {
    readings: readings.map(([text, share]) => ({ text, share, probability: share })),
    rest: Math.max(0, 1 - readings.reduce((s, [, p]) => s + p, 0)),
    ocr: { text: ocr, confidence: 0.6 },
    why: "misread",
  };
  const question = parseAnswerKey(`1. ${key}`, { totalPoints: 1 }).questions[0]!;
  return verifyHandwriting(question, readings[0]![0], { text: readings[0]![0], alternatives }, undefined, key);
}

describe("the probability a handwritten mark states", () => {
  it("states a mark short of full, with the key in sight, as likely wrong as such marks were", () => {
    // Through the map that decides what is clear it stated 0.94; on dev2 such marks agreed 71% of the time.
    const inSight = verdict(
      "13",
      [
        ["12", 0.85],
        ["13", 0.08],
      ],
      "12",
    );
    expect(inSight.clear).toBe(false);
    expect(inSight.judgement.credit).toBe(0);
    expect(inSight.probability).toBeLessThan(0.8);
    expect(inSight.probability).toBeGreaterThan(0.5);
  });

  it("states a clear mark as sure as clear marks were (99.9% agreed on dev2), right or wrong", () => {
    for (const [reading, other] of [
      ["13", "18"],
      ["12", "17"],
    ]) {
      const clear = verdict(
        "13",
        [
          [reading!, 0.9],
          [other!, 0.05],
        ],
        reading!,
      );
      expect(clear.clear).toBe(true);
      expect(clear.probability).toBeGreaterThan(0.995);
    }
  });

  it("states a full mark to look at as likelier right than a mark short of full with the same doubt", () => {
    // The readers share no digit: PP-OCR's "45" is weighed, and the mark is a look (decision 0054).
    const full = verdict(
      "45",
      [
        ["72", 0.71],
        ["76", 0.14],
      ],
      "45",
    );
    const short = verdict(
      "46",
      [
        ["72", 0.71],
        ["76", 0.14],
      ],
      "45",
    );
    expect([full.clear, full.judgement.credit]).toEqual([false, 1]);
    expect([short.clear, short.judgement.credit]).toEqual([false, 0]);
    expect(full.probability).toBeGreaterThan(short.probability);
  });
});
