// A class set read as a set (issue 30): the printed template found from the pages, each page registered onto it
// under a photo's tilt, scale and crop, and the printed words never taken for answers.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { answerPlaces } from "../../../workers/grading/answers/answer-places";
import { blankTemplate, findTemplate, studentWords, templatePoints } from "../../../workers/grading/answers/template";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import type { PageReading, ReadLine } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading } from "./ocr-pages";

const H = 20; // text height in the worksheet's own frame
const CHAR = 10;

interface Placed {
  text: string;
  x: number;
  y: number;
}

/** A line of words placed from x, each word as wide as its letters. */
function line(text: string, x: number, y: number): Placed[] {
  const out: Placed[] = [];
  for (const word of text.split(" ")) {
    out.push({ text: word, x, y });
    x += (word.length + 1) * CHAR;
  }
  return out;
}

const PRINTED: Placed[] = [
  ...line("Shapes and sums check-in", 100, 60),
  ...line("Name:", 100, 120),
  ...line("1. Which shape has three sides?", 100, 200),
  ...line("A) square B) triangle C) pentagon", 140, 240),
  ...line("Answer:", 140, 280),
  ...line("2. What is 7 × 8 =", 100, 360),
  ...line("3. A farmer plants 12 rows of 9 trees each and then adds", 100, 440),
  ...line("4 more trees. How many trees are there in total?", 140, 480),
  ...line("Answer:", 140, 520),
  ...line("4. The capital of France is", 100, 600),
  ...line("and it lies on the Seine.", 480, 600),
];

/** The student's words: written beside the printed ones, a little off each time. */
function filled(name: string, answers: [string, string, string, string], jitter: number): Placed[] {
  const j = (k: number) => ((jitter * (k + 3)) % 7) - 3;
  return [
    ...line(name, 170 + j(1), 121),
    { text: answers[0], x: 230 + j(2), y: 281 },
    { text: answers[1], x: 290 + j(3), y: 361 },
    { text: answers[2], x: 230 + j(4), y: 522 },
    { text: answers[3], x: 390 + j(5), y: 599 },
  ];
}

/** A photographed page: the words turned, scaled and moved, grouped into lines by their row. */
function page(words: Placed[], angle: number, scale: number, dx: number, dy: number): PageReading {
  const cos = Math.cos((angle * Math.PI) / 180) * scale;
  const sin = Math.sin((angle * Math.PI) / 180) * scale;
  const rows = new Map<number, ReadLine>();
  for (const w of words) {
    const width = w.text.length * CHAR;
    const cx = w.x + width / 2;
    const cy = w.y;
    const x = cos * cx - sin * cy + dx;
    const y = sin * cx + cos * cy + dy;
    const bbox = { x: x - (width * scale) / 2, y: y - (H * scale) / 2, width: width * scale, height: H * scale };
    const row = Math.round(w.y / 40);
    const l = rows.get(row) ?? { text: "", confidence: 0.95, bbox, words: [] };
    l.words.push({ text: w.text, confidence: 0.95, bbox });
    rows.set(row, l);
  }
  const lines = [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, l]) => {
      l.words.sort((a, b) => a.bbox.x - b.bbox.x);
      return { ...l, text: l.words.map((w) => w.text).join(" ") };
    });
  return ocrPage(lines);
}

const reading = ocrReading;

const CLASS: [string, [string, string, string, string]][] = [
  ["Ava Patel", ["B", "56", "112", "Paris"]],
  ["Liam Nguyen", ["A", "54", "108", "Paris"]],
  ["Mia Chen", ["B", "56", "112", "Lyon"]],
  ["Noah Kim", ["C", "56", "", "Paris"]],
  ["Zoe Rossi", ["B", "15", "112", "Paris"]],
];
const NAMES = CLASS.map(([name]) => name);
const CAPTURES: [number, number, number, number][] = [
  [0, 1, 0, 0],
  [-2, 0.92, 40, 25],
  [1.5, 1.1, -30, 60],
  [0.8, 0.85, 120, -10],
  [-1, 1.04, 10, 90],
];
const pages = CLASS.map(([name, answers], i) => page([...PRINTED, ...filled(name, answers, i + 1)], ...CAPTURES[i]!));
const KEY = "1. B\n2. 56\n3. 112\n4. Paris";

