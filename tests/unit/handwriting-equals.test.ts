// A printed "=" PP-OCR lost before a handwritten answer (reading/handwriting/equals.ts): put back from its ink, so
// that "499 + 287 76" is read as the sum and its answer.
import { describe, expect, it } from "vitest";
import { withLostEquals } from "../../workers/grading/reading/handwriting/equals";
import type { ReadLine, ReadWord } from "../../workers/grading/reading/types";

const word = (text: string, x: number, width: number, confidence = 0.99): ReadWord => ({
  text,
  confidence,
  bbox: { x, y: 20, width, height: 30 },
});

/** A row "10. 499 + 287 [=] 76": the printed words as dark blocks, the "=" as two bars when `equals`. */
function row(equals: boolean) {
  const width = 400;
  const height = 80;
  const data = new Uint8Array(width * height).fill(235);
  const block = (x0: number, x1: number, y0: number, y1: number, v = 30) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = v;
  };
  for (const [x0, x1] of [
    [10, 40],
    [50, 100],
    [110, 125],
    [135, 185],
  ])
    block(x0, x1, 22, 48);
  if (equals) {
    block(200, 218, 29, 32);
    block(200, 218, 38, 41);
  }
  block(260, 300, 18, 50, 110); // the pencil answer
  const words = [word("10.", 10, 30), word("499", 50, 50), word("+", 110, 15), word("287", 135, 50), word("76", 260, 40, 0.8)];
  const line: ReadLine = {
    text: words.map((w) => w.text).join(" "),
    confidence: 0.9,
    bbox: { x: 10, y: 20, width: 290, height: 30 },
    words,
  };
  return { page: { data, width, height }, line };
}

describe("a lost '=' before the answer", () => {
  it("is put back when the gap after the sum holds two stacked bars", () => {
    const { page, line } = row(true);
    const out = withLostEquals(page, line);
    expect(out.words.map((w) => w.text)).toEqual(["10.", "499", "+", "287", "=", "76"]);
    expect(out.text).toBe("10. 499 + 287 = 76");
    const eq = out.words[4].bbox;
    expect(eq.x).toBeGreaterThanOrEqual(195);
    expect(eq.x + eq.width).toBeLessThanOrEqual(225);
  });

  it("is not invented where the gap holds no '=' (a sum and a number apart, or one bar: a minus)", () => {
    const { page, line } = row(false);
    expect(withLostEquals(page, line)).toBe(line);
    const minus = row(false);
    for (let y = 34; y < 37; y++) for (let x = 200; x < 218; x++) minus.page.data[y * minus.page.width + x] = 30;
    expect(withLostEquals(minus.page, minus.line)).toBe(minus.line);
  });

  it("leaves a row that has its '=' alone", () => {
    const { page, line } = row(true);
    const words = [...line.words.slice(0, 4), word("=", 200, 18), line.words[4]];
    const withEq = { ...line, words };
    expect(withLostEquals(page, withEq)).toBe(withEq);
  });
});
