// Read little (issue 30, decision 0060): a class-set page registered onto the worksheet's printed layout from its
// text boxes' geometry, confirmed by one glimpse, and of a box that starts with print only the rest recognised,
// cut where the ink leaves a gap.
import { describe, expect, it } from "vitest";
import { confirmsLayout, fitBoxesToLayout, glimpsePlan } from "../../../workers/grading/reading/box-registration";
import { partLine } from "../../../workers/grading/reading/ocr/box-crops";
import { palestColumn } from "../../../workers/grading/reading/ocr/ink-gaps";
import { applyAffine, inAnswerZone, printedBoxesAt, printedPartsAt } from "../../../workers/grading/reading/registration";
import type { BoundingBox, PrintedLayout, ReadLine, ReadWord } from "../../../workers/grading/reading/types";

const H = 40; // the layout's text (box) height
const CHAR = 18;

/** A printed line's words from x at row y (the box's top), each word as wide as its letters. */
function words(text: string, x: number, y: number): ReadWord[] {
  const out: ReadWord[] = [];
  for (const word of text.split(" ")) {
    out.push({ text: word, confidence: 0.99, bbox: { x, y, width: word.length * CHAR, height: H } });
    x += (word.length + 1) * CHAR;
  }
  return out;
}

/** Question lines that all start at the same margin and sit at the same spacing: a shift by one line fits their starts. */
const LINES: [string, number][] = [
  ["Fractions and decimals: practice sheet", 60],
  ["Name:", 120],
  ["1. What is 12 × 8 =", 200],
  ["2. Add three quarters and one quarter =", 260],
  ["3. Write one half as a decimal number =", 320],
  ["4. What is 45 + 38 =", 380],
  ["5. A rectangle is 4 cm by 3 cm. What is its area? Answer:", 440],
  ["6. Which is larger, 0.7 or 0.65 =", 500],
];
const LAYOUT: PrintedLayout = { words: LINES.flatMap(([text, y]) => words(text, 100, y)), textHeight: H };

/** A line's extent in the layout's frame; `extra` characters of a student's answer after it. */
function extent(text: string, y: number, extra = 0): BoundingBox {
  return { x: 100, y, width: (text.length + (extra ? extra + 1 : 0)) * CHAR, height: H };
}

/** The detector's boxes on a photographed page: each line's box scaled and moved, a little padding around the text. */
function pageBoxes(answers: Record<number, number>, scale: number, dx: number, dy: number): BoundingBox[] {
  return LINES.map(([text, y], i) => {
    const b = extent(text, y, answers[i] ?? 0);
    const pad = 4;
    return { x: (b.x - pad) * scale + dx, y: b.y * scale + dy, width: (b.width + 2 * pad) * scale, height: b.height * scale };
  });
}

