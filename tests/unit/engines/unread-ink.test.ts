import { describe, expect, it } from "vitest";
import { doubtfulWords, settleDoubtful, unreadInk } from "../../../workers/grading/reading/ocr/unread-ink";
import type { ReadLine, ReadWord } from "../../../workers/grading/reading/types";

// A page of paper (250) with text 24 px tall: lines' boxes are about twice that, as the detector's are.
const W = 900;
const H = 300;
const TEXT = 24;

function paper() {
  return { data: new Uint8Array(W * H).fill(250), width: W, height: H };
}
/** Ink strokes like letters: `n` upright bars 3 px wide, 2 px apart, from x, `height` tall from y. */
function letters(page: ReturnType<typeof paper>, x: number, y: number, n: number, height = TEXT) {
  for (let i = 0; i < n; i++)
    for (let r = y; r < y + height; r++) for (let c = x + i * 5; c < x + i * 5 + 3; c++) page.data[r * W + c] = 30;
}
const word = (text: string, x: number, width: number, extra: Partial<ReadWord> = {}): ReadWord => ({
  text,
  confidence: 0.95,
  bbox: { x, y: 38, width, height: 48 },
  ...extra,
});
const line = (words: ReadWord[]): ReadLine => ({
  text: words.map((w) => w.text).join(" "),
  confidence: 0.95,
  bbox: { x: words[0]!.bbox.x, y: 38, width: 400, height: 48 },
  words,
});

describe("ink no word read covers", () => {
  it("finds a short answer written apart from the line read, boxed to its ink", () => {
    const page = paper();
    letters(page, 100, 50, 10); // "How many" read
    letters(page, 600, 48, 3); // "350", missed by the detector
    const marks = unreadInk(page, [line([word("How many", 98, 52)])], TEXT);
    expect(marks).toHaveLength(1);
    const [mark] = marks;
    expect(mark!.x).toBeGreaterThan(580);
    expect(mark!.x + mark!.width).toBeLessThan(640);
    expect(mark!.y).toBeLessThan(48);
    expect(mark!.y + mark!.height).toBeGreaterThan(72);
  });

  it("finds writing under a printed line whose box reaches over it", () => {
    const page = paper();
    letters(page, 100, 50, 10);
    letters(page, 200, 82, 1, 18); // a letter written low, inside the printed box's lower edge
    const printed = line([word("Answer:", 98, 80, { printed: true }), word("B)", 190, 60, { printed: true })]);
    expect(unreadInk(page, [printed], TEXT)).toHaveLength(1);
  });

  it("leaves out rules, specks, the rest of a word whose box was placed a little off, and a page too marked to tell", () => {
    const page = paper();
    letters(page, 100, 50, 10);
    for (let c = 100; c < 800; c++) page.data[150 * W + c] = page.data[151 * W + c] = 30; // a blank's rule
    for (let r = 200; r < 203; r++) for (let c = 400; c < 403; c++) page.data[r * W + c] = 30; // a speck
    // The word's box ends short of its ink: a stroke is cut, and the strokes after it are the same word's, not a mark.
    expect(unreadInk(page, [line([word("How many", 98, 30)])], TEXT)).toEqual([]);
    // No line read: nothing to say what is print.
    expect(unreadInk(page, [], TEXT)).toEqual([]);
    const noisy = paper();
    letters(noisy, 100, 50, 10);
    for (let i = 0; i < 30; i++) letters(noisy, 20 + i * 28, 150 + (i % 3) * 40, 2, 16);
    expect(unreadInk(noisy, [line([word("How many", 98, 52)])], TEXT)).toEqual([]);
  });

  it("finds a mark on a grainy page: specks do not make it too marked to tell, pieces the size of writing do", () => {
    const grainy = paper();
    letters(grainy, 100, 50, 10);
    letters(grainy, 600, 48, 3); // "350", missed by the detector
    // 500 specks of a pixel or two (a phone snap's grain) under the lines.
    for (let i = 0; i < 500; i++) {
      const [x, y] = [10 + (i % 100) * 8, 130 + Math.floor(i / 100) * 30];
      grainy.data[y * W + x] = grainy.data[y * W + x + 1] = 30;
    }
    expect(unreadInk(grainy, [line([word("How many", 98, 52)])], TEXT)).toHaveLength(1);
    // 450 pieces of ink a third of the text's height: a picture, or a page scribbled over.
    const marked = paper();
    letters(marked, 100, 50, 10);
    letters(marked, 600, 48, 3);
    for (let i = 0; i < 450; i++) letters(marked, 10 + (i % 90) * 10, 130 + Math.floor(i / 90) * 30, 1, 8);
    expect(unreadInk(marked, [line([word("How many", 98, 52)])], TEXT)).toEqual([]);
  });

  it("leaves out an answer box's edge cut short by the printed word beside it", () => {
    // A box from y 30 to y 100, "Answer" printed small in its top left corner: the word's pad covers the top of the
    // box's left edge, and the rest of the edge must not pass for a written "L" or "|".
    const page = paper();
    for (let r = 30; r < 101; r++) for (let c = 90; c < 92; c++) page.data[r * W + c] = 30;
    for (const r of [30, 31, 99, 100]) for (let c = 90; c < 500; c++) page.data[r * W + c] = 30;
    letters(page, 100, 44, 6, 14);
    const label = { ...word("Answer", 98, 34, { printed: true }), bbox: { x: 98, y: 42, width: 34, height: 18 } };
    expect(unreadInk(page, [{ ...line([label]), bbox: { x: 98, y: 42, width: 34, height: 18 } }], TEXT)).toEqual([]);
    letters(page, 200, 66, 2, 22); // the answer written in the box is still found
    expect(unreadInk(page, [{ ...line([label]), bbox: { x: 98, y: 42, width: 34, height: 18 } }], TEXT)).toHaveLength(1);
  });
});