/** Each question's answer and points on a page graded against the template. */
function marks(p: PageReading, template: NonNullable<ReturnType<typeof findTemplate>>) {
  const key = parseAnswerKey(KEY, { totalPoints: 8 });
  return gradeSubmission({ reading: reading(p), key, assignment: { points: 8 }, template }).questions.map((q) => [
    q.studentAnswer,
    q.pointsAwarded,
  ]);
}
const ALL_RIGHT = [
  ["B", 2],
  ["56", 2],
  ["112", 2],
  ["Paris", 2],
];

describe("the worksheet's template from a class set", () => {
  it("finds the printed words that recur at their place, not the students' answers, even the right ones", () => {
    const template = findTemplate(pages, ["B", "56", "112", "Paris"]);
    expect(template).not.toBeNull();
    const texts = templatePoints(template!).map((w) => w.text);
    expect(texts).toEqual(expect.arrayContaining(["shapes", "which", "triangle", "answer", "capital", "seine"]));
    // Nothing a student wrote is kept: not the right answers, not the reference page's name.
    const kept = template!.words.map((w) => w.text);
    for (const studentWord of ["Paris", "Ava", "Patel", "Liam", "112", "56"]) expect(kept).not.toContain(studentWord);
    expect(kept).toContain("×");
    // Once: the reference's "×" is punctuation to registration, and the other pages' "×" was added again as a word it
    // had lost ("12 × × 8" on every page read little).
    expect(kept.filter((w) => w === "×")).toHaveLength(1);
    expect(template!.residual).toBeLessThan(0.2);
  });

  it("registers a page taken at another tilt, scale and crop and keeps only the student's words", () => {
    const template = findTemplate(pages.slice(0, 4), ["B", "56", "112", "Paris"])!;
    const late = page([...PRINTED, ...filled("Kai Silva", ["B", "56", "112", "Paris"], 9)], 2.5, 0.8, -60, 140);
    const marked = studentWords(template, late)!;
    expect(marked.residual).toBeLessThan(0.2);
    expect([...marked.words].map((w) => w.text).sort()).toEqual(["112", "56", "B", "Kai", "Paris", "Silva"].sort());
  });

  it("takes a printed '×' read as the letter x for the print it is", () => {
    const template = findTemplate(pages.slice(0, 4), ["B", "56", "112", "Paris"])!;
    const misread = PRINTED.map((w) => (w.text === "×" ? { ...w, text: "x" } : w));
    const late = page([...misread, ...filled("Kai Silva", ["B", "56", "112", "Paris"], 9)], 2.5, 0.8, -60, 140);
    expect([...studentWords(template, late)!.words].map((w) => w.text).sort()).toEqual(["112", "56", "B", "Kai", "Paris", "Silva"].sort());
  });

  it("takes a question's label misread at its place for the label, so the line keeps its question", () => {
    const template = findTemplate(pages.slice(0, 4), ["B", "56", "112", "Paris"])!;
    const misread = PRINTED.map((w) => (w.text === "2." ? { ...w, text: ",7" } : w));
    const late = page([...misread, ...filled("Kai Silva", ["B", "56", "112", "Paris"], 9)], 1.5, 0.9, 30, 40);
    expect(marks(late, template)).toEqual(ALL_RIGHT);
  });

  it("cuts a student's answer from the printed word it was read joined to ('8=56'), and grades it", () => {
    const template = findTemplate(pages.slice(0, 4), ["B", "56", "112", "Paris"])!;
    const close = [
      ...PRINTED.filter((w) => !(w.y === 360 && (w.text === "8" || w.text === "="))),
      { text: "8=56", x: 250, y: 360 },
      ...filled("Kai Silva", ["B", "", "112", "Paris"], 9).filter((w) => w.text),
    ];
    const late = page(close, 1.5, 0.9, 30, 40);
    expect([...studentWords(template, late)!.words].map((w) => w.text).sort()).toEqual(["112", "=56", "B", "Kai", "Paris", "Silva"].sort());
    expect(marks(late, template)).toEqual(ALL_RIGHT);
  });

  it("flags a question with no answer found when the page has writing no question took, and not a blank one", () => {
    const template = findTemplate(pages.slice(0, 4), ["B", "56", "112", "Paris"])!;
    const key = parseAnswerKey(KEY, { totalPoints: 8 });
    const graded = (words: Placed[]) =>
      gradeSubmission({ reading: reading(page(words, 1, 0.95, 20, 30)), key, assignment: { points: 8 }, template }).questions[2]!;
    // Question 3's answer written at the foot of the page, under nothing.
    const away = graded([...PRINTED, ...filled("Kai Silva", ["B", "56", "", "Paris"], 9), { text: "112", x: 300, y: 760 }]);
    expect([away.status, away.needsReview]).toEqual(["missing", true]);
    expect(away.reviewReason).toBe('No answer found, but the page has writing no question took ("112"): the answer may be there.');
    const blank = graded([...PRINTED, ...filled("Kai Silva", ["B", "56", "", "Paris"], 9)]);
    expect([blank.status, blank.needsReview]).toEqual(["missing", false]);
  });

  it("keeps where the set's students answered, and a mark far from it on the line is not the answer", () => {
    const key = parseAnswerKey(KEY, { totalPoints: 8 });
    const template = findTemplate(pages, ["B", "56", "112", "Paris"], (p) => answerPlaces(p, key))!;
    // Questions 2, 3 and 4 were answered at one place on most pages: each is a zone.
    expect(template.answerZones).toHaveLength(3);
    const grade = (extra: Placed[], answers: [string, string, string, string]) => {
      const late = page([...PRINTED, ...filled("Kai Silva", answers, 9).filter((w) => w.text), ...extra], 1.5, 0.9, 30, 40);
      return gradeSubmission({ reading: reading(late), key, assignment: { points: 8 }, template }).questions.map((q) => [
        q.studentAnswer,
        q.pointsAwarded,
      ]);
    };
    // A stray "7" far across question 2's line, beside the answer written at its place.
    expect(grade([{ text: "7", x: 640, y: 361 }], ["B", "56", "112", "Paris"])[1]).toEqual(["56", 2]);
    // An answer written only away from the known place is still found.
    expect(grade([{ text: "56", x: 640, y: 361 }], ["B", "", "112", "Paris"])[1]).toEqual(["56", 2]);
  });

  it("refuses pages that are not one worksheet, and too few pages", () => {
    const other = page(line("Essay: my summer holiday was spent by the sea with my family", 100, 100), 0, 1, 0, 0);
    expect(findTemplate([pages[0]!, other, { ...other }])).toBeNull();
    expect(findTemplate(pages.slice(0, 2))).toBeNull();
  });

  it("grades each page of the set right: options below a question and a wrapped question are never answers", () => {
    const key = parseAnswerKey(KEY, { totalPoints: 8 });
    const template = findTemplate(pages, ["B", "56", "112", "Paris"])!;
    const expected = [
      [2, 2, 2, 2],
      [0, 0, 0, 2],
      [2, 2, 2, 0],
      [0, 2, 0, 2],
      [2, 0, 2, 2],
    ];
    pages.forEach((p, i) => {
      const result = gradeSubmission({ reading: reading(p), key, assignment: { points: 8 }, template });
      expect(
        result.questions.map((q) => q.pointsAwarded),
        CLASS[i]![0],
      ).toEqual(expected[i]);
      expect(result.studentName).toBe(CLASS[i]![0]);
    });
  });
});

