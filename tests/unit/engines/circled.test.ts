// An option circled in the student's pen: a ring of ink around other ink is found before the page is read (a box's
// straight sides, a written "0" and a letter's own loop are not rings), painted out, and the words it closed in
// marked; the option they belong to is the answer, on a page read alone and on a page of a class set.
import { describe, expect, it } from "vitest";
import type { GreyImage } from "../../../workers/grading/reading/ocr/grey-filters";
import { circledWords, findRings, withoutRings } from "../../../workers/grading/reading/ocr/circled";
import { chosenOption } from "../../../workers/grading/answers/chosen";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { answerRegion } from "../../../workers/grading/answers/regions";
import { findTemplate } from "../../../workers/grading/answers/template";
import { extractFromLines, extractFromReading, readingLines } from "../../../workers/grading/answers/student-work";
import type { ReadLine } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading, row } from "./ocr-pages";
import { blot, inked, paper as base } from "./ink-paper";

const W = 800;
const H = 300;
const TEXT = 24;

const paper = () => base(W, H);
/** A pen's ellipse, 3 px wide, centred at (cx, cy); `open` radians of it left undrawn at its right. */
function ellipse(page: GreyImage, cx: number, cy: number, a: number, b: number, open = 0) {
  for (let t = open / 2; t < 2 * Math.PI - open / 2; t += 0.002) {
    const [x, y] = [Math.round(cx + a * Math.cos(t)), Math.round(cy + b * Math.sin(t))];
    blot(page, x - 1, y - 1, 3, 3);
  }
}
/** "Letters": strokes a text height tall, from x over `width` px, their middle at y. */
function word(page: GreyImage, x: number, y: number, width: number) {
  for (let c = x; c < x + width - 4; c += 10) blot(page, c, y - TEXT / 2, 3, TEXT);
}
const line = (y: number, words: [string, number, number][]): ReadLine => ({
  text: words.map(([t]) => t).join(" "),
  confidence: 0.95,
  bbox: { x: words[0]![1], y: y - TEXT, width: 500, height: 2 * TEXT },
  words: words.map(([text, x, width]) => ({ text, confidence: 0.95, bbox: { x, y: y - TEXT, width, height: 2 * TEXT } })),
});
describe("rings of ink", () => {
  it("finds a loop around an option, paints it out, and marks the words it closed in", () => {
    const page = paper();
    // "A) iron   B) water   C) salt", "C) salt" circled; the ring left a little open.
    for (const x of [100, 140, 260, 300, 420, 460]) word(page, x, 150, 30);
    ellipse(page, 470, 150, 75, 32, 0.08);
    // The tail of a "q" on the question's line above, touching the ring's top.
    blot(page, 470, 96, 3, 24);
    const rings = findRings(page, TEXT);
    expect(rings).toHaveLength(1);
    const clean = withoutRings(page, rings);
    // The ring is gone, the letters it closed in are not.
    expect(inked(clean, 390, 110, 10, 80)).toBe(0);
    expect(inked(clean, 420, 138, 70, 24)).toBe(inked(page, 420, 138, 70, 24));
    // The letter it touched keeps its tail, but for where they join.
    expect(inked(clean, 470, 96, 3, 8)).toBe(inked(page, 470, 96, 3, 8));
    const read = [
      line(150, [
        ["A)", 100, 30],
        ["iron", 140, 30],
        ["B)", 260, 30],
        ["water", 300, 30],
        ["C)", 420, 30],
        ["salt", 460, 30],
      ]),
    ];
    expect([...circledWords(rings, read)].map((w) => w.text)).toEqual(["C)", "salt"]);
  });

  it("takes no printed box, written '0', letter's loop or underline for a ring", () => {
    const page = paper();
    // A printed answer box with a word in it.
    blot(page, 100, 100, 160, 2);
    blot(page, 100, 160, 160, 2);
    blot(page, 100, 100, 2, 62);
    blot(page, 258, 100, 2, 62);
    word(page, 130, 131, 60);
    // A loop with nothing in it (a written "0", a big "O"); an "O" the height of the text; an underline.
    ellipse(page, 400, 130, 40, 32);
    ellipse(page, 500, 130, 10, 12);
    blot(page, 560, 160, 150, 3);
    expect(findRings(page, TEXT)).toEqual([]);
    expect(findRings(page, undefined)).toEqual([]);
    expect(withoutRings(page, [])).toBe(page);
  });
});

