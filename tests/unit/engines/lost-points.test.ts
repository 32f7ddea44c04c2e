import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { markLostPoints, pointSeenIn } from "../../../workers/grading/reading/ocr/lost-points";
import type { ReadLine, ReadWord } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading } from "./ocr-pages";

// A strip of paper (250) where a number is written as glyphs 22 px tall: solid blocks 12 px wide, 8 px apart.
const W = 300;
const H = 60;
function strip(glyphs: number, dotAfter?: number, dot = { side: 4, lift: 0 }) {
  const data = new Uint8Array(W * H).fill(250);
  const block = (x: number, y: number, w: number, h: number) => {
    for (let r = y; r < y + h; r++) for (let c = x; c < x + w; c++) data[r * W + c] = 20;
  };
  let x = 20;
  for (let i = 0; i < glyphs; i++) {
    block(x, 15, 12, 22);
    x += 12;
    if (dotAfter === i + 1) {
      block(x + 3, 37 - dot.side - dot.lift, dot.side, dot.side);
      x += dot.side + 6;
    }
    x += 8;
  }
  return { page: { data, width: W, height: H }, right: x };
}
const word = (text: string, right: number): ReadWord => ({ text, confidence: 0.95, bbox: { x: 10, y: 5, width: right, height: 45 } });

describe("a decimal point the recogniser left out", () => {
  it("reads the point where the ink shows a dot on the digits' baseline between two of them", () => {
    const { page, right } = strip(3, 1);
    expect(pointSeenIn(page, word("25%", right))).toBe("2.5%");
    const four = strip(4, 1);
    expect(pointSeenIn(four.page, word("6501", four.right))).toBe("6.501");
  });

  it("sees no point in plain digits, a dot above the baseline, a speck, or glyphs that do not match the text", () => {
    const plain = strip(3);
    expect(pointSeenIn(plain.page, word("250", plain.right))).toBeUndefined();
    const high = strip(3, 1, { side: 4, lift: 10 });
    expect(pointSeenIn(high.page, word("250", high.right))).toBeUndefined();
    const speck = strip(3, 1, { side: 1, lift: 0 });
    expect(pointSeenIn(speck.page, word("250", speck.right))).toBeUndefined();
    // A 5's tail cut from its bowl: a dot-sized piece on the baseline, but with the 5's ink above it.
    const broken = strip(3, 1);
    for (let r = 15; r < 22; r++) for (let c = 33; c < 45; c++) broken.page.data[r * W + c] = 20;
    expect(pointSeenIn(broken.page, word("250", broken.right))).toBeUndefined();
    // Two glyphs for a five-digit reading: the glyphs are not the text's characters.
    const two = strip(2, 1);
    expect(pointSeenIn(two.page, word("25000", two.right))).toBeUndefined();
  });

  it("notes the point on a plain number read without one, and leaves other words alone", () => {
    const { page, right } = strip(3, 1);
    const line = (text: string, extra: Partial<ReadWord> = {}): ReadLine => ({
      text,
      confidence: 0.95,
      bbox: { x: 10, y: 5, width: right, height: 45 },
      words: [{ ...word(text, right), ...extra }],
    });
    expect(markLostPoints(page, [line("25%")])[0]!.words[0]!.pointSeen).toBe("2.5%");
    for (const other of [line("2.5%"), line("ab"), line("25%", { printed: true })]) expect(markLostPoints(page, [other])[0]).toBe(other);
  });

  it("reads the answer with the point where it changes the mark, flagged with both readings, and not otherwise", () => {
    const key = parseAnswerKey("1. 25%\n2. 60", { totalPoints: 2 });
    const row = (y: number, words: ReadWord[]): ReadLine => ({
      text: words.map((w) => w.text).join(" "),
      confidence: 0.95,
      bbox: { x: 40, y, width: 400, height: 30 },
      words,
    });
    const at = (text: string, x: number, y: number, extra: Partial<ReadWord> = {}): ReadWord => ({
      text,
      confidence: 0.95,
      bbox: { x, y, width: 20 * text.length, height: 30 },
      ...extra,
    });
    const reading = ocrReading(
      ocrPage([
        row(100, [at("1.", 40, 100), at("25%", 100, 100, { pointSeen: "2.5%" })]),
        // 45 or 4.5, the answer is not 60: the point changes nothing.
        row(200, [at("2.", 40, 200), at("45", 100, 200, { pointSeen: "4.5" })]),
      ]),
    );
    const graded = gradeSubmission({ reading, key, assignment: { points: 2 } });
    const [first, second] = graded.questions;
    expect(first!.studentAnswer).toBe("2.5%");
    expect(first!.pointsAwarded).toBe(0);
    expect(first!.needsReview).toBe(true);
    expect(first!.reviewReason).toContain(`Read "25%" as 2.5%: the page shows a point the reading left out.`);
    expect(second!.studentAnswer).toBe("45");
    expect(second!.pointsAwarded).toBe(0);
    expect(second!.reviewReason ?? "").not.toContain("point the reading left out");
  });
});
