import { describe, expect, it } from "vitest";
import { addInkSpaces, inkColumns, type DecodedChar } from "../../../workers/grading/reading/ocr/spaces";

const HEIGHT = 48;

/**
 * A recogniser input (first plane only, normalised: paper 1, ink -1) holding glyphs: [start column, width] each,
 * with ink from row 10 to row 39 (a text height of 30).
 */
function line(width: number, glyphs: [number, number][], paper = 1, ink = -1): Float32Array {
  const tensor = new Float32Array(width * HEIGHT).fill(paper);
  for (const [start, w] of glyphs) for (let y = 10; y < 40; y++) for (let x = start; x < start + w; x++) tensor[y * width + x] = ink;
  return tensor;
}

/** Characters decoded at each glyph's first column, one frame per 4 columns. */
function chars(text: string, glyphs: [number, number][]): DecodedChar[] {
  return [...text].map((char, i) => ({ char, frame: Math.floor(glyphs[i][0] / 4), score: 0.9 }));
}

const text = (list: DecodedChar[]) => list.map((c) => c.char).join("");

describe("word spaces from the line's ink", () => {
  it("measures the ink's columns and the text's height", () => {
    const { ink, textHeight } = inkColumns(
      line(40, [
        [4, 8],
        [20, 8],
      ]),
      40,
      HEIGHT,
    );
    expect(textHeight).toBe(30);
    expect([...ink.slice(4, 12)].every(Boolean)).toBe(true);
    expect([...ink.slice(12, 20)].some(Boolean)).toBe(false);
  });

  it("adds a space where the blank between two characters is a word's gap, not a letter's", () => {
    // "110-44": letters 3 columns apart; then gaps of 12 (0.4 of the text's height) around the minus sign.
    const glyphs: [number, number][] = [
      [4, 14],
      [21, 14],
      [38, 14],
      [64, 10],
      [86, 14],
      [103, 14],
    ];
    const spaced = addInkSpaces(chars("110-44", glyphs), line(124, glyphs), 124, HEIGHT, 4);
    expect(text(spaced)).toBe("110 - 44");
  });

  it("asks for a wider blank beside a narrow upright stroke, whose side bearings are blank too", () => {
    // "1-2" and "4-2" with 13-column blanks (0.43 of the height) around the minus sign.
    const glyphs: [number, number][] = [
      [4, 14],
      [31, 10],
      [54, 14],
    ];
    // Beside the 2 the blank makes a space; the sign is then spaced on one side, so beside the 1 it needs less (0029).
    expect(text(addInkSpaces(chars("1-2", glyphs), line(72, glyphs), 72, HEIGHT, 4))).toBe("1 - 2");
    expect(text(addInkSpaces(chars("4-2", glyphs), line(72, glyphs), 72, HEIGHT, 4))).toBe("4 - 2");
  });

  it("spaces a sign on both sides when the model kept the space on one, but leaves a unary minus tight", () => {
    // "79 -40": the model kept the space before the sign; the blank after it is 6 columns (0.2 of the height).
    const glyphs: [number, number][] = [
      [4, 14],
      [21, 14],
      [50, 10],
      [66, 14],
      [83, 14],
    ];
    const decoded = (t: string) => {
      const list = chars(t.replace(" ", ""), glyphs);
      return [...list.slice(0, 2), { char: " ", frame: 10, score: 0.9 }, ...list.slice(2)];
    };
    expect(text(addInkSpaces(decoded("79 -40"), line(100, glyphs), 100, HEIGHT, 4))).toBe("79 - 40");
    // "3 -2", a list with a negative number: 2 columns after the minus (0.07 of the height) stay a unary minus.
    const tight: [number, number][] = [
      [4, 14],
      [33, 10],
      [45, 14],
    ];
    const list = [chars("3-2", tight)[0], { char: " ", frame: 6, score: 0.9 }, ...chars("3-2", tight).slice(1)];
    expect(text(addInkSpaces(list, line(64, tight), 64, HEIGHT, 4))).toBe("3 -2");
    // "2× + 4" (algebra, its x read as a sign): the sign is followed by another sign, not a number.
    const algebra: [number, number][] = [
      [4, 14],
      [24, 14],
      [50, 14],
      [76, 14],
    ];
    const read = chars("2×+4", algebra);
    const spaced = [read[0], read[1], { char: " ", frame: 10, score: 0.9 }, read[2], { char: " ", frame: 17, score: 0.9 }, read[3]];
    expect(text(addInkSpaces(spaced, line(96, algebra), 96, HEIGHT, 4))).toBe("2× + 4");
  });

  it("adds no space inside a word or a number, however wide the blank", () => {
    const glyphs: [number, number][] = [
      [4, 14],
      [32, 14],
      [60, 14],
    ];
    expect(text(addInkSpaces(chars("Sun", glyphs), line(80, glyphs), 80, HEIGHT, 4))).toBe("Sun");
    expect(text(addInkSpaces(chars("0.5", glyphs), line(80, glyphs), 80, HEIGHT, 4))).toBe("0.5");
  });

  it("adds a space after a question's number, a choice's letter, a label and between a number and its unit", () => {
    // Each pair 8 columns apart (0.27 of the height): more than a lead-in's 0.22, less than an operator's 0.3.
    const spaced = (t: string) => {
      const glyphs = [...t].map((_, i): [number, number] => [4 + i * 22, 14]);
      return text(addInkSpaces(chars(t, glyphs), line(8 + t.length * 22, glyphs), 8 + t.length * 22, HEIGHT, 4));
    };
    expect(spaced("1.110")).toBe("1. 110");
    expect(spaced("A)21")).toBe("A) 21");
    expect(spaced("Answer:15")).toBe("Answer: 15");
    expect(spaced("so.How")).toBe("so. How");
    expect(spaced("3-4")).toBe("3-4");
    // Not inside a decimal, a time or a number that starts with 0, however the blank looks.
    expect(spaced("= 1.5")).toBe("= 1.5");
    expect(spaced("10:30")).toBe("10:30");
    expect(spaced("0.5")).toBe("0.5");
    expect(spaced("= 3.6km")).toBe("= 3.6km"); // a unit needs 0.3 of the height
  });

  it("asks a point inside a line for a blank wider than a decimal's", () => {
    // "= 11 3.5": the point after "3" is a question's number only with 0.37 of the height blank after it.
    const at = (gap: number): [number, number][] => [
      [4, 14],
      [22, 14],
      [40, 14],
      [58, 14],
      [76, 14],
      [94, 14],
      [112, 4],
      [116 + gap, 14],
    ];
    const read = (gap: number) => text(addInkSpaces(chars("= 11 3.5", at(gap)), line(150, at(gap)), 150, HEIGHT, 4));
    expect(read(8)).toBe("= 11 3.5");
    expect(read(11)).toBe("= 11 3. 5");
  });

  it("keeps the model's own spaces and adds none twice", () => {
    const glyphs: [number, number][] = [
      [4, 14],
      [0, 0],
      [30, 14],
    ];
    const decoded = chars("a b", glyphs);
    expect(text(addInkSpaces(decoded, line(52, [glyphs[0], glyphs[2]]), 52, HEIGHT, 4))).toBe("a b");
  });

  it("adds nothing to a line too faint to tell ink from paper", () => {
    const glyphs: [number, number][] = [
      [4, 14],
      [40, 14],
    ];
    const faint = line(60, glyphs, 0.9, 0.75);
    expect(text(addInkSpaces(chars("a+", glyphs), faint, 60, HEIGHT, 4))).toBe("a+");
  });
});
