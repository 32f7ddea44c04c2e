// Answers written by hand verified against the key (judging/handwriting.ts): readings stated by hand, as the
// handwriting reader and PP-OCR give them (how they are read: handwriting-join.test.ts).
import { describe, expect, it } from "vitest";
import { parseAnswerKey, type KeyQuestion } from "../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../workers/grading/judging/grade";
import { handwrittenWord, verifyHandwriting } from "../../workers/grading/judging/handwriting";
import { keyReadAsAlike, separatorAlike, slipInDoubt } from "../../workers/grading/judging/slips";
import type { DocumentReading, ReadWord, WordAlternatives } from "../../workers/grading/reading/types";

const word = (text: string, x: number, width: number, confidence = 0.99): ReadWord => ({
  text,
  confidence,
  bbox: { x, y: 20, width, height: 60 },
});

const key = parseAnswerKey("1. 13", { totalPoints: 1 });
const alternatives = (readings: [string, number][], ocr = "/3"): WordAlternatives => ({
  readings: readings.map(([text, share]) => ({ text, share, probability: share })),
  rest: Math.max(0, 1 - readings.reduce((s, [, p]) => s + p, 0)),
  ocr: { text: ocr, confidence: 0.6 },
  why: "misread",
});

/** The verdict on a handwritten word read as the first of `readings` (PP-OCR saw `ocr`), against the key's answer. */
const verifyRead = (question: KeyQuestion, readings: [string, number][], ocr: string, keyAnswer: string) =>
  verifyHandwriting(question, readings[0]![0], { text: readings[0]![0], alternatives: alternatives(readings, ocr) }, undefined, keyAnswer);

/** The verdict on a reading `text` of `key`'s question at `share` (PP-OCR saw the same), with one other reading beside it. */
const sureReading = (key: string, share: number, other: (text: string) => [string, number]) => (text: string) =>
  verifyRead(parseAnswerKey(`1. ${key}`, { totalPoints: 1 }).questions[0], [[text, share], other(text)], text, key);