describe("registering a class-set page from its boxes (read little)", () => {
  const answers = { 2: 2, 3: 1, 5: 2, 7: 3 }; // four questions answered beside their line
  const boxes = pageBoxes(answers, 0.9, 37, -22);

  it("finds the map of a scaled, shifted page and the boxes that hold print only, not a line shifted by one", () => {
    const fit = fitBoxesToLayout(boxes, LAYOUT);
    expect(fit).toBeDefined();
    const back = (x: number, y: number) => applyAffine(fit!.map, { x: x * 0.9 + 37, y: y * 0.9 - 22 });
    const p = back(400, 450);
    expect(Math.abs(p.x - 400)).toBeLessThan(0.25 * H);
    expect(Math.abs(p.y - 450)).toBeLessThan(0.25 * H);
    const printedLines = fit!.printed.map((b) => boxes.indexOf(b)).sort((a, b) => a - b);
    expect(printedLines).toEqual([0, 1, 4, 6]);
  });

  it("corrects a map's drift down a page taken at another scale down than across, and takes no answer box for the options above it", () => {
    const lines: [string, number][] = [
      ...LINES,
      ["7. Which continent is Egypt in? Sam keeps careful notes of it", 560],
      ["A) Asia B) Europe C) Africa", 610],
      ["Answer:", 645],
    ];
    const layout: PrintedLayout = { words: lines.flatMap(([text, y]) => words(text, 100, y)), textHeight: H };
    const page = (x: number, y: number) => ({ x: x * 0.9 + 37, y: y * 0.96 - 22 });
    const pageBox = ([text, y]: [string, number], i: number) => {
      const b = extent(text, y, i === lines.length - 1 ? 6 : 0);
      const at = page(b.x - 4, b.y);
      return { x: at.x, y: at.y, width: (b.width + 8) * 0.9, height: b.height * 0.96 };
    };
    const drifting = lines.map(pageBox);
    const fit = fitBoxesToLayout(drifting, layout)!;
    const foot = applyAffine(fit.map, page(300, 665));
    expect(Math.abs(foot.y - 665)).toBeLessThan(0.2 * H);
    // "Answer: Africa" is the child's, under the options: never their print.
    expect(fit.printed).not.toContain(drifting.at(-1));
    expect(fit.printed).toContain(drifting.at(-2));
  });

  it("finds no map for a page of another worksheet", () => {
    const other = [60, 130, 210, 290, 370, 450, 530, 610].map((y, i) => ({ x: 80, y, width: 150 + ((i * 137) % 500), height: 36 }));
    expect(fitBoxesToLayout(other, LAYOUT)).toBeUndefined();
  });

  it("is confirmed by a glimpse of the layout's words at their place, refused by other words there, undecided on numbers", () => {
    const fit = fitBoxesToLayout(boxes, LAYOUT)!;
    const title = boxes[0]!;
    const glimpse = (text: string): ReadLine => {
      const ws = text.split(" ").map((t, i) => ({
        text: t,
        confidence: 0.95,
        bbox: { x: title.x + 4 + i * 8 * CHAR * 0.9, y: title.y, width: t.length * CHAR * 0.9, height: title.height },
      }));
      return { text, confidence: 0.95, bbox: title, words: ws };
    };
    // Each glimpsed word is placed 8 characters on: "Fractions" then "and" at the layout's "and" (9 + 1 characters on).
    const same: ReadLine = {
      text: "Fractions and",
      confidence: 0.95,
      bbox: title,
      words: [
        { text: "Fractions", confidence: 0.95, bbox: { x: title.x + 4 * 0.9, y: title.y, width: 9 * CHAR * 0.9, height: title.height } },
        {
          text: "and",
          confidence: 0.95,
          bbox: { x: title.x + (4 + 10 * CHAR) * 0.9, y: title.y, width: 3 * CHAR * 0.9, height: title.height },
        },
      ],
    };
    expect(confirmsLayout(same, fit.map, LAYOUT)).toBe(true);
    expect(confirmsLayout(glimpse("Shapes quiz"), fit.map, LAYOUT)).toBe(false);
    expect(confirmsLayout(glimpse("12 8"), fit.map, LAYOUT)).toBeUndefined();
  });

  it("glimpses a printed line only into the word after its first two telling words, and never a line with too few", () => {
    const fit = fitBoxesToLayout(boxes, LAYOUT)!;
    const plan = glimpsePlan(fit, LAYOUT);
    // "Name:" has one telling word: it could not confirm the map, so it is not read.
    expect(plan.map(({ box }) => boxes.indexOf(box)).sort()).toEqual([0, 4, 6]);
    expect(plan[0]!.box).toBe(fit.printed[0]); // the widest first
    for (const { box, heights } of plan) {
      const [text, y] = LINES[boxes.indexOf(box)]!;
      const layoutWords = words(text, 100, y);
      const tellingAt = layoutWords.flatMap((w, i) => (/\p{L}.|.\p{L}/u.test(w.text.replace(/[^\p{L}\p{N}]/gu, "")) ? [i] : []));
      const next = layoutWords[tellingAt[1]! + 1]!;
      // The glimpse's end, back in the layout's frame, lies inside that next word: it is cut and left out.
      const end = applyAffine(fit.map, { x: box.x + heights * box.height, y: box.y + box.height / 2 }).x;
      expect(end).toBeGreaterThan(next.bbox.x);
      expect(end).toBeLessThanOrEqual(next.bbox.x + next.bbox.width + 1e-6);
    }
  });
});

