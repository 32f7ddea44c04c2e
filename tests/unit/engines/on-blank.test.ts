// An answer written on a blank's rule inside a printed sentence, on a page read alone (issue 30): the rule under the
// written words says they are the student's ("1. 1/4 written as a percent is 25%"), and the unit printed after the
// blank goes with a number written there.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { onBlank } from "../../../workers/grading/answers/blanks";
import { answerPlaces } from "../../../workers/grading/answers/answer-places";
import { extractFromLines, extractFromReading, readingLines } from "../../../workers/grading/answers/student-work";
import { findTemplate } from "../../../workers/grading/answers/template";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { questionFlagged } from "../../eval/grading/metrics";
import { markOnRule, onRule } from "../../../workers/grading/reading/ocr/on-rule";
import type { ReadLine } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading, row } from "./ocr-pages";

// A strip of paper (250): glyphs 20 px tall from y 20 (blocks 10 px wide, 6 px apart), a rule 2 px thick at y 46.
const W = 400;
const H = 80;
function strip(rule?: { from: number; to: number }) {
  const data = new Uint8Array(W * H).fill(250);
  for (let g = 0; g < 3; g++) for (let r = 20; r < 40; r++) for (let c = 150 + g * 16; c < 160 + g * 16; c++) data[r * W + c] = 20;
  if (rule) for (const r of [46, 47]) for (let c = rule.from; c < rule.to; c++) data[r * W + c] = 20;
  return { data, width: W, height: H };
}
const written = { bbox: { x: 146, y: 12, width: 50, height: 36 } };

/** A line whose words from `from` on (to `to`) were written on a blank's rule; its text from x 100, or its cells. */
function ruled(y: number, text: string | { x: number; text: string }[], from: number, to = from + 1): ReadLine {
  const line = row(y, typeof text === "string" ? [{ x: 100, text }] : text);
  return { ...line, words: line.words.map((w, i) => (i >= from && i < to ? { ...w, onRule: true as const } : w)) };
}

describe("a word written on a blank's rule", () => {
  it("is on a rule that runs under it and on past it, not on one that ends with it or none", () => {
    expect(onRule(strip({ from: 120, to: 320 }), written)).toBe(true);
    expect(onRule(strip({ from: 146, to: 197 }), written)).toBe(false);
    expect(onRule(strip(), written)).toBe(false);
    expect(onRule(strip({ from: 170, to: 320 }), written)).toBe(false);
  });

  it("is not where the rule runs on under the word before it (a box's edge under a question's line)", () => {
    const line = (page: ReturnType<typeof strip>) => {
      for (let r = 20; r < 40; r++) for (let c = 60; c < 90; c++) page.data[r * W + c] = 20; // "is", printed
      const words = [
        // Its box higher than the written word's: the rule is too far under it to mark it.
        { text: "is", confidence: 0.95, bbox: { x: 58, y: 4, width: 34, height: 30 } },
        { text: "25%", confidence: 0.95, ...written },
      ];
      return markOnRule(page, [{ text: "is 25%", confidence: 0.95, bbox: { x: 58, y: 12, width: 140, height: 36 }, words }])[0]!;
    };
    expect(line(strip({ from: 120, to: 320 })).words.map((w) => !!w.onRule)).toEqual([false, true]);
    expect(line(strip({ from: 40, to: 320 })).words.map((w) => !!w.onRule)).toEqual([false, false]);
  });

  it("is the answer inside its question's sentence, with the unit printed after the blank", () => {
    const key = parseAnswerKey("1. 25%\n2. 450 cm\n3. 850 cm\n4. 451", { totalPoints: 8 });
    const reading = ocrReading(
      ocrPage([
        ruled(300, "1. 1/4 written as a percent is 25%", 7),
        ruled(400, "2. 4.5 m is the same as 450 cm.", 7),
        ruled(500, "3. 8.5 m is the same as 8 m 50 cm cm.", 7, 11),
        ruled(600, "4. 412 + 39 = 451", 5),
      ]),
    );
    expect(extractFromReading(reading, key).answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "25%"],
      [2, "450 cm"],
      [3, "8 m 50 cm"],
      [4, "451"],
    ]);
    // The child's "8 m 50 cm" is the right amount in another form than asked, not the question's own words.
    const graded = gradeSubmission({ reading, key, assignment: { points: 8 } });
    expect(graded.questions.map((q) => q.pointsAwarded)).toEqual([2, 2, 1, 2]);
    expect(graded.questions.slice(0, 2).map(questionFlagged)).toEqual([false, false]);
  });

  it("leaves the unit printed after the blank to the worksheet's print, on a class set", () => {
    const key = parseAnswerKey("1. 25%\n2. 450 cm", { totalPoints: 4 });
    const page = (a: string, b: string) =>
      ocrPage([
        row(200, [{ x: 100, text: "Fill in the blanks." }]),
        ruled(
          300,
          [
            { x: 100, text: "1. 1/4 written as a percent is" },
            { x: 800, text: a },
          ],
          7,
        ),
        ruled(
          400,
          [
            { x: 100, text: "2. 4.5 m is the same as" }, // the blank's rule from x 600 to 900
            { x: 640, text: b },
            { x: 920, text: "cm." },
          ],
          7,
        ),
        row(500, [{ x: 100, text: "Check your work before you hand it in." }]),
      ]);
    const pages = [page("25%", "450"), page("40%", "45"), page("25%", "405"), page("1/4", "450")];
    const template = findTemplate(pages, ["25%", "450 cm"], (p) => answerPlaces(p, key))!;
    expect(template.words.map((w) => w.text)).toContain("cm.");
    const answers = pages.map((p) => extractFromLines(readingLines(ocrReading(p), template), key).answers.map((a) => a.answer));
    expect(answers).toEqual([
      ["25%", "450 cm"],
      ["40%", "45 cm"],
      ["25%", "405 cm"],
      ["1/4", "450 cm"],
    ]);
  });

  it("is not taken where the sentence has fewer than two words before it, or two runs on rules", () => {
    expect(onBlank(ruled(300, "1. 25% is 1/4 as a percent", 1))).toBeUndefined();
    const two = ruled(300, "1. Half of 10 is 5 and of 8 is 4", 5);
    two.words[10] = { ...two.words[10]!, onRule: true };
    expect(onBlank(two)).toBeUndefined();
  });
});
