import { describe, expect, it } from "vitest";
import { ctcDecode } from "../../../workers/grading/reading/ocr/ctc";
import { lineTensor } from "../../../workers/grading/reading/ocr/line-tensor";
import { decodePgm } from "../../../workers/grading/reading/ocr/cleanup";
import { groupRows } from "../../../workers/grading/reading/ocr/rows";
import { parseCharacters } from "../../../workers/grading/reading/ocr/characters";
import type { ReadLine } from "../../../workers/grading/reading/types";

const characters = parseCharacters("a\nb\n=\n1\n2\n");
const classes = characters.length + 1; // + the CTC blank
const SPACE = characters.length; // the space is the last class

/** One frame a step: the class that wins it, with an optional second class's probability. */
function frames(steps: { best: number; p?: number; also?: [number, number] }[]): Float32Array {
  const probs = new Float32Array(steps.length * classes);
  steps.forEach((s, t) => {
    const rest = 1 - (s.p ?? 0.9) - (s.also?.[1] ?? 0);
    for (let c = 0; c < classes; c++) probs[t * classes + c] = rest / (classes - 1);
    probs[t * classes + s.best] = s.p ?? 0.9;
    if (s.also) probs[t * classes + s.also[0]] = s.also[1];
  });
  return probs;
}

const cls = (ch: string) => (ch === " " ? SPACE : characters.indexOf(ch) + 1);

describe("CTC decoding", () => {
  it("collapses repeats, drops blanks and keeps a doubled letter split by a blank", () => {
    const probs = frames([{ best: cls("a") }, { best: cls("a") }, { best: 0 }, { best: cls("a") }, { best: cls("b") }, { best: 0 }]);
    expect(ctcDecode(probs, 6, classes, characters).text).toBe("aab");
  });

  it("keeps a doubled character whose halves only a soft blank split, and no double in one character's run", () => {
    const one = cls("1");
    const doubled = frames([{ best: one }, { best: one, p: 0.6, also: [0, 0.3] }, { best: one }, { best: 0 }]);
    expect(ctcDecode(doubled, 4, classes, characters).text).toBe("11");
    const single = frames([{ best: one, p: 0.6, also: [0, 0.3] }, { best: one }, { best: one, p: 0.6, also: [0, 0.3] }, { best: 0 }]);
    expect(ctcDecode(single, 4, classes, characters).text).toBe("1");
  });

  it("keeps a space the model half-saw between two characters, and no space it did not", () => {
    const seen = frames([{ best: cls("1") }, { best: 0, p: 0.8, also: [SPACE, 0.15] }, { best: cls("=") }]);
    expect(ctcDecode(seen, 3, classes, characters).text).toBe("1 =");
    const unseen = frames([{ best: cls("1") }, { best: 0, p: 0.95, also: [SPACE, 0.01] }, { best: cls("=") }]);
    expect(ctcDecode(unseen, 3, classes, characters).text).toBe("1=");
  });

  it("gives each character its frame and probability, for word boxes and confidences", () => {
    const probs = frames([{ best: 0 }, { best: cls("1"), p: 0.6 }, { best: 0 }, { best: SPACE }, { best: cls("2"), p: 0.99 }]);
    const decoded = ctcDecode(probs, 5, classes, characters);
    expect(decoded.text).toBe("1 2");
    expect(decoded.chars.map((c) => [c.char, c.frame])).toEqual([
      ["1", 1],
      [" ", 4],
      ["2", 4],
    ]);
    expect(decoded.chars[0].score).toBeCloseTo(0.6);
  });
});

