// Layouts that put printed words where answers might be looked for (issue 30, step 9): a ruled table's rows, its
// answer column and header; sentences with a blank and the unit printed after it; a class set's template that
// keeps that unit as print and takes the key's number as the students'.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { withPrintedUnit } from "../../../workers/grading/answers/blanks";
import { layoutLines } from "../../../workers/grading/answers/layout";
import { questionContexts } from "../../../workers/grading/answers/question-context";
import { rowLabels, setApart, studentText } from "../../../workers/grading/answers/rows";
import { extractFromLines, extractFromReading } from "../../../workers/grading/answers/student-work";
import { findTemplate } from "../../../workers/grading/answers/template";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import type { PageReading, ReadWord } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading, row } from "./ocr-pages";

/** A table "No. | Question | Answer": number cell at 130, question cell at 220, answer column at 1300. */
const tableRow = (y: number, n: string, question: string, answer?: string) =>
  row(y, [...(n ? [{ x: 130, text: n }] : []), { x: 220, text: question }, ...(answer ? [{ x: 1300, text: answer }] : [])]);

describe("a ruled table's rows", () => {
  const key = parseAnswerKey("1. 5.8\n2. Paris\n3. 419\n4. honey\n5. 8.2", { totalPoints: 10 });
  const table = [
    row(100, [{ x: 130, text: "Name: Mina Kowalski" }]),
    row(160, [
      { x: 130, text: "No." },
      { x: 220, text: "Question" },
      { x: 1300, text: "Answer" },
    ]),
    tableRow(220, "1", "Round 5.814 to the nearest tenth.", "5.9"),
    tableRow(280, "2", "What is the capital of France?", "Paris"),
    tableRow(340, "3", "Add 358 and 61.", "419"),
    tableRow(400, "4", "What do bees make?", "honey"),
    tableRow(460, "5", "Round 8.191 to the nearest tenth.", "8.2"),
  ];

  it("keeps each row whole: decimal answers beside the rows are not a second column of questions", () => {
    expect(layoutLines(ocrPage(table)).map((l) => l.text)).toEqual(table.map((l) => l.text));
  });

  it("numbers rows by the bare numbers that run in sequence, and takes the answer column's words as answers", () => {
    const work = extractFromReading(ocrReading(ocrPage(table)), key);
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "5.9"],
      [2, "Paris"],
      [3, "419"],
      [4, "honey"],
      [5, "8.2"],
    ]);
    expect(work.studentName).toBe("Mina Kowalski");
  });

  it("finds a row whose number was not read by where its question starts, and leaves an empty row empty", () => {
    const lines = [
      table[0]!,
      table[1]!,
      tableRow(220, "", "Round 5.814 to the nearest tenth.", "5.8"),
      ...table.slice(3, 5),
      tableRow(400, "", "What do bees make?", "honey"),
      tableRow(460, "5", "Round 8.191 to the nearest tenth."),
      tableRow(520, "6", "What is 6 × 4?", "24"),
    ];
    const six = parseAnswerKey("1. 5.8\n2. Paris\n3. 419\n4. honey\n5. 8.2\n6. 24", { totalPoints: 12 });
    const work = extractFromLines(layoutLines(ocrPage(lines)), six);
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "5.8"],
      [2, "Paris"],
      [3, "419"],
      [4, "honey"],
      [5, ""],
      [6, "24"],
    ]);
  });

  it("labels only numbers in sequence: a lone '250 cm' answer or a question starting with a number stays as it is", () => {
    expect(rowLabels(["1 What is 2 + 2?", "2 Name a colour.", "3 Add 4 and 5."])).toEqual([
      "1. What is 2 + 2?",
      "2. Name a colour.",
      "3. Add 4 and 5.",
    ]);
    expect(rowLabels(["1. What is 2 + 2?", "250 cm", "2. Convert 2.5 m.", "12 apples are shared."])).toEqual([
      "1. What is 2 + 2?",
      "250 cm",
      "2. Convert 2.5 m.",
      "12 apples are shared.",
    ]);
    // 1 and 3 keep the order of the rows that run in sequence (5 6 7), though 2 and 4 were not read.
    expect(rowLabels(["1 A.", "3 B.", "5 C.", "6 D.", "7 E."])).toEqual(["1. A.", "3. B.", "5. C.", "6. D.", "7. E."]);
  });

  it("sets apart only what follows a wide gap after the question, not a row's number cell", () => {
    expect(setApart(tableRow(0, "3", "Add 358 and 61.", "419"))).toEqual({ before: "3 Add 358 and 61.", after: "419" });
    expect(setApart(tableRow(0, "3", "Add 358 and 61."))).toBeUndefined();
    expect(setApart(row(0, [{ x: 130, text: "3. Add 358 and 61. 419" }]))).toBeUndefined();
  });

  it("on a registered line, drops the row's number and a misread print before the answer column", () => {
    const line = tableRow(0, "10", "Add 358 and 61.", "419");
    const theirs = new Set(["10", "61.", "419"]);
    expect(studentText(line.words, (w) => theirs.has(w.text))).toBe("419");
    // The row's number alone, where the template missed it on this page: an empty row, not the answer "10".
    expect(studentText(tableRow(0, "10", "Add 358 and 61.").words, (w) => w.text === "10")).toBe("");
    // A student's answer alone on its line is kept, though it is a number at the line's start.
    expect(studentText(row(0, [{ x: 300, text: "12" }]).words, () => true)).toBe("12");
  });
});

