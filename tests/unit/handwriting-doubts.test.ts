// The looks at handwritten answers that the dev pages' wrong marks without a flag called for (judging/handwriting.ts,
// decisions 0126 and 0128): torn ink a page reader's unsure agreement settled, the key PP-OCR read in another count of
// digits, a reading that is the key with two digits or more lost, a 1 lost where PP-OCR read no digit, each reader
// losing another digit of the key, an 8 read as 6, an open 4 PP-OCR read "H". Readings stated by hand, as the two
// readers gave them.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../workers/grading/answers/answer-key";
import { verifyHandwriting } from "../../workers/grading/judging/handwriting";
import type { WordAlternatives } from "../../workers/grading/reading/types";

/** The verdict on a handwritten word read as the first of `readings`, PP-OCR having seen `ocr` at `confidence`. */
function verify(key: string, readings: [string, number][], ocr: string, confidence: number) {
  const alternatives: WordAlternatives = {
    readings: readings.map(([text, share]) => ({ text, share, probability: share })),
    rest: Math.max(0, 1 - readings.reduce((s, [, p]) => s + p, 0)),
    ocr: { text: ocr, confidence },
    why: "misread",
  };
  const q = parseAnswerKey(`1. ${key}`, { totalPoints: 1 }).questions[0]!;
  return verifyHandwriting(q, readings[0]![0], { text: readings[0]![0], alternatives }, undefined, key);
}

describe("looks at handwritten answers", () => {
  it("flags a full mark where the ink is torn between the key and a slip of it, unless PP-OCR read the key surely", () => {
    // A dev clean page: a written 224 (key 214) read "214" at 49% and "224" at 48%; PP-OCR saw "2 14" at 0.78.
    const torn: [string, number][] = [
      ["214", 0.493],
      ["224", 0.484],
      ["2161", 0.005],
    ];
    const unsure = verify("214", torn, "2 14", 0.78);
    expect(unsure.judgement.credit).toBe(1);
    expect(unsure.clear).toBe(false);
    expect(unsure.doubt).toContain('"224"');
    expect(verify("214", torn, "214", 0.99).clear).toBe(true);
    // Not when the ink leans clearly to the key.
    expect(
      verify(
        "214",
        [
          ["214", 0.8],
          ["224", 0.15],
        ],
        "2 14",
        0.78,
      ).clear,
    ).toBe(true);
  });

  it("flags a mark short of full when PP-OCR read the key itself, unsurely, in another count of digits than the ink's reading", () => {
    // A dev photo page: a written 362 read "34" at 81%; PP-OCR saw "362" at 0.48 (under the witness's 0.5).
    const ink: [string, number][] = [
      ["34", 0.808],
      ["36", 0.155],
      ["38", 0.017],
    ];
    const seen = verify("362", ink, "362", 0.48);
    expect(seen.judgement.credit).toBe(0);
    expect(seen.clear).toBe(false);
    expect(seen.doubt).toContain('The page reader saw "362"');
    // A dev phone page: a written 224 read "44" at 91%; PP-OCR saw "22 y" (its y a handwritten 4) at 0.38.
    expect(
      verify(
        "224",
        [
          ["44", 0.91],
          ["74", 0.026],
        ],
        "22 y",
        0.38,
      ).clear,
    ).toBe(false);
    // Not when PP-OCR read as many digits as the ink, nor when it was guessing.
    expect(verify("362", ink, "34", 0.48).clear).toBe(true);
    expect(verify("362", ink, "362", 0.2).clear).toBe(true);
  });

  it("flags a reading that is the key with two digits or more lost ('9' for a written 943), however sure", () => {
    const lost = verify("943", [["9", 0.999]], "9", 0.99);
    expect(lost.judgement.credit).toBe(0);
    expect(lost.clear).toBe(false);
    // A sure "9" for a key it is no part of is a clear wrong mark.
    expect(verify("38", [["9", 0.999]], "9", 0.99).clear).toBe(true);
  });

  it("flags the key with a 1 lost when PP-OCR read nothing there, and not when PP-OCR read as many marks", () => {
    // A dev2 clean page: a written 117 read "17" at 90% (here surer, so that the mark is not unsure anyway); PP-OCR read
    // nothing there.
    const ink: [string, number][] = [
      ["17", 0.97],
      ["19", 0.02],
      ["171", 0.005],
    ];
    const unseen = verify("117", ink, "", 0);
    expect(unseen.judgement.credit).toBe(0);
    expect(unseen.clear).toBe(false);
    // PP-OCR read the same two digits, or two marks: both readers counted two.
    expect(verify("117", ink, "17", 0.9).clear).toBe(true);
    expect(verify("117", ink, "Lz", 0.6).clear).toBe(true);
    // Another digit lost than a 1 ("23" for 203) is a child's slip as often as a misread.
    expect(verify("203", [["23", 0.99]], "", 0).clear).toBe(true);
  });

  it("flags a mark where each reader read the key with another digit lost ('29' and '79' for a written 279)", () => {
    // A dev2 phone page: the handwriting reader lost the 7, PP-OCR the 2.
    const ink: [string, number][] = [
      ["29", 0.941],
      ["39", 0.035],
    ];
    const apart = verify("279", ink, "79", 0.42);
    expect(apart.judgement.credit).toBe(0);
    expect(apart.clear).toBe(false);
    expect(apart.doubt).toContain('The page reader saw "79"');
    // Both lost the same digit: they agree.
    expect(verify("279", ink, "29", 0.42).clear).toBe(true);
  });

  it("marks a written 8 read surely as 6 as the key, a look", () => {
    // A dev2 clean page: a written 478 read "476" at 98%, PP-OCR "4 76" at 0.57.
    const verdict = verify(
      "478",
      [
        ["476", 0.976],
        ["478", 0.009],
      ],
      "4 76",
      0.57,
    );
    expect(verdict.judgement.credit).toBe(1);
    expect(verdict.clear).toBe(false);
    expect(verdict.doubt).toContain("a handwritten 8 is sometimes read as 6");
  });

  it("reads PP-OCR's H as the 4 it stands for: the key it saw puts the key in sight behind a sure misread", () => {
    // A dev2 phone snap: a written 431 read "131" at 95%, PP-OCR "H 31" at 0.70 (an open 4, read as a letter).
    const ink: [string, number][] = [
      ["131", 0.948],
      ["151", 0.029],
    ];
    const verdict = verify("431", ink, "H 31", 0.7);
    expect(verdict.judgement.credit).toBe(0);
    expect(verdict.clear).toBe(false);
    expect(verdict.doubt).toContain('The page reader saw "H 31"');
    // An H where the key has no 4 is no witness: a sure wrong answer stays clear ("57 H" for a written 574, key 573).
    expect(
      verify(
        "573",
        [
          ["574", 0.989],
          ["5574", 0.005],
        ],
        "57 H",
        0.54,
      ).clear,
    ).toBe(true);
  });
});