describe("a short word read unsurely inside a longer box, read again alone", () => {
  // A matching question's letter on its blank, boxed with the question's line: "A" read "<", the rule taken with it.
  const letter = word("<", 100, 30, { confidence: 0.66 });
  const question = line([letter, word("5.", 150, 30), word("How", 190, 60, { confidence: 0.56 })]);

  it("doubts only one or two signs, no letter or digit, read unsurely beside other words", () => {
    const doubtful = doubtfulWords([
      question,
      line([word("-", 100, 20, { confidence: 0.3 })]), // alone in its box: read alone already
      line([word("/3", 100, 30, { confidence: 0.4 }), word("x", 150, 20, { confidence: 0.99 }), word("7", 200, 20, { confidence: 0.5 })]),
      line([word("|-", 100, 30, { confidence: 0.5, printed: true }), word("9.", 150, 30)]),
      // An option's label read unsurely keeps its bracket: read alone it would be a bare letter.
      line([word("C)", 100, 30, { confidence: 0.5 }), word("heart", 150, 80)]),
    ]);
    expect([...doubtful].map((w) => w.text)).toEqual(["<"]);
  });

  it("replaces a doubtful word with the letter its ink reads alone, and keeps every other mark as a line", () => {
    const alone = (text: string, x: number): ReadLine => line([word(text, x, 24, { confidence: 0.99 })]);
    const { lines, apart } = settleDoubtful([question], new Set([letter]), [
      { box: { x: 96, y: 44, width: 36, height: 36 }, line: alone("A", 100) },
      { box: { x: 600, y: 44, width: 40, height: 36 }, line: alone("350", 600) },
    ]);
    expect(lines[0]!.text).toBe("A 5. How");
    // Where the word was: its place in the line, for the answer's region.
    expect(lines[0]!.words[0]!.bbox).toEqual(letter.bbox);
    expect(apart.map((l) => l.text)).toEqual(["350"]);
  });

  it("keeps a sign whose ink read alone is a letter of its own shape ('5 × 12' read alone 'x')", () => {
    const times = word("×", 100, 20, { confidence: 0.66 });
    const sum = line([word("5", 70, 20), times, word("12?", 130, 40)]);
    const { lines, apart } = settleDoubtful([sum], new Set([times]), [
      { box: { x: 96, y: 44, width: 30, height: 30 }, line: line([word("x", 100, 20, { confidence: 0.99 })]) },
    ]);
    expect(lines[0]!.text).toBe("5 × 12?");
    expect(apart).toEqual([]);
  });

  it("keeps the doubtful word when its ink read alone is a sign, a number or more than one word", () => {
    for (const read of ["-", "4", "A B"]) {
      const mark = line(read.split(" ").map((t, i) => word(t, 100 + 30 * i, 20, { confidence: 0.99 })));
      const { lines, apart } = settleDoubtful([question], new Set([letter]), [
        { box: { x: 96, y: 44, width: 36, height: 36 }, line: mark },
      ]);
      expect(lines[0]!.text).toBe("< 5. How");
      expect(apart).toEqual([]);
    }
  });
});