describe("a blank inside a printed sentence", () => {
  it("gives a bare number the unit printed right after the blank", () => {
    expect(withPrintedUnit("3. 3.5 m is the same as 350 cm.", "350", "350")).toBe("350 cm");
    expect(withPrintedUnit("3. 3.5 m is the same as 3 m 50 cm cm.", "3 m 50 cm", "3 m 50 cm")).toBe("3 m 50 cm");
    expect(withPrintedUnit("4. 7 × 4 = 28 is the answer", "28", "28")).toBe("28");
  });

  it("takes the child's words on an answer line under the question over stray ones on the question's line", () => {
    // The template missed the question's "7.5" on this page; the child's answer is on the "Answer:" line below.
    const key = parseAnswerKey("5. 750 cm\n6. 56", { totalPoints: 4 });
    const lines = [
      { text: "5. How many centimeters are in 7.5 m?", confidence: 0.95, student: "7.5" },
      { text: "Answer: 750 cm", confidence: 0.95, student: "750 cm" },
      { text: "6. What is 7 x 8? 56", confidence: 0.95, student: "56" },
    ];
    const work = extractFromLines(lines, key);
    expect(work.answers.map((a) => [a.number, a.answer])).toEqual([
      [5, "750 cm"],
      [6, "56"],
    ]);
  });

  it("leaves the student's words out of the question's context, so an answer is not the question's own amount", () => {
    const lines = [{ text: "7. How many centimeters are in 6.5 m? 6 m 50 cm", student: "6 m 50 cm" }];
    expect(questionContexts(lines).get(7)!.text).toBe("How many centimeters are in 6.5 m?");
  });
});