describe("reading only what is not print in a box (read little)", () => {
  const identity: [number, number, number, number, number, number] = [1, 0, 0, 0, 1, 0];
  const parts = printedPartsAt(identity, LAYOUT)!;

  it("gives the printed words and the span after them where the answer is written", () => {
    const [text, y] = LINES[3]!; // "2. Add three quarters and one quarter =", answered "1"
    const box = extent(text, y, 1);
    const part = parts(box)!;
    expect(part.words.map((w) => w.text).join(" ")).toBe(text);
    expect(part.unread).toHaveLength(1);
    const [span] = part.unread;
    expect(box.x + span!.from * box.width).toBeCloseTo(100 + text.length * CHAR, 0);
    expect(span!.to).toBe(1);
  });

  it("reads again a layout number with nothing of the question after it: an answer most students gave recurs like print", () => {
    const recurring: PrintedLayout = {
      words: [...words("3. How many cm in 4.5 m?", 100, 200), ...words("Answer: 450", 100, 260)],
      textHeight: H,
    };
    const box = extent("Answer: 450", 260); // the student wrote "456": as wide as the recurring "450"
    expect(printedBoxesAt(identity, recurring)!(box)).toBeUndefined();
    const part = printedPartsAt(identity, recurring)!(box)!;
    expect(part.words.map((w) => w.text)).toEqual(["Answer:"]);
    expect(part.unread).toEqual([{ from: expect.closeTo(7 / 11, 2), to: 1 }]);
    // The question's own numbers are print: "4.5" has "m?" after it, and "80?" ends the question.
    expect(printedBoxesAt(identity, recurring)!(extent("3. How many cm in 4.5 m?", 200))?.text).toBe("3. How many cm in 4.5 m?");
    const asked: PrintedLayout = { words: words("7. What is 25% of 80?", 100, 200), textHeight: H };
    expect(printedBoxesAt(identity, asked)!(extent("7. What is 25% of 80?", 200))?.text).toBe("7. What is 25% of 80?");
  });

  it("takes the words of one printed line: a tall answer under a question gets none of the question's", () => {
    const close: PrintedLayout = { words: [...words("before writing them down.", 100, 400), ...words("Answer:", 100, 430)], textHeight: H };
    const tall = { x: 96, y: 407, width: 12 * CHAR, height: 60 }; // "Answer: 2/3", the answer written large
    const part = printedPartsAt(identity, close)!(tall)!;
    expect(part.words.map((w) => w.text)).toEqual(["Answer:"]);
  });

  it("reads whole an answer written a little above its 'Answer:' line, under a question set close above it", () => {
    const tight: PrintedLayout = {
      words: [...words("6. Write 3/4 as a percent.", 100, 400), ...words("Answer:", 120, 440)],
      textHeight: H,
    };
    // "75%" after "Answer:", its box a little high: its middle as near the question's "as a" above as the Answer line.
    const high = { x: 100 + 13 * CHAR, y: 420, width: 3 * CHAR, height: H };
    expect(printedPartsAt(identity, tight)!(high)).toBeUndefined();
    expect(printedBoxesAt(identity, tight)!(high)).toBeUndefined();
    // The question's own box, at its line, is print as before.
    expect(printedBoxesAt(identity, tight)!(extent("6. Write 3/4 as a percent.", 400))?.text).toBe("6. Write 3/4 as a percent.");
  });

  it("leaves whole a box that does not start with print, and a box of print only", () => {
    expect(parts({ x: 100 + 30 * CHAR, y: 200, width: 4 * CHAR, height: H })).toBeUndefined();
    expect(parts(extent(LINES[0]![0], LINES[0]![1]))).toBeUndefined();
  });
});

describe("a box's printed words placed on its own ink (read little)", () => {
  const identity: [number, number, number, number, number, number] = [1, 0, 0, 0, 1, 0];
  const drill: PrintedLayout = { words: words("11) 8 × 4 =", 100, 200), textHeight: H };
  const printedEnd = 100 + "11) 8 × 4 =".length * CHAR;

  it("moves the layout's words to where the box starts: a map off by most of a text height at a line's end", () => {
    // The page's line, with its answer, sits 24 px further right than the map puts it (a phone snap's map).
    const box = { x: 124, y: 200, width: ("11) 8 × 4 =".length + 3) * CHAR, height: H };
    const part = printedPartsAt(identity, drill)!(box)!;
    expect(part.words[0]!.bbox.x).toBeCloseTo(124, 0);
    const [span] = part.unread;
    // The span read starts after the page's own "=", not 24 px inside the printed words.
    expect(box.x + span!.from * box.width).toBeCloseTo(printedEnd + 24, 0);
  });

  it("takes no word that lies before the box inside another box the detector found", () => {
    // "8" boxed apart from "Round 8.001 to the nearest tenth.", its word's middle just before the box's start.
    const exam: PrintedLayout = {
      words: [...words("8", 100, 300), ...words("Round 8.001 to the nearest tenth.", 125, 300)],
      textHeight: H,
    };
    const digit = { x: 96, y: 300, width: CHAR + 8, height: H };
    const rest = { x: 117, y: 300, width: 125 + 33 * CHAR + 4 - 117, height: H };
    expect(printedBoxesAt(identity, exam)!(rest)!.text).toBe("8 Round 8.001 to the nearest tenth.");
    expect(printedBoxesAt(identity, exam)!(rest, [digit, rest])!.text).toBe("Round 8.001 to the nearest tenth.");
  });
});