describe("the worksheet's template from the teacher's blank worksheet (0041)", () => {
  const key = parseAnswerKey(KEY, { totalPoints: 8 });
  const expected = [
    [2, 2, 2, 2],
    [0, 0, 0, 2],
    [2, 2, 2, 0],
    [0, 2, 0, 2],
    [2, 0, 2, 2],
  ];

  it("takes every word of the blank as print, so each page is graded right from the first, a misread letter of the blank forgiven", () => {
    // The blank, snapped at its own tilt and scale, read with one slip: "pentagn" for "pentagon".
    const misread = PRINTED.map((w) => (w.text === "pentagon" ? { ...w, text: "pentagn" } : w));
    const template = blankTemplate(page(misread, 1.2, 0.9, 30, -20), "blank-1")!;
    expect(template).toMatchObject({ blank: "blank-1", pages: 1 });
    expect(template.words.map((w) => w.text).sort()).toEqual(misread.map((w) => w.text).sort());
    pages.forEach((p, i) => {
      // "pentagon" at the printed place is not the student's: question 1 keeps its own answer.
      expect([...studentWords(template, p)!.words].map((w) => w.text)).not.toContain("pentagon");
      const result = gradeSubmission({ reading: reading(p), key, assignment: { points: 8 }, template });
      expect(
        result.questions.map((q) => q.pointsAwarded),
        CLASS[i]![0],
      ).toEqual(expected[i]);
    });
  });

  it("is no template when the blank holds too little text to be a worksheet", () => {
    expect(blankTemplate(page(line("IMG 2041 draft", 100, 100), 0, 1, 0, 0), "blank-2")).toBeNull();
  });

  it("reads alone a page whose right answers a 'blank' with answers on it (a filled copy given by mistake) would swallow", () => {
    // Ava's filled page as the blank. Zoe wrote three of her four answers where she wrote them: the template would
    // empty most of the page. Eli wrote only her right "B" there, read alone exactly as the key's answer: his page
    // is read alone too, rather than lose it. (Had he written it inside a sentence, it would be lost: see 0041.)
    const template = blankTemplate(pages[0]!, "blank-3")!;
    const marks = (p: PageReading) =>
      gradeSubmission({ reading: reading(p), key, assignment: { points: 8 }, template }).questions.map((q) => q.pointsAwarded);
    expect(marks(pages[4]!)).toEqual(expected[4]);
    const eli = page([...PRINTED, ...filled("Eli Moss", ["B", "54", "108", "Lyon"], 1)], 0, 1, 0, 0);
    expect(marks(eli)).toEqual([2, 0, 0, 0]);
  });
});