// A class set of one worksheet: a sentence with a blank and "cm." printed after it, and a table-like answer at the
// end of a line; five students, photographed a little differently.
const H = 20;
function placed(text: string, x: number, y: number) {
  const out: { text: string; x: number; y: number }[] = [];
  for (const w of text.split(" ")) {
    out.push({ text: w, x, y });
    x += (w.length + 1) * 10;
  }
  return out;
}
function photo(words: { text: string; x: number; y: number }[], dx: number, dy: number, scale: number): PageReading {
  const rows = new Map<number, ReadWord[]>();
  for (const w of words) {
    const width = w.text.length * 10 * scale;
    const bbox = { x: w.x * scale + dx, y: w.y * scale + dy - (H * scale) / 2, width, height: H * scale };
    rows.set(Math.round(w.y / 40), [...(rows.get(Math.round(w.y / 40)) ?? []), { text: w.text, confidence: 0.95, bbox }]);
  }
  return ocrPage(
    [...rows.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, ws]) => {
        ws.sort((a, b) => a.bbox.x - b.bbox.x);
        const b = ws[0]!.bbox;
        return { text: ws.map((w) => w.text).join(" "), confidence: 0.95, bbox: b, words: ws };
      }),
  );
}
const SHEET = [
  ...placed("Unit review sheet for the week", 100, 60),
  ...placed("Name:", 100, 120),
  ...placed("1. 3.5 m is the same as", 100, 200),
  ...placed("cm.", 480, 200),
  ...placed("2. How many centimeters are in 2.5 m?", 100, 280),
  ...placed("3. What is 7 × 8?", 100, 360),
];
const STUDENTS: [string, string, string, string][] = [
  ["Ava Patel", "350", "250", "56"],
  ["Liam Nguyen", "420", "250", "54"],
  ["Mia Chen", "350", "250", "56"],
  ["Noah Kim", "35", "250", "56"],
  ["Zoe Rossi", "350", "205", "15"],
];
const classPages = STUDENTS.map(([name, a1, a2, a3], i) =>
  photo(
    [...SHEET, ...placed(name, 170 + i, 121), ...placed(a1, 345 + i, 199), ...placed(a2, 520 + i, 281), ...placed(a3, 300 + i, 361)],
    10 * i,
    7 * i,
    1 + 0.03 * i,
  ),
);

describe("a class set's template with units and numbers", () => {
  const key = parseAnswerKey("1. 350 cm\n2. 250 cm\n3. 56", { totalPoints: 6 });
  const answers = key.questions.flatMap((q) => q.accepted.map((a) => a.raw));

  it("keeps as print the unit after the blank that stays where the answer changes, and takes the key's number as the students'", () => {
    const template = findTemplate(classPages, answers)!;
    expect(template).not.toBeNull();
    const kept = template.words.map((w) => w.text);
    expect(kept).toContain("cm.");
    expect(kept).not.toContain("250");
    expect(kept).not.toContain("350");
  });

  it("grades every page right, the number in the blank read with its printed unit", () => {
    const template = findTemplate(classPages, answers)!;
    const expected = [
      [2, 2, 2],
      [0, 2, 0],
      [2, 2, 2],
      [0, 2, 2],
      [2, 0, 0],
    ];
    classPages.forEach((p, i) => {
      const result = gradeSubmission({ reading: ocrReading(p), key, assignment: { points: 6 }, template });
      expect(
        result.questions.map((q) => q.pointsAwarded),
        STUDENTS[i]![0],
      ).toEqual(expected[i]);
    });
  });
});

describe("an answer labelled 'Ans.' at the end of the question's line", () => {
  const key = parseAnswerKey("1. 13\n2. 8.6\n3. C", { totalPoints: 6 });
  const page = (answers: [string, string, string]) =>
    ocrPage([
      row(100, [{ x: 130, text: "Name: Luca Baker" }]),
      ...(["Which number is prime?", "Round 8.589 to the nearest tenth.", "Which organ pumps blood?"] as const).flatMap((q, i) => [
        row(200 + 120 * i, [
          { x: 130, text: `${i + 1}` },
          { x: 180, text: q },
          { x: 1100, text: "Ans." },
          ...(answers[i] ? [{ x: 1200, text: answers[i] }] : []),
        ]),
        ...(i === 2 ? [row(260 + 120 * i, [{ x: 180, text: "A) lungs B) liver C) heart" }])] : []),
      ]),
    ]);

  it("is the words after the label; a blank answer line is no answer, not the label", () => {
    const found = (answers: [string, string, string]) =>
      extractFromReading(ocrReading(page(answers)), key).answers.map((a) => [a.number, a.answer]);
    expect(found(["13", "8.6", "heart"])).toEqual([
      [1, "13"],
      [2, "8.6"],
      [3, "heart"],
    ]);
    expect(found(["", "8.5", ""])).toEqual([
      [1, ""],
      [2, "8.5"],
      [3, ""],
    ]);
    expect(setApart(page(["", "", ""]).lines[1]!)).toBeUndefined();
    expect(setApart(page(["13", "", ""]).lines[1]!)).toEqual({ before: "1 Which number is prime? Ans.", after: "13" });
  });
});
