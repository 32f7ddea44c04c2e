// Sums stacked four a row under a row of labels: each block is read as its own line ("1) 6 x 6 = 36"), the
// answer under the operator's line, a blank left blank, and a column whose labels were lost still found.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { layoutLines } from "../../../workers/grading/answers/layout";
import { studentText } from "../../../workers/grading/answers/rows";
import { extractFromReading } from "../../../workers/grading/answers/student-work";
import { ocrPage, ocrReading, row } from "./ocr-pages";

const COLUMNS = [100, 430, 760, 1090];
/** A row of cells, one a column, each `dx` into its column; a cell "" is left out. */
const across = (y: number, dx: number, texts: string[]) =>
  row(
    y,
    texts.flatMap((text, k) => (text ? [{ x: COLUMNS[k]! + dx, text }] : [])),
  );
/** A row of operators and the numbers after them, right-aligned as the numbers above them ("x 6"). */
const sums = (y: number, texts: string[]) =>
  row(
    y,
    texts.flatMap((text, k) => {
      const [sign, n] = text.split(" ");
      return [
        { x: COLUMNS[k]! + 70, text: sign! },
        { x: COLUMNS[k]! + 210, text: n! },
      ];
    }),
  );

const KEY = "1. 36\n2. 456\n3. 21\n4. 373\n5. 457\n6. 35\n7. 32\n8. 294";

describe("stacked sums", () => {
  it("reads each block under its label: the numbers, the operator's line, the answer under it", () => {
    const page = ocrPage([
      row(100, [{ x: 100, text: "Name: Ben Dubois" }]),
      row(200, [{ x: 100, text: "Work out each problem. Write the answer under the line." }]),
      across(300, 0, ["1)", "2)", "3)", "4)"]),
      across(345, 210, ["6", "398", "3", "331"]),
      sums(390, ["x 6", "+ 58", "x 7", "+ 42"]),
      // The second block left blank.
      across(435, 110, ["36", "", "21", "363"]),
      // "7)" not read.
      across(520, 0, ["5)", "6)", "", "8)"]),
      across(565, 210, ["363", "7", "4", "256"]),
      sums(610, ["+ 94", "x 5", "x 8", "+ 38"]),
      across(655, 110, ["457", "35", "32", "294"]),
    ]);
    const lines = layoutLines(page).map((l) => l.text);
    expect(lines).toContain("1) 6 x 6 = 36");
    expect(lines).toContain("2) 398 + 58 =");
    expect(lines).toContain("7) 4 x 8 = 32");
    const work = extractFromReading(ocrReading(page), parseAnswerKey(KEY, { totalPoints: 16 }));
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({
      1: "36",
      2: "",
      3: "21",
      4: "363",
      5: "457",
      6: "35",
      7: "32",
      8: "294",
    });
  });

  it("finds a column whose labels were read in no row, where the blocks stand evenly spaced", () => {
    const page = ocrPage([
      across(300, 0, ["1)", "2)", "3)", ""]),
      across(345, 210, ["6", "398", "3", "331"]),
      across(
        390,
        210,
        ["x 6", "+ 58", "x 7", "+ 42"].map((t) => t.split(" ")[1]!),
      ),
      across(435, 110, ["36", "456", "21", "373"]),
    ]);
    const work = extractFromReading(ocrReading(page), parseAnswerKey("1. 36\n2. 456\n3. 21\n4. 373", { totalPoints: 8 }));
    // The operators lost too: the last of three rows is the answer.
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 1: "36", 2: "456", 3: "21", 4: "373" });
  });

  it("leaves a page with no row of labels alone", () => {
    const page = ocrPage([row(300, [{ x: 100, text: "1) What is 6 x 6? 36" }]), row(360, [{ x: 100, text: "2) What is 3 x 7? 21" }])]);
    expect(layoutLines(page).map((l) => l.text)).toEqual(["1) What is 6 x 6? 36", "2) What is 3 x 7? 21"]);
  });
});

describe("the student's words on a registered line", () => {
  it("are the ones after the last '=' when a printed number before it was misread as theirs", () => {
    const words = ["3)", "3", "17", "=", "21"].map((text, i) => ({ text, bbox: { x: 100 + 60 * i, width: 40, height: 30 } }));
    expect(studentText(words, (w) => w.text === "17" || w.text === "21")).toBe("21");
    // Only before it: a missing number written in its blank ("3 + __ = 10").
    expect(studentText(words, (w) => w.text === "17")).toBe("17");
  });
});
