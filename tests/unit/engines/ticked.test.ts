// An option ticked in the student's pen: a printed square a text line high with a tick or a cross drawn over it is
// found before the page is read (an empty box, a digit written in a box apart from its sides, an answer's wide box
// and a letter are not ticked), painted out with its mark, and the option's words beside it marked chosen; the
// option's letter is the answer, on a page read alone and on a page of a class set.
import { describe, expect, it } from "vitest";
import { findTickBoxes, tickedWords, withoutTicks } from "../../../workers/grading/reading/ocr/ticked";
import { chosenOption } from "../../../workers/grading/answers/chosen";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { answerRegion } from "../../../workers/grading/answers/regions";
import { extractFromReading, readingLines } from "../../../workers/grading/answers/student-work";
import type { GreyImage } from "../../../workers/grading/reading/ocr/grey-filters";
import { blot, inked, paper, stroke } from "./ink-paper";
import { answersAsSet, ocrPage, ocrReading, row, SET_ANSWERS } from "./ocr-pages";

const TEXT = 24;
const SIDE = 26;

/** A printed box SIDE px a side, its top left at (x, y), its rule 2 px thick. */
function box(page: GreyImage, x: number, y: number, w = SIDE, h = SIDE) {
  blot(page, x, y, w, 2);
  blot(page, x, y + h - 2, w, 2);
  blot(page, x, y, 2, h);
  blot(page, x + w - 2, y, 2, h);
}

describe("tick boxes", () => {
  it("finds the box ticked and the one crossed, paints them out, and marks the option beside them", () => {
    const page = paper(600, 400);
    // Four options, one a line: a box at x 100, the option's words from x 140.
    const ys = [40, 110, 180, 250];
    for (const y of ys) {
      box(page, 100, y);
      blot(page, 140, y + 2, 60, 22);
    }
    // B ticked (the tick reaching up out of its box), D crossed.
    stroke(page, 102, 126, 110, 134);
    stroke(page, 110, 134, 134, 100);
    stroke(page, 98, 248, 128, 278);
    stroke(page, 128, 248, 98, 278);
    const found = findTickBoxes(page, TEXT);
    expect(found.ticked.map((t) => t.box.y0 * 2)).toEqual([110, 250]);
    expect(found.empty.map((b) => b.y0 * 2)).toEqual([40, 180]);
    const clean = withoutTicks(page, found);
    // The ticked boxes and their marks are gone; the empty boxes and every option's words are not.
    expect(inked(clean, 96, 96, 40, 42)).toBe(0);
    expect(inked(clean, 96, 244, 36, 38)).toBe(0);
    expect(inked(clean, 100, 40, SIDE, SIDE)).toBe(inked(page, 100, 40, SIDE, SIDE));
    expect(inked(clean, 140, 0, 100, 400)).toBe(inked(page, 140, 0, 100, 400));
    const words = (y: number, label: string, word: string) => ({
      text: `${label} ${word}`,
      confidence: 0.95,
      bbox: { x: 140, y, width: 120, height: SIDE },
      words: [
        { text: label, confidence: 0.95, bbox: { x: 140, y, width: 30, height: SIDE } },
        { text: word, confidence: 0.95, bbox: { x: 180, y, width: 80, height: SIDE } },
      ],
    });
    const read = [words(40, "A)", "iron"), words(110, "B)", "water"), words(180, "C)", "salt"), words(250, "D)", "sand")];
    expect([...tickedWords(found, read)].map((w) => w.text)).toEqual(["B)", "water", "D)", "sand"]);
  });

  it("takes no digit written in a box, answer box, letters, pencil 0 or page without boxes for a tick", () => {
    const page = paper(600, 300);
    // A digit written inside a box, apart from its sides: the box is empty of marks.
    box(page, 100, 50);
    blot(page, 111, 56, 4, 14);
    // An answer's wide box with a word in it; an "o" a little under a text line high.
    box(page, 200, 40, 160, 60);
    stroke(page, 230, 70, 300, 70);
    blot(page, 420, 60, 14, 2);
    blot(page, 420, 72, 14, 2);
    blot(page, 420, 60, 2, 14);
    blot(page, 432, 60, 2, 14);
    // A bold "B" a text line high: straight at the left and along its foot, its top bowl round at the right.
    box(page, 480, 50, 24, 26);
    blot(page, 480, 62, 24, 2);
    for (const y of [50, 51]) page.data.fill(245, y * page.width + 502, y * page.width + 504);
    // A pencil "0", its stroke thick: a square fits within its ink, but the ink goes on beyond its sides.
    for (let t = 0; t < 2 * Math.PI; t += 0.01) blot(page, Math.round(546 + 10 * Math.cos(t)), Math.round(60 + 14 * Math.sin(t)), 9, 9);
    const found = findTickBoxes(page, TEXT);
    expect(found.ticked).toEqual([]);
    expect(found.empty.map((b) => [b.x0 * 2, b.y0 * 2])).toEqual([[100, 50]]);
    expect(findTickBoxes(page, undefined)).toEqual({ ticked: [], empty: [] });
    expect(withoutTicks(page, found)).toBe(page);
  });
});

const ticked = (words: string[], marked: number[]) =>
  words.map((text, i) => (marked.includes(i) ? { text, chosen: "ticked" as const } : { text }));

describe("the option ticked", () => {
  it("is the letter of the option on a line of its own", () => {
    expect(chosenOption(ticked(["C)", "salt"], [0, 1]), true)).toBe("C");
    expect(chosenOption(ticked(["(b)", "water"], [0, 1]), true)).toBe("B");
    // A word without its label is no lettered option.
    expect(chosenOption(ticked(["salt"], [0]), true)).toBeUndefined();
    expect(chosenOption(ticked(["A", "whale"], [1]), true)).toBeUndefined();
  });

  it("answers its question on a page read alone and on a page of a class set", () => {
    const key = parseAnswerKey("1. B\n2. 45", { totalPoints: 4 });
    const sheet = (name: string, chosen: number, answer: string) => {
      const p = ocrPage([
        row(20, [{ x: 100, text: `Name: ${name}` }]),
        row(80, [{ x: 100, text: "1) Which organ pumps blood?" }]),
        row(120, [{ x: 160, text: "A) lungs" }]),
        row(160, [{ x: 160, text: "B) liver" }]),
        row(200, [{ x: 160, text: "C) heart" }]),
        row(260, [{ x: 100, text: "2) What is 9 × 5?" }]),
        row(300, [{ x: 140, text: answer }]),
      ]);
      for (const w of p.lines[2 + chosen]!.words) w.chosen = "ticked";
      return p;
    };
    const alone = sheet("Ava Patel", 1, "45");
    const work = extractFromReading(ocrReading(alone), key);
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 1: "B", 2: "45" });
    // The answer's crop shows the box before the option's words, and the tick over it.
    const label = alone.lines[3]!.words[0]!.bbox;
    const region = answerRegion(readingLines(ocrReading(alone)), work.answers[0]);
    expect(region).toMatchObject({ page: 1, x: label.x - 75, y: label.y - 15 });
    expect(answersAsSet(alone, sheet, key)).toEqual(SET_ANSWERS);
  });
});
