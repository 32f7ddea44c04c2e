// A bubble filled in by the student's pen: a solid disc a text line high in a row of printed lettered rings is found
// before the page is read (rings alone, a bold letter, a thick pencil "0" beside another are not), its row painted
// out, and the option of its place in the row marked chosen on the options' line above it (or the words right of it,
// when each option has its bubble before it); the option's letter is the answer, alone and in a class set.
import { describe, expect, it } from "vitest";
import { filledWords, findBubbles, withoutBubbles } from "../../../workers/grading/reading/ocr/bubbles";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { answerRegion } from "../../../workers/grading/answers/regions";
import { extractFromReading, readingLines } from "../../../workers/grading/answers/student-work";
import type { GreyImage } from "../../../workers/grading/reading/ocr/grey-filters";
import type { ReadLine } from "../../../workers/grading/reading/types";
import { blot, inked, paper } from "./ink-paper";
import { answersAsSet, ocrPage, ocrReading, row, SET_ANSWERS } from "./ocr-pages";

const TEXT = 24;
const R = 14;

/** A printed bubble around (cx, cy): a ring 2 px thick, a small letter inside it (or none). */
function bubble(page: GreyImage, cx: number, cy: number, letter = true, r = R) {
  for (let t = 0; t < 2 * Math.PI; t += 0.02)
    blot(page, Math.round(cx + (r - 1) * Math.cos(t)) - 1, Math.round(cy + (r - 1) * Math.sin(t)) - 1, 2, 2);
  if (!letter) return;
  blot(page, cx - 4, cy - 6, 8, 2);
  blot(page, cx - 4, cy - 6, 2, 12);
  blot(page, cx + 2, cy - 6, 2, 12);
}

/** A bubble filled in: a disc over it, reaching a little past its ring. */
function disc(page: GreyImage, cx: number, cy: number, r = R + 1) {
  for (let y = -r; y <= r; y++) for (let x = -r; x <= r; x++) if (x * x + y * y <= r * r) blot(page, cx + x, cy + y, 1, 1);
}

const words = (y: number, items: [number, string][]): ReadLine => ({
  text: items.map(([, t]) => t).join(" "),
  confidence: 0.95,
  bbox: { x: items[0]![0], y, width: 400, height: TEXT },
  words: items.map(([x, text]) => ({ text, confidence: 0.95, bbox: { x, y, width: 10 * text.length, height: TEXT } })),
});

describe("filled bubbles", () => {
  it("finds the bubble filled in its row, paints the row out, and marks its option on the line above", () => {
    const page = paper(700, 300);
    // Options at y 60; under them, bubbles A to D at x 120, 190, 260, 330; C filled.
    const xs = [120, 190, 260, 330];
    for (const x of xs) bubble(page, x, 130);
    disc(page, 260, 130);
    // Options' words, and a line of print below that is not a row of bubbles.
    blot(page, 100, 60, 400, 20);
    blot(page, 100, 200, 300, 20);
    const found = findBubbles(page, TEXT);
    expect(found.filled.map((f) => [f.place, f.row.length])).toEqual([[2, 4]]);
    const clean = withoutBubbles(page, found);
    expect(inked(clean, 90, 100, 280, 60)).toBe(0);
    expect(inked(clean, 0, 0, 700, 100)).toBe(inked(page, 0, 0, 700, 100));
    expect(inked(clean, 0, 180, 700, 60)).toBe(inked(page, 0, 180, 700, 60));
    const read = [
      words(60, [
        [100, "A)"],
        [130, "iron"],
        [200, "B)"],
        [230, "water"],
        [300, "C)"],
        [330, "salt"],
        [400, "D)"],
        [430, "sand"],
      ]),
      words(200, [[100, "3. What is 9 × 5?"]]),
    ];
    expect([...filledWords(found, read)].map((w) => w.text)).toEqual(["C)", "salt"]);
    // A label read apart from its stop, before the option chosen and at it.
    const split = [
      words(60, [
        [100, "A)"],
        [130, "iron"],
        [200, "B"],
        [212, ")"],
        [230, "water"],
        [300, "C"],
        [312, ")"],
        [330, "salt"],
        [400, "D)"],
        [430, "sand"],
      ]),
    ];
    expect([...filledWords(found, split)].map((w) => w.text)).toEqual(["C", ")", "salt"]);
  });

  it("marks the words right of a filled bubble that stands before its option", () => {
    const page = paper(700, 200);
    for (const x of [100, 300]) bubble(page, x, 60);
    disc(page, 300, 60);
    const found = findBubbles(page, TEXT);
    const read = [
      words(48, [
        [125, "A)"],
        [155, "lungs"],
        [325, "B)"],
        [355, "heart"],
      ]),
    ];
    expect([...filledWords(found, read)].map((w) => w.text)).toEqual(["B)", "heart"]);
  });

  it("takes no empty row, lone disc, bold letter or pencil 0s for a filled bubble", () => {
    const page = paper(800, 300);
    // A row of empty bubbles.
    for (const x of [100, 170, 240]) bubble(page, x, 50);
    // A lone disc, no bubbles near it (a blot of ink, a bullet).
    disc(page, 650, 50);
    // A blurred bold "W" a text line high before an "O": solid but for its notches, ink at its top corners.
    const w: [number, number][] = [
      [0, 0],
      [7, 26],
      [14, 8],
      [21, 26],
      [28, 0],
    ];
    for (let k = 0; k + 1 < w.length; k++)
      for (let t = 0; t <= 1; t += 0.02)
        blot(
          page,
          Math.round(96 + w[k]![0] + t * (w[k + 1]![0] - w[k]![0])),
          Math.round(148 + w[k]![1] + t * (w[k + 1]![1] - w[k]![1])),
          9,
          6,
        );
    bubble(page, 180, 163, false);
    // A disc beside a ring a letter's strokes cross ("⊗"): a letter, not an empty bubble.
    disc(page, 260, 240);
    bubble(page, 330, 240);
    for (let t = -10; t <= 10; t++) {
      blot(page, 330 + t - 2, 240 + t - 2, 5, 5);
      blot(page, 330 + t - 2, 240 - t - 2, 5, 5);
    }
    // Two thick pencil "0"s of a number, one smudged solid, nearly touching: a cell or two of paper between them.
    disc(page, 600, 163);
    for (let t = 0; t < 2 * Math.PI; t += 0.02) blot(page, Math.round(632 + 12 * Math.cos(t)), Math.round(163 + 14 * Math.sin(t)), 3, 3);
    expect(findBubbles(page, TEXT).filled).toEqual([]);
    expect(findBubbles(page, undefined).filled).toEqual([]);
    expect(withoutBubbles(page, findBubbles(page, TEXT))).toBe(page);
  });
});