describe("a box's line from its printed words and its spans read", () => {
  const box = { x: 100, y: 300, width: 200, height: H, points: [] } as unknown as Parameters<typeof partLine>[0];
  const read = (text: string, x: number, width: number): ReadLine => ({
    text,
    confidence: 0.9,
    bbox: { x, y: 300, width, height: H },
    words: [{ text, confidence: 0.9, bbox: { x, y: 300, width, height: H } }],
  });
  const printedWord = (text: string, x: number, width: number): ReadWord => ({
    text,
    confidence: 0.99,
    bbox: { x, y: 300, width, height: H },
    printed: true,
  });

  it("leaves out what the span took again of a printed word's end: its last letters, its sign read as another, its label", () => {
    // The layout's "Question" ends 8 px short of its ink: the span after it read its "n" before the question's number.
    const heading = { words: [printedWord("Question", 101, 128)], unread: [{ from: 0.7, to: 1 }] };
    expect(
      partLine(box, heading, [{ ...read("n", 221, 18), words: [read("n", 221, 18).words[0]!, read("6", 250, 15).words[0]!] }]).text,
    ).toBe("Question 6");
    const sum = { words: [printedWord("4", 148, 26), printedWord("=", 178, 26)], unread: [{ from: 0.4, to: 1 }] };
    const spans = [{ ...read("-", 193, 28), words: [read("-", 193, 28).words[0]!, read("32", 237, 50).words[0]!] }];
    expect(partLine(box, sum, spans).text).toBe("4 = 32");
    // An option's label taken again with its number, or all of it again: "A) )9", "C) C) 13".
    const options = {
      words: [printedWord("A)", 100, 30), printedWord("C)", 180, 30)],
      unread: [
        { from: 0.15, to: 0.4 },
        { from: 0.55, to: 1 },
      ],
    };
    const labels = [read(")9", 124, 30), { ...read("C)", 200, 30), words: [read("C)", 200, 30).words[0]!, read("13", 240, 36).words[0]!] }];
    const line = partLine(box, options, labels);
    expect(line.text).toBe("A) 9 C) 13");
    expect(line.words[1]!.bbox.x).toBeGreaterThan(130);
  });

  it("keeps a word of the span that only starts like the printed word's end, or lies after it", () => {
    const answer = { words: [printedWord("Answer:", 100, 126)], unread: [{ from: 0.6, to: 1 }] };
    expect(partLine(box, answer, [read("r", 232, 16)]).text).toBe("Answer: r");
    expect(partLine(box, answer, [read("ear", 220, 50)]).text).toBe("Answer: ear");
  });
});

describe("cutting between print and answer at the ink's gap", () => {
  // A row of ink: "=" from x 20 to 34, a gap, the answer from 48 to 60.
  const width = 80;
  const height = 30;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 8; y < 22; y++) {
    for (let x = 20; x <= 34; x++) if (y === 10 || y === 11 || y === 18 || y === 19) data[y * width + x] = 0;
    for (let x = 48; x <= 60; x++) data[y * width + x] = 0;
  }
  const page = { data, width, height };
  const box = { x: 0, y: 0, width, height };

  it("moves a cut guessed inside the printed sign to the middle of the gap after it", () => {
    expect(palestColumn(page, box, 30, 24, 56)).toBe(41);
  });

  it("keeps the guess when the window is empty", () => {
    expect(palestColumn(page, box, 30, 40, 39)).toBe(30);
  });
});

describe("a page's marks against the set's answer zones (0081)", () => {
  const layout: PrintedLayout = {
    words: words("1. What is 12 × 8 =", 60, 200),
    textHeight: H,
    answerZones: [{ x: 420, y: 196, width: 60, height: 48 }],
  };
  // The page was photographed smaller and moved: page (x, y) → layout (1.25 x + 10, 1.25 y - 20).
  const map: [number, number, number, number, number, number] = [1.25, 0, 10, 0, 1.25, -20];
  const onPage = (x: number, y: number): BoundingBox => ({ x: (x - 10) / 1.25, y: (y + 20) / 1.25, width: 16, height: 24 });

  it("finds a mark written where the set's students answer, through the page's registration", () => {
    expect(inAnswerZone(onPage(440, 200), layout, map)).toBe(true);
    // Beside the question's words, or with no registration or no zones: not in a zone.
    expect(inAnswerZone(onPage(200, 200), layout, map)).toBe(false);
    expect(inAnswerZone(onPage(440, 200), layout, undefined)).toBe(false);
    expect(inAnswerZone(onPage(440, 200), { ...layout, answerZones: undefined }, map)).toBe(false);
  });
});