describe("a unanimous answer and a key answer printed in a question (0061)", () => {
  const SHEET: Placed[] = [
    ...line("Decimals quick check", 100, 60),
    ...line("Name:", 100, 120),
    ...line("1. Which is larger: 0.7 or 0.65?", 100, 200),
    ...line("Answer:", 140, 240),
    ...line("2. What is 7 × 8 =", 100, 320),
    ...line("3. What is 0.5 written as a fraction?", 100, 400),
    ...line("Answer:", 140, 440),
  ];
  // Every student wrote 0.65 (wrong) and 54 (wrong) at the same place, as typed answers would be.
  const thirds = ["1/2", "1/2", "2/4", "1/2", "5/10"];
  const set = NAMES.map((name, i) =>
    page(
      [
        ...SHEET,
        ...line(name, 170, 121),
        { text: "0.65", x: 230, y: 241 },
        { text: "54", x: 290, y: 321 },
        { text: thirds[i]!, x: 230, y: 441 },
      ],
      ...CAPTURES[i]!,
    ),
  );
  const key = parseAnswerKey("1. 0.7\n2. 56\n3. 1/2", { totalPoints: 6 });
  const answers = key.questions.flatMap((q) => q.accepted.map((a) => a.raw));

  it("keeps what every student wrote at the answer's place out of the template, and the key's 0.7 in the question in it", () => {
    const template = findTemplate(set, answers, (p) => answerPlaces(p, key))!;
    const kept = template.words.map((w) => w.text);
    expect(kept).not.toContain("0.65");
    expect(kept).not.toContain("54");
    expect(kept).toEqual(expect.arrayContaining(["0.7", "0.5"]));
    set.forEach((p) => {
      const result = gradeSubmission({ reading: reading(p), key, assignment: { points: 6 }, template });
      expect(result.questions.map((q) => q.studentAnswer)).toEqual(["0.65", "54", expect.stringMatching(/\//)]);
      expect(result.questions.map((q) => q.pointsAwarded)).toEqual([0, 0, 2]);
    });
  });
});

describe("printed words the reference page misread, from the rest of the set", () => {
  const sheet = (sorting: string): Placed[] => [
    ...line("Library week", 100, 60),
    ...line("Name:", 100, 120),
    ...line(`1. Maya is ${sorting} the class library and checks twice.`, 100, 200),
    ...line("How many shelves are left?", 140, 240),
    ...line("Answer:", 140, 280),
    ...line("2. What is 7 × 8 =", 100, 360),
  ];
  // Two of five photos read "sorting" as "sortinq": on neither side of the set does it recur on most pages.
  const readAs = ["sortinq", "sorting", "sortinq", "sorting", "sorting"];
  const set = NAMES.map((name, i) =>
    page(
      [
        ...sheet(readAs[i]!),
        ...line(name, 170, 121),
        { text: ["12", "11", "12", "12", "10"][i]!, x: 230, y: 281 },
        { text: "56", x: 290, y: 361 },
      ],
      ...CAPTURES[i]!,
    ),
  );
  const key = parseAnswerKey("1. 12\n2. 56", { totalPoints: 4 });

  it("takes a word most pages show at its place as printed, so it is never a page's answer", () => {
    const template = findTemplate(set, ["12", "56"], (p) => answerPlaces(p, key))!;
    expect(template.words.map((w) => w.text)).toContainEqual(expect.stringMatching(/^sortin[gq]$/));
    set.forEach((p, i) => {
      const result = gradeSubmission({ reading: reading(p), key, assignment: { points: 4 }, template });
      expect(result.questions[0]!.studentAnswer, NAMES[i]).toBe(["12", "11", "12", "12", "10"][i]);
    });
  });
});

describe("a question's own numbers that read as key answers", () => {
  // Key answers 2 and 12 are also the label "2." starting question 2 and the operand "12" of question 1.
  const SHEET: Placed[] = [
    ...line("Times and shares", 100, 60),
    ...line("Name:", 100, 120),
    ...line("1. What is 12 × 8 =", 100, 200),
    ...line("2. What is 10 ÷ 5 =", 100, 280),
    ...line("3. What is 4 × 3 =", 100, 360),
  ];
  const written = [
    ["96", "2", "12"],
    ["96", "3", "12"],
    ["86", "2", "12"],
    ["96", "2", "7"],
    ["96", "2", "12"],
  ];
  const set = NAMES.map((name, i) =>
    page(
      [
        ...SHEET,
        ...line(name, 170, 121),
        { text: written[i]![0]!, x: 300, y: 201 },
        { text: written[i]![1]!, x: 300, y: 281 },
        { text: written[i]![2]!, x: 290, y: 361 },
      ],
      ...CAPTURES[i]!,
    ),
  );
  const key = parseAnswerKey("1. 96\n2. 2\n3. 12", { totalPoints: 3 });

  it("keeps a question's label and an operand before its '=' in the template, and grades each page's answers", () => {
    const template = findTemplate(set, ["96", "2", "12"])!;
    const kept = template.words.map((w) => w.text);
    expect(kept).toEqual(expect.arrayContaining(["1.", "2.", "3.", "12"]));
    expect(kept.filter((t) => t === "12")).toHaveLength(1); // the operand; question 3's answers are the students'
    set.forEach((p, i) => {
      const result = gradeSubmission({ reading: reading(p), key, assignment: { points: 3 }, template });
      expect(
        result.questions.map((q) => q.studentAnswer),
        NAMES[i],
      ).toEqual(written[i]);
    });
  });
});
