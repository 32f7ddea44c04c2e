import { describe, expect, it } from "vitest";
import { isFadedDivision, settleDivision, uprightShare } from "../../../workers/grading/reading/ocr/operators";
import type { DecodedChar } from "../../../workers/grading/reading/ocr/spaces";

const HEIGHT = 48;
const WIDTH = 64;
const CHARACTERS = ["1", "+", "÷", "2"];

type Rect = [x: number, y: number, width: number, height: number];

/** A recogniser input (first plane only, normalised: paper 1, ink -1) with ink in the given rectangles. */
function sign(...rects: Rect[]): Float32Array {
  const tensor = new Float32Array(WIDTH * HEIGHT).fill(1);
  for (const [x0, y0, w, h] of rects) for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) tensor[y * WIDTH + x] = -1;
  return tensor;
}

// Signs centred on column 32, row 24: a 20-column bar 3 rows thick.
const BAR: Rect = [22, 23, 20, 3];
const PLUS = sign(BAR, [31, 14, 3, 21]);
/** A ÷ whose dots faded into short stubs beside the bar (what a soft phone photo leaves). */
const FADED_DIVISION = sign(BAR, [31, 19, 3, 4], [31, 26, 3, 4]);
const BAR_ALONE = sign(BAR);

/** Softmax rows [frames × (blank + CHARACTERS)] with the sign at frame 8 (of 16; 4 columns a frame). */
function probs(division: number): Float32Array {
  const classes = CHARACTERS.length + 1;
  const out = new Float32Array(16 * classes);
  for (let t = 0; t < 16; t++) out[t * classes] = 1;
  out[8 * classes] = 0;
  out[8 * classes + 2] = 1 - division;
  out[8 * classes + 3] = division;
  return out;
}
const plusAt8: DecodedChar[] = [{ char: "+", frame: 8, score: 0.9 }];
const settle = (tensor: Float32Array, division: number) =>
  settleDivision(plusAt8, probs(division), 16, CHARACTERS.length + 1, CHARACTERS, { tensor, width: WIDTH, height: HEIGHT })
    .map((c) => c.char)
    .join("");

describe("a faded division sign read as a plus", () => {
  it("measures a sign's upright ink against its bar", () => {
    expect(uprightShare(PLUS, WIDTH, HEIGHT, 20, 44)).toBeCloseTo(21 / 20);
    expect(uprightShare(FADED_DIVISION, WIDTH, HEIGHT, 20, 44)).toBeCloseTo(11 / 20);
    expect(uprightShare(BAR_ALONE, WIDTH, HEIGHT, 20, 44)).toBeCloseTo(3 / 20);
    expect(uprightShare(sign(), WIDTH, HEIGHT, 20, 44)).toBeUndefined();
  });

  it("needs both a short upright and some 'division' from the model", () => {
    expect(isFadedDivision(0.05, 0.8)).toBe(true);
    expect(isFadedDivision(0.05, 1.0)).toBe(false); // a full plus: the model's doubt alone is not enough
    expect(isFadedDivision(0.002, 0.8)).toBe(false); // a short serif plus the model was sure of
    expect(isFadedDivision(0.05, 0.2)).toBe(false); // a bar alone: only the model's own "÷" counts there
    expect(isFadedDivision(0.35, 0.2)).toBe(true);
    expect(isFadedDivision(0.35, 1.0)).toBe(false);
    expect(isFadedDivision(0.5, undefined)).toBe(false);
  });

  it("turns the plus into ÷ where the line's pixels and the model agree, and leaves a plus alone", () => {
    expect(settle(FADED_DIVISION, 0.05)).toBe("÷");
    expect(settle(FADED_DIVISION, 0.001)).toBe("+");
    expect(settle(PLUS, 0.15)).toBe("+");
    expect(settle(BAR_ALONE, 0.05)).toBe("+");
    expect(settle(BAR_ALONE, 0.4)).toBe("÷");
  });
});
