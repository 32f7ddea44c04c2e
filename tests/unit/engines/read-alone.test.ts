import { describe, expect, it } from "vitest";
import { keyNumberValues, parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import {
  aloneSheets,
  lineAt,
  markReadAlone,
  separatorBringsNear,
  separatorReadAlone,
  wordAt,
  wordsToReadAlone,
} from "../../../workers/grading/reading/ocr/read-alone";
import type { ReadLine, ReadWord } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading } from "./ocr-pages";

const at = (text: string, x: number, y: number, extra: Partial<ReadWord> = {}): ReadWord => ({
  text,
  confidence: 0.95,
  bbox: { x, y, width: 20 * text.length, height: 30 },
  ...extra,
});
const row = (y: number, words: ReadWord[]): ReadLine => ({
  text: words.map((w) => w.text).join(" "),
  confidence: 0.95,
  bbox: { x: 40, y, width: 400, height: 30 },
  words,
});

describe("a number read again alone", () => {
  it("takes a sure reading alone that is the digits with a bar or point lost, or a bar read as 1 or 7", () => {
    expect(separatorReadAlone({ text: "17" }, { text: "1/7", confidence: 0.96 })).toBe("1/7");
    expect(separatorReadAlone({ text: "714" }, { text: "7/4", confidence: 0.86 })).toBe("7/4");
    expect(separatorReadAlone({ text: "772" }, { text: "7/2", confidence: 0.9 })).toBe("7/2");
    expect(separatorReadAlone({ text: "80" }, { text: "8.0", confidence: 0.99 })).toBe("8.0");
    expect(separatorReadAlone({ text: "25%" }, { text: "2.5%", confidence: 0.99 })).toBe("2.5%");
  });

  it("takes nothing read unsurely, with other digits, no separator, two of them, or a bar before a percent sign", () => {
    expect(separatorReadAlone({ text: "17" }, { text: "1/7", confidence: 0.5 })).toBeUndefined();
    expect(separatorReadAlone({ text: "17" }, { text: "1/8", confidence: 0.99 })).toBeUndefined();
    expect(separatorReadAlone({ text: "17" }, { text: "17", confidence: 0.99 })).toBeUndefined();
    expect(separatorReadAlone({ text: "123" }, { text: "1.2.3", confidence: 0.99 })).toBeUndefined();
    expect(separatorReadAlone({ text: "25%" }, { text: "2/5%", confidence: 0.99 })).toBeUndefined();
    expect(separatorReadAlone({ text: "714" }, { text: "7.1/4", confidence: 0.99 })).toBeUndefined();
    expect(separatorReadAlone({ text: "17" }, undefined)).toBeUndefined();
  });

  it("reads a plain number that ends its line (inside brackets too), not print taken from a layout, and notes the reading on its word", () => {
    const lines = [
      row(100, [at("Add", 40, 100), at("455", 120, 100), at("and", 200, 100), at("17", 280, 100)]),
      row(200, [at("x", 40, 200), at("=", 80, 200), at("1/7", 120, 200)]),
      row(300, [at("Total", 40, 300), at("450", 160, 300, { printed: true })]),
      row(400, [at("fraction.", 40, 400), at("(", 200, 400), at("74", 230, 400), at(")", 280, 400)]),
    ];
    const plain = wordsToReadAlone(lines);
    expect(plain.map((w) => w.text)).toEqual(["17", "74"]);
    const marked = markReadAlone(lines, plain, [{ text: "1/7", confidence: 0.95 }, undefined]);
    expect(marked[0]!.words[3]!.readAlone).toBe("1/7");
    expect(marked[0]!.words[1]).toBe(lines[0]!.words[1]);
    expect(marked[1]).toBe(lines[1]);
    // Read alone as itself: the lines are left as they were.
    expect(
      markReadAlone(lines, plain, [
        { text: "17", confidence: 0.99 },
        { text: "714", confidence: 0.52 },
      ])[0],
    ).toBe(lines[0]);
  });

  it("given the key's numbers, reads again alone only a number that a bar or point would bring near one", () => {
    const key = parseAnswerKey("1. 1/7\n2. 2 3/4\n3. 12.5%\n4. 0.14\n5. 8 cm2\n6. twelve", { totalPoints: 6 });
    const values = keyNumberValues(key);
    expect(values).toEqual(expect.arrayContaining([1 / 7, 2.75, 0.75, 12.5, 0.125, 0.14, 8]));
    expect(values).toHaveLength(7);
    for (const text of ["17", "117", "177", "34", "114", "125%", "014", "80"]) expect(separatorBringsNear(text, values), text).toBe(true);
    for (const text of ["19", "71", "1400", "93", "12", "45"]) expect(separatorBringsNear(text, values), text).toBe(false);
    // A key of whole numbers and words only: a bar or point raises nothing, and nothing is read again.
    expect(
      keyNumberValues(parseAnswerKey("1. 17\n2. 714\n3. cat", { totalPoints: 3 })).filter((v) => separatorBringsNear("17", [v])),
    ).toEqual([]);
    const lines = [row(100, [at("x", 40, 100), at("17", 80, 100)]), row(200, [at("y", 40, 200), at("19", 80, 200)])];
    expect(wordsToReadAlone(lines, values).map((w) => w.text)).toEqual(["17"]);
    expect(wordsToReadAlone(lines, []).map((w) => w.text)).toEqual([]);
    expect(wordsToReadAlone(lines).map((w) => w.text)).toEqual(["17", "19"]);
  });

  it("lays the page around each word on sheets of white paper, and takes the word that holds the word's middle", () => {
    const page = { width: 400, height: 200, data: new Uint8Array(400 * 200).fill(7) };
    const [sheet, ...more] = aloneSheets(page, [
      { bbox: { x: 80, y: 40, width: 40, height: 20 } },
      { bbox: { x: 300, y: 150, width: 60, height: 20 } },
    ]);
    expect(more).toHaveLength(0);
    // A word's height of page before and after it, half of one above and below, then 20 px of paper between and around.
    // The first piece is 80 × 40 at (20, 20), the second 100 × 40 at (120, 20).
    expect([sheet!.canvas.width, sheet!.canvas.height]).toEqual([240, 80]);
    expect(sheet!.middles).toEqual([
      { x: 20 + 40, y: 20 + 20 },
      { x: 120 + 50, y: 20 + 20 },
    ]);
    expect(sheet!.words).toEqual([0, 1]);
    const { canvas } = sheet!;
    expect(canvas.data[0]).toBe(255);
    expect(canvas.data[25 * canvas.width + 25]).toBe(7);
    expect(canvas.data[25 * canvas.width + 110]).toBe(255);
    // Many words: sheets no wider or taller than the detector's side, every word on one.
    const many = aloneSheets(
      page,
      Array.from({ length: 40 }, (_, i) => ({ bbox: { x: 60 + (i % 5) * 60, y: 40, width: 40, height: 30 } })),
    );
    expect(many.length).toBeGreaterThan(1);
    for (const s of many) expect(Math.max(s.canvas.width, s.canvas.height)).toBeLessThanOrEqual(640);
    expect(many.flatMap((s) => s.words).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const lines = [row(20, [at("q)", 10, 20), at("1/7", 50, 20, { confidence: 0.97 })])];
    expect(wordAt(lineAt(lines, { x: 60, y: 40 }), { x: 60, y: 40 })).toEqual({ text: "1/7", confidence: 0.95 });
    expect(lineAt(lines, { x: 60, y: 100 })).toBeUndefined();
  });

  it("reads the answer as read alone where that earns more, flagged with both readings, and not where it earns less", () => {
    const key = parseAnswerKey("1. 7/4\n2. 17", { totalPoints: 2 });
    const reading = ocrReading(
      ocrPage([
        row(100, [at("1.", 40, 100), at("714", 100, 100, { readAlone: "7/4" })]),
        // The line read the key's 17; read alone, 1/7 would lower the mark: the line's reading stands.
        row(200, [at("2.", 40, 200), at("17", 100, 200, { readAlone: "1/7" })]),
      ]),
    );
    const [first, second] = gradeSubmission({ reading, key, assignment: { points: 2 } }).questions;
    expect(first!.studentAnswer).toBe("7/4");
    expect(first!.pointsAwarded).toBe(1);
    expect(first!.needsReview).toBe(true);
    expect(first!.reviewReason).toContain(`Read "714" as 7/4: the page shows a fraction bar the reading left out.`);
    expect(second!.studentAnswer).toBe("17");
    expect(second!.pointsAwarded).toBe(1);
    expect(second!.reviewReason ?? "").not.toContain("fraction bar the reading left out");
  });
});