describe("page image and rows", () => {
  it("reads the grey PGM the clean-up writes, and refuses anything else", () => {
    const pgm = new Uint8Array([...new TextEncoder().encode("P5\n3 2\n255\n"), 1, 2, 3, 4, 5, 6]);
    const grey = decodePgm(pgm);
    expect([grey.width, grey.height, [...grey.data]]).toEqual([3, 2, [1, 2, 3, 4, 5, 6]]);
    expect(() => decodePgm(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toThrow(/PGM/);
  });

  const line = (text: string, x: number, y: number, height = 20): ReadLine => ({
    text,
    confidence: 0.9,
    bbox: { x, y, width: text.length * 10, height },
    words: text.split(" ").map((w, i) => ({ text: w, confidence: 0.9, bbox: { x: x + i * 60, y, width: w.length * 10, height } })),
  });

  it("joins boxes on one row left to right (a question and its answer set apart, two columns) and orders rows top down", () => {
    const rows = groupRows([line("= 12", 400, 103), line("Name: Ana", 10, 40), line("1. 7 + 5", 10, 100), line("6. 9 x 3", 800, 98)]);
    expect(rows.map((r) => r.text)).toEqual(["Name: Ana", "1. 7 + 5 = 12 6. 9 x 3"]);
    expect(rows[1].words.map((w) => w.text)).toEqual(["1.", "7", "+", "5", "=", "12", "6.", "9", "x", "3"]);
    expect(rows[1].bbox).toEqual({ x: 10, y: 98, width: 870, height: 25 });
  });

  it("joins an answer far right of its question a little above its middle (a photo's tilt), and not a line's width off", () => {
    // "B" 600 px right of the question's end, its middle 14 px above the question's (half their heights is 10).
    const rows = groupRows([line("1. Which shape has three sides?", 10, 100, 30), line("B", 910, 92, 20), line("A) square", 40, 140, 30)]);
    expect(rows.map((r) => r.text)).toEqual(["1. Which shape has three sides? B", "A) square"]);
    // Beside the question, the same 14 px is another row.
    expect(groupRows([line("1. Which shape?", 10, 100, 30), line("B", 170, 92, 20)]).map((r) => r.text)).toEqual(["B", "1. Which shape?"]);
  });

  it("keeps lines a line apart on their own rows", () => {
    expect(groupRows([line("Answer: 9", 10, 130), line("1. What is 3 x 3?", 10, 100)]).map((r) => r.text)).toEqual([
      "1. What is 3 x 3?",
      "Answer: 9",
    ]);
  });
});

describe("a detected line as the recogniser's input", () => {
  // A 100 × 40 page whose grey level is 2x + y: every pixel's position can be read back from its value.
  const page = { width: 100, height: 40, data: Uint8Array.from({ length: 4000 }, (_, i) => 2 * (i % 100) + Math.floor(i / 100)) };
  const level = (v: number) => Math.round((v + 1) * 127.5 * 100) / 100;

  it("samples an upright box from its corner at the recogniser's height, the same value in all three channels", () => {
    const box = [
      { x: 10, y: 5 },
      { x: 90, y: 5 },
      { x: 90, y: 25 },
      { x: 10, y: 25 },
    ];
    const t = lineTensor(page, box, 80, 20, 16, 4);
    expect(t).toHaveLength(3 * 64);
    // Input pixel (x, y) reads the crop at ((x + 0.5)·5 − 0.5, (y + 0.5)·5 − 0.5), that is the page 10 and 5 further on.
    expect(level(t[0])).toBeCloseTo(2 * 12 + 7, 1);
    expect(level(t[15])).toBeCloseTo(2 * (10 + 77) + 7, 1);
    expect(level(t[3 * 16])).toBeCloseTo(2 * 12 + 5 + 17, 1);
    expect([t[5], t[5 + 64], t[5 + 128]]).toEqual([t[5], t[5], t[5]]);
  });

  it("follows a box's slant: along the text is along its top edge", () => {
    const slanted = [
      { x: 10, y: 10 },
      { x: 90, y: 20 },
      { x: 88, y: 36 },
      { x: 8, y: 26 },
    ];
    const t = lineTensor(page, slanted, 80, 16, 10, 2);
    // Along the first row the page's y rises by an eighth of x's step: the values climb by 2 + 1/8 per page px.
    const step = (level(t[9]) - level(t[0])) / 9;
    expect(step).toBeCloseTo(((2 + 10 / 80) * 80) / 10, 0);
  });
});