const circled = (words: string[], marked: number[]) =>
  words.map((text, i) => (marked.includes(i) ? { text, chosen: "circled" as const } : { text }));

describe("the option circled", () => {
  it("is the letter of the option its circled words belong to", () => {
    const options = ["A)", "iron", "B)", "water", "C)", "salt", "D)", "sand"];
    expect(chosenOption(circled(options, [4, 5]))).toBe("C");
    expect(chosenOption(circled(options, [5]))).toBe("C");
    expect(chosenOption(circled(["A)", "iron", "(b)", "water"], [2]))).toBe("B");
    // A label whose stop was lost, a label read twice.
    expect(chosenOption(circled(["A)", "lungs", "B", "liver", "C)", "heart"], [2, 3]))).toBe("B");
    expect(chosenOption(circled(["A)", "square", "C", "C)", "pentagon"], [2, 3, 4]))).toBe("C");
    // Two options circled answer both; words without letters answer themselves; nothing circled, nothing.
    expect(chosenOption(circled(options, [3, 5]))).toBe("B, C");
    expect(chosenOption(circled(["True", "False"], [1]))).toBe("False");
    expect(chosenOption(circled(["True", "False"], [1]), true)).toBeUndefined();
    // A circled question number is no answer.
    expect(chosenOption(circled(["5.", "The", "sun", "is", "a", "star.", "True", "False"], [0]))).toBeUndefined();
    expect(chosenOption(circled(["5.", "The", "sun", "is", "a", "star.", "True", "False"], [0, 6]))).toBe("True");
    expect(chosenOption(circled(options, []))).toBeUndefined();
    expect(chosenOption(undefined)).toBeUndefined();
  });

  it("answers its question on a page read alone, options under the question or on its line", () => {
    const key = parseAnswerKey("1. C\n2. B\n3. 45", { totalPoints: 6 });
    const page = ocrPage([
      row(20, [{ x: 100, text: "1. Which organ pumps blood?" }]),
      row(60, [{ x: 140, text: "A) lungs B) liver C) heart" }]),
      row(120, [{ x: 100, text: "2. Which is a mammal? A) shark B) dolphin" }]),
      row(180, [{ x: 100, text: "3. What is 9 × 5?" }]),
      row(220, [{ x: 140, text: "Answer: 45" }]),
    ]);
    for (const [l, k] of [
      [1, 4],
      [2, 7],
      [2, 8],
    ] as const)
      page.lines[l]!.words[k]!.chosen = "circled";
    // The child's own answer circled is read where it stands, once.
    page.lines[4]!.words[1]!.chosen = "circled";
    const work = extractFromReading(ocrReading(page), key);
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 1: "C", 2: "B", 3: "45" });
    expect(work.duplicates).toEqual([]);
    // The answer's crop is where the circled word is ("C)", 30 px high), with room for the loop around it.
    const label = page.lines[1]!.words[4]!.bbox;
    const region = answerRegion(readingLines(ocrReading(page)), work.answers[0]);
    expect(region).toEqual({ page: 1, x: label.x - 15, y: label.y - 15, width: label.width + 30, height: 60 });
  });

  it("answers its question on a page of a class set, where the options are print", () => {
    const key = parseAnswerKey("1. C\n2. 45", { totalPoints: 4 });
    const sheet = (name: string, chosen: number, answer: string) => {
      const p = ocrPage([
        row(20, [{ x: 100, text: `Name: ${name}` }]),
        row(80, [{ x: 100, text: "1. Which organ pumps blood?" }]),
        row(120, [{ x: 140, text: "A) lungs B) liver C) heart" }]),
        row(180, [{ x: 100, text: "2. What is 9 × 5?" }]),
        row(220, [{ x: 140, text: `Answer: ${answer}` }]),
      ]);
      p.lines[2]!.words[chosen]!.chosen = "circled";
      p.lines[2]!.words[chosen + 1]!.chosen = "circled";
      return p;
    };
    const pages = [sheet("Ava Patel", 4, "45"), sheet("Liam Nguyen", 2, "44"), sheet("Mia Chen", 0, "45"), sheet("Noah Kim", 4, "54")];
    const template = findTemplate(pages, ["C", "45"])!;
    expect(template).toBeTruthy();
    const lines = readingLines(ocrReading(pages[0]!), template);
    expect(lines[2]!.student).toBe("C");
    const work = extractFromLines(lines, key);
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 1: "C", 2: "45" });
    expect(extractFromLines(readingLines(ocrReading(pages[1]!), template), key).answers[0]!.answer).toBe("B");
  });
});