describe("a question's number in a printed ring", () => {
  it("paints out a ring alone round a number, its number left, and no empty ring or row of bubbles", () => {
    const page = paper(700, 400);
    // Question 10's number in a ring two text heights across at the margin, its text beside it: "1" and "0" reach
    // out near the ring. Question 3's below it.
    bubble(page, 60, 60, false, 24);
    blot(page, 47, 49, 3, 22);
    for (let t = 0; t < 2 * Math.PI; t += 0.02) blot(page, Math.round(66 + 8 * Math.cos(t)), Math.round(60 + 10 * Math.sin(t)), 3, 3);
    blot(page, 110, 50, 300, 20);
    bubble(page, 60, 160, false, 24);
    blot(page, 54, 150, 12, 3);
    blot(page, 63, 150, 3, 20);
    blot(page, 54, 168, 12, 3);
    blot(page, 110, 150, 300, 20);
    // A large "O" alone (nothing within it), and a row of empty lettered bubbles.
    bubble(page, 300, 260, false, 20);
    for (const x of [100, 170, 240]) bubble(page, x, 340);
    const found = findBubbles(page, TEXT);
    expect(found.filled).toEqual([]);
    expect(found.rims).toHaveLength(2);
    const clean = withoutBubbles(page, found);
    for (const y of [60, 160]) {
      // The ring's left and right sides are paper; what it held and the question's text are as they were.
      expect(inked(clean, 34, y - 5, 5, 10) + inked(clean, 81, y - 5, 5, 10)).toBe(0);
      expect(inked(clean, 44, y - 12, 34, 24)).toBe(inked(page, 44, y - 12, 34, 24));
      expect(inked(clean, 100, y - 12, 400, 24)).toBe(inked(page, 100, y - 12, 400, 24));
    }
    expect(inked(clean, 250, 220, 450, 180)).toBe(inked(page, 250, 220, 450, 180));
    expect(inked(clean, 0, 300, 300, 80)).toBe(inked(page, 0, 300, 300, 80));
  });
});

describe("the option filled in", () => {
  it("answers its question on a page read alone and on a page of a class set, its crop taking in the row", () => {
    const key = parseAnswerKey("1. B\n2. 45", { totalPoints: 4 });
    const sheet = (name: string, chosen: number, answer: string) => {
      const p = ocrPage([
        row(20, [{ x: 100, text: `Name: ${name}` }]),
        row(80, [{ x: 100, text: "1. Which organ pumps blood?" }]),
        row(120, [
          { x: 140, text: "A) lungs" },
          { x: 260, text: "B) liver" },
          { x: 380, text: "C) heart" },
        ]),
        row(220, [{ x: 100, text: "2. What is 9 × 5?" }]),
        row(220, [{ x: 500, text: answer }]),
      ]);
      const options = p.lines[2]!.words;
      for (const w of options.slice(2 * chosen, 2 * chosen + 2)) w.chosen = "filled";
      return p;
    };
    const alone = sheet("Ava Patel", 1, "45");
    const work = extractFromReading(ocrReading(alone), key);
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 1: "B", 2: "45" });
    const label = alone.lines[2]!.words[2]!.bbox;
    const region = answerRegion(readingLines(ocrReading(alone)), work.answers[0])!;
    expect(region).toMatchObject({ page: 1, y: label.y - label.height / 2 });
    expect(region.x).toBeLessThan(label.x - label.height);
    expect(region.y + region.height).toBeGreaterThan(label.y + 2.5 * label.height);
    expect(answersAsSet(alone, sheet, key)).toEqual(SET_ANSWERS);
  });
});