describe("verify, don't only transcribe", () => {
  const q = key.questions[0];
  it("gives a mark the ink clearly supports, with the probability that it is right", () => {
    const right = verifyHandwriting(
      q,
      "13",
      {
        text: "13",
        alternatives: alternatives([
          ["13", 0.97],
          ["12", 0.02],
        ]),
      },
      undefined,
      "13",
    );
    expect(right.clear).toBe(true);
    expect(right.judgement.credit).toBe(1);
    expect(right.probability).toBeGreaterThan(0.9);
    const wrong = verifyHandwriting(
      q,
      "12",
      {
        text: "12",
        alternatives: alternatives(
          [
            ["12", 0.98],
            ["13", 0.01],
          ],
          "12",
        ),
      },
      undefined,
      "13",
    );
    expect(wrong.clear).toBe(true);
    expect(wrong.judgement.credit).toBe(0);
  });

  it("flags a number the ink does not tell apart from the key, both readings shown", () => {
    const v = verifyHandwriting(
      q,
      "12",
      {
        text: "12",
        alternatives: alternatives(
          [
            ["12", 0.6],
            ["13", 0.35],
          ],
          "12",
        ),
      },
      undefined,
      "13",
    );
    expect(v.clear).toBe(false);
    expect(v.doubt).toMatch(/reads "12" \(\d+%\) or "13" \(\d+%\)/);
  });

  it("weighs PP-OCR's number when the two readers share no digit, however sure the handwriting reader ('45' seen '72')", () => {
    const key45 = parseAnswerKey("1. 45", { totalPoints: 1 }).questions[0]!;
    const seen = (ocr: string) =>
      verifyRead(
        key45,
        [
          ["72", 0.71],
          ["76", 0.14],
        ],
        ocr,
        "45",
      );
    const disjoint = seen("45");
    expect(disjoint.judgement.credit).toBe(1);
    expect(disjoint.clear).toBe(false);
    expect(disjoint.answer).toBe("45");
    // A digit in common ("42" and "72"): the sure handwriting reading stands.
    expect(seen("42").answer).toBe("72");
  });

  it("flags a mark short of full when the key's answer is in sight, or one slip from an unsure reading", () => {
    // The ink gives 13 (the key) a few percent: the child may have written it.
    const inSight = verifyHandwriting(
      q,
      "12",
      {
        text: "12",
        alternatives: alternatives(
          [
            ["12", 0.85],
            ["13", 0.08],
          ],
          "12",
        ),
      },
      undefined,
      "13",
    );
    expect(inSight.judgement.credit).toBe(0);
    expect(inSight.clear).toBe(false);
    // 234 not listed at all, but the readings disagree on the first digit, just where a slip of the key would be.
    const slip = verifyHandwriting(
      parseAnswerKey("1. 234", { totalPoints: 1 }).questions[0],
      "534",
      {
        text: "534",
        alternatives: alternatives(
          [
            ["534", 0.51],
            ["334", 0.26],
            ["934", 0.22],
          ],
          "93 4",
        ),
      },
      undefined,
      "234",
    );
    expect(slip.clear).toBe(false);
    expect(slip.doubt).toMatch(/the key's 234/);
    // A sure slip is a wrong answer, marked without a look.
    const sure = verifyHandwriting(
      parseAnswerKey("1. 234", { totalPoints: 1 }).questions[0],
      "534",
      {
        text: "534",
        alternatives: alternatives(
          [
            ["534", 0.97],
            ["584", 0.02],
          ],
          "534",
        ),
      },
      undefined,
      "234",
    );
    expect(sure.clear).toBe(true);
  });

  it("doubts a reading that is the key with a digit lost unless it is read surely ('32' for a written 382)", () => {
    const q382 = parseAnswerKey("1. 382", { totalPoints: 1 }).questions[0];
    const read = (share: number) =>
      verifyRead(
        q382,
        [
          ["32", share],
          ["34", 0.99 - share],
        ],
        "", // PP-OCR read nothing there: the handwriting reader alone
        "382",
      );
    // Where two digits touch the reader can lose one: at 78% the lost 8 is in sight.
    const unsure = read(0.78);
    expect(unsure.judgement.credit).toBe(0);
    expect(unsure.clear).toBe(false);
    expect(unsure.doubt).toMatch(/the key's 382/);
    // Read surely, it is a wrong answer, marked without a look.
    expect(read(0.9).clear).toBe(true);
  });

  it("flags a sure reading that is the key with one digit the reader mistakes for another ('690' for a written 620)", () => {
    const sure = sureReading("620", 0.97, (text) => [`${text}1`, 0.02]);
    // A closed-loop 2 is read as 9, surely: the question is a look, and the mark the key's (0123), though the ink
    // does not list the key at all.
    const alike = sure("690");
    expect(alike.judgement.credit).toBe(1);
    expect(alike.answer).toBe("620");
    expect(alike.clear).toBe(false);
    expect(alike.doubt).toBe('The handwriting reads "690" (99%). Marked as the key\'s 620: a handwritten 2 is sometimes read as 9.');
    // A child's slip of one ("630", "610") and a 2 read as 1 are wrong answers, marked without a look.
    for (const slip of ["630", "610", "120"]) expect(sure(slip).clear).toBe(true);
    expect(keyReadAsAlike("620", "690")).toBe(true);
    expect(keyReadAsAlike("488", "489")).toBe(false); // an 8 written 9 is a slip of one, not a misread
    expect(keyReadAsAlike("488", "480")).toBe(true);
    expect(keyReadAsAlike("620", "6290")).toBe(false);
    // Each digit that differs a mistake the reader makes: a dev photo page's written 521 read "891" (5 as 8, 2 as 9).
    expect(keyReadAsAlike("521", "891")).toBe(true);
    expect(keyReadAsAlike("222", "929")).toBe(true);
    expect(keyReadAsAlike("521", "831")).toBe(false); // a 2 read as 3 is no such mistake
    expect(keyReadAsAlike("521", "521")).toBe(false);
  });

  it("gives the key's mark, a look, where the best reading is the key with digits the reader mistakes and the ink has the key", () => {
    const q420 = parseAnswerKey("1. 420", { totalPoints: 1 }).questions[0];
    const read = (readings: [string, number][]) => verifyRead(q420, readings, readings[0]![0], "420");
    const alike = read([
      ["490", 0.9],
      ["420", 0.05],
      ["430", 0.03],
    ]);
    expect(alike.judgement.credit).toBe(1);
    expect(alike.answer).toBe("420");
    expect(alike.clear).toBe(false);
    expect(alike.doubt).toBe('The handwriting reads "490" (95%). Marked as the key\'s 420: a handwritten 2 is sometimes read as 9.');
    // The key's and its look-alike's share together: the mark is likely right.
    expect(alike.probability).toBeGreaterThan(0.8);
    // A slip of one ("430", "410") is a wrong answer, marked as read.
    const slip = read([
      ["430", 0.9],
      ["420", 0.05],
    ]);
    expect(slip.judgement.credit).toBe(0);
    expect(slip.answer).toBe("430");
  });

  it("gives the key's mark, a look, where the best reading is the key's whole number with a mark read between its digits", () => {
    const read = sureReading("815", 0.95, () => ["815", 0.01]);
    const comma = read("8,15");
    expect(comma.judgement.credit).toBe(1);
    expect(comma.answer).toBe("815");
    expect(comma.clear).toBe(false);
    expect(comma.doubt).toMatch(/Marked as the key's 815: a stray mark between handwritten digits is sometimes read as a comma\.$/);
    const bar = read("8/5");
    expect(bar.judgement.credit).toBe(1);
    expect(bar.doubt).toMatch(/Marked as the key's 815: a handwritten 1 is sometimes read as "\/"\./);
    // Other digits with a mark between them are a wrong answer, as read.
    expect(read("8,16").judgement.credit).toBe(0);
    expect(separatorAlike("815", "8.15")).toMatch(/read as a point$/);
    expect(separatorAlike("8.15", "8.15")).toBeUndefined();
    expect(separatorAlike("815", "815")).toBeUndefined();
    expect(separatorAlike("815", "8/1/5")).toBeUndefined();
  });

  it("finds the handwritten word of an answer its look-alikes were read as digits in ('34l' answered as 341)", () => {
    const ink = alternatives(
      [
        ["396", 0.37],
        ["346", 0.34],
      ],
      "34l",
    );
    const line = {
      text: "3. 12 + 334 = 34l",
      confidence: 0.8,
      words: [word("=", 250, 30), { ...word("34l", 300, 60, 0.81), alternatives: ink }],
    };
    expect(handwrittenWord(line, "341")).toEqual({ text: "341", alternatives: ink });
    expect(handwrittenWord(line, "342")).toBeUndefined();
  });

  it("doubts a slip only where the ink is unsure: a key differing at a place all readings agree on is not in sight", () => {
    const q761 = parseAnswerKey("1. 761", { totalPoints: 1 }).questions[0];
    // The readings disagree on the middle digit (6 or 5); all of them start with 8, where the key's 7 would be: the
    // best reading's share alone (56%) would have flagged it.
    const readings: [string, number][] = [
      ["861", 0.56],
      ["851", 0.435],
    ];
    const v = verifyHandwriting(q761, "861", { text: "861", alternatives: alternatives(readings, "") }, undefined, "761");
    expect(v.judgement.credit).toBe(0);
    expect(v.clear).toBe(true);
    const judged = readings.map(([reading, p]) => ({ reading, p }));
    expect(slipInDoubt("761", "861", judged)).toBeCloseTo(0.995);
    // Unsure just there: a key differing at the middle digit (871) is in doubt.
    expect(slipInDoubt("871", "861", judged)).toBeCloseTo(0.56);
    // A lost digit shifts every place: the best reading's own share.
    expect(slipInDoubt("8610", "861", judged)).toBeCloseTo(0.56);
    expect(slipInDoubt("999", "861", judged)).toBe(1);
  });

  it("counts PP-OCR's capital Y for a handwritten 4 as a witness to the 4 ('Y13' for 413)", () => {
    const q413 = parseAnswerKey("1. 413", { totalPoints: 1 }).questions[0];
    const readings: [string, number][] = [
      ["413", 0.6],
      ["423", 0.29],
      ["433", 0.08],
    ];
    const seen = verifyHandwriting(q413, "413", { text: "413", alternatives: alternatives(readings, "Y13") }, undefined, "413");
    expect(seen.judgement.credit).toBe(1);
    expect(seen.clear).toBe(true);
    // Without the witness, the ink alone leaves it a look.
    const alone = verifyHandwriting(q413, "413", { text: "413", alternatives: alternatives(readings, "") }, undefined, "413");
    expect(alone.clear).toBe(false);
  });

  it("flags a mark short of full when PP-OCR read the key's answer itself ('681' where the ink reads '61')", () => {
    const q681 = parseAnswerKey("1. 681", { totalPoints: 1 }).questions[0];
    const read = (confidence: number) => {
      const a = {
        ...alternatives(
          [
            ["61", 0.977],
            ["41", 0.01],
          ],
          "681",
        ),
        ocr: { text: "681", confidence },
      };
      return verifyHandwriting(q681, "61", { text: "61", alternatives: a }, undefined, "681");
    };
    const sure = read(0.92);
    expect(sure.judgement.credit).toBe(0);
    expect(sure.clear).toBe(false);
    expect(sure.doubt).toContain('The page reader saw "681"');
    // PP-OCR guessing is no witness to the key (from 0.3 it reads another count of digits than the ink: 0126).
    expect(read(0.2).clear).toBe(true);
  });

  it("flags a mark short of full when PP-OCR read the key with digits that look alike ('195' for a key of 125)", () => {
    // A dev clean page: a written 125 the handwriting reader read "15" at 85%; PP-OCR saw "195" at 0.96 (its 2 as 9).
    const read = (key: string) => {
      const q = parseAnswerKey(`1. ${key}`, { totalPoints: 1 }).questions[0];
      const a = { ...alternatives([["15", 0.995]], "195"), ocr: { text: "195", confidence: 0.96 } };
      return verifyHandwriting(q, "15", { text: "15", alternatives: a }, undefined, key);
    };
    expect(read("125").clear).toBe(false);
    expect(read("125").doubt).toContain('The page reader saw "195"');
    // A 7 and a 3 are not read as 1 and 9: PP-OCR's "195" is no witness to a key of 735.
    expect(read("735").clear).toBe(true);
  });

  it("weighs PP-OCR's agreement only when PP-OCR was fairly sure: a guess that agrees settles no slip", () => {
    // A dev phone page: a written 309 read "359" at 53% and "3159" at 34%; PP-OCR guessed "359" at 0.34.
    const q = parseAnswerKey("1. 309", { totalPoints: 1 }).questions[0];
    const readings: [string, number][] = [
      ["359", 0.534],
      ["3159", 0.342],
      ["3179", 0.026],
      ["259", 0.015],
      ["357", 0.011],
      ["309", 0.0086],
    ];
    const read = (confidence: number) =>
      verifyHandwriting(
        q,
        "359",
        { text: "359", alternatives: { ...alternatives(readings, "359"), ocr: { text: "359", confidence } } },
        undefined,
        "309",
      );
    expect(read(0.34).judgement.credit).toBe(0);
    expect(read(0.34).clear).toBe(false);
    expect(read(0.34).doubt).toMatch(/"359"/);
    // Fairly sure, PP-OCR's "359" is a second witness: the 5 is settled, and the mark is clear.
    expect(read(0.9).clear).toBe(true);
  });

  it("flags a mark short of full when PP-OCR read the key with one slip, in another count of digits than the ink's reading", () => {
    // A dev photo page: a written 309 the handwriting reader read "3159" at 74%; PP-OCR saw "339" at 0.47.
    const q = parseAnswerKey("1. 309", { totalPoints: 1 }).questions[0];
    const read = (ocr: string, confidence: number) => {
      const a = {
        ...alternatives(
          [
            ["3159", 0.739],
            ["89", 0.072],
            ["3139", 0.051],
            ["3179", 0.049],
            ["3157", 0.08],
          ],
          ocr,
        ),
        ocr: { text: ocr, confidence },
      };
      return verifyHandwriting(q, "3159", { text: "3159", alternatives: a }, undefined, "309");
    };
    const seen = read("339", 0.47);
    expect(seen.judgement.credit).toBe(0);
    expect(seen.clear).toBe(false);
    expect(seen.doubt).toContain('The page reader saw "339"');
    // Not when PP-OCR was unsure, read as many digits as the ink, or read a number two slips from the key.
    expect(read("339", 0.2).clear).toBe(true);
    expect(read("3359", 0.47).clear).toBe(true);
    expect(read("358", 0.47).clear).toBe(true);
  });

  it("flags a mark short of full when PP-OCR read the key's digits with a point among them ('72 . 5' for a key of 725)", () => {
    // A dev clean page: the handwriting reader lost the written 7 and read "25" surely; PP-OCR read "72 . 5" at 0.84.
    const read = (key: string, ocr: string) => {
      const q = parseAnswerKey(`1. ${key}`, { totalPoints: 1 }).questions[0];
      const a = { ...alternatives([["25", 0.995]], ocr), ocr: { text: ocr, confidence: 0.84 } };
      return verifyHandwriting(q, "25", { text: "25", alternatives: a }, undefined, key);
    };
    const seen = read("725", "72 . 5");
    expect(seen.judgement.credit).toBe(0);
    expect(seen.clear).toBe(false);
    expect(seen.doubt).toContain('The page reader saw "72 . 5"');
    // A key with a point of its own is read as written: "7.25" is not the "72.5" PP-OCR saw.
    expect(read("7.25", "72 . 5").clear).toBe(true);
  });

  it("flags a full mark when PP-OCR read another number of the key's length that the ink supports too ('298' for 238)", () => {
    // A dev phone page: a written 228 the handwriting reader read as the key's 238 at 91%; PP-OCR saw "298" at 0.69.
    const q238 = parseAnswerKey("1. 238", { totalPoints: 1 }).questions[0];
    const read = (ocr: string, confidence: number, listed: number) => {
      const a = {
        ...alternatives(
          [
            ["238", 0.905],
            ["228", 0.034],
            ["298", listed],
          ],
          ocr,
        ),
        ocr: { text: ocr, confidence },
      };
      return verifyHandwriting(q238, "238", { text: "238", alternatives: a }, undefined, "238");
    };
    const doubted = read("298", 0.69, 0.015);
    expect(doubted.judgement.credit).toBe(1);
    expect(doubted.clear).toBe(false);
    expect(doubted.doubt).toContain('The page reader saw "298"');
    // Not when the ink gives PP-OCR's number no share, nor when PP-OCR was unsure, nor when it read the key.
    expect(read("298", 0.69, 0.001).clear).toBe(true);
    expect(read("298", 0.3, 0.015).clear).toBe(true);
    expect(read("238", 0.69, 0.015).clear).toBe(true);
  });

  it("never marks a wrong answer right unflagged when PP-OCR's misread spells the key ('12' read '13')", () => {
    const line = {
      text: "1. 13",
      confidence: 0.9,
      words: [
        { text: "1.", confidence: 0.99 },
        {
          text: "13",
          confidence: 0.9,
          alternatives: alternatives(
            [
              ["12", 0.7],
              ["13", 0.25],
            ],
            "13",
          ),
        },
      ],
    };
    const reading = {
      pages: [{ number: 1, text: "1. 13", lines: [], width: 0, height: 0, confidence: 0.9, method: "ocr", durationMs: 0 }],
      text: "1. 13",
      confidence: 0.9,
      kind: "png",
      method: "ocr",
      durationMs: 0,
    } as unknown as DocumentReading;
    reading.pages[0].lines = [
      {
        ...line,
        bbox: { x: 0, y: 0, width: 100, height: 20 },
        words: line.words.map((w, i) => ({ ...w, bbox: { x: i * 40, y: 0, width: 30, height: 20 } })),
      },
    ];
    const graded = gradeSubmission({ reading, key, assignment: { points: 1 } }).questions[0];
    expect(graded.pointsAwarded === 1 && !graded.needsReview).toBe(false);
    expect(graded.reviewReason).toMatch(/handwriting/);
  });

  it("weighs the key's answer above any one other number, and flags the mark when the ink alone leans the other way", () => {
    const as12 = (readings: [string, number][]) =>
      verifyHandwriting(q, "12", { text: "12", alternatives: alternatives(readings, "") }, undefined, "13");
    // The ink leans to "12", but a child is likelier to have written the key's "13" than any one other number.
    const near = as12([
      ["12", 0.55],
      ["13", 0.4],
    ]);
    expect(near.judgement.credit).toBe(1);
    expect(near.clear).toBe(false);
    expect(near.doubt).toMatch(/"12"/);
    // The same ink with "13" far behind: no prior turns it into the key's answer.
    const far = as12([
      ["12", 0.85],
      ["13", 0.1],
    ]);
    expect(far.judgement.credit).toBe(0);
    expect(far.clear).toBe(false);
  });
});
