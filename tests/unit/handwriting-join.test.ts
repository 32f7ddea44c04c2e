// The handwriting reader joined to PP-OCR (reading/handwriting/words.ts), on real handwriting: MNIST digits of the
// dev split (allowed part) drawn in pencil after a printed "=": which numbers are read again, and which stay print.
import { describe, expect, it } from "vitest";
import { seeded } from "../../scripts/handwriting/augment";
import { composeLine } from "../../scripts/handwriting/compose";
import { loadSplit, type LabelledDigit } from "../../scripts/handwriting/mnist";
import { certainPrint, lostOneOfMore, overCut, printed } from "../../workers/grading/reading/handwriting/print-or-ink";
import { joinHandwriting } from "../../workers/grading/reading/handwriting/words";
import type { ReadLine, ReadWord, WordAlternatives } from "../../workers/grading/reading/types";

const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);

const word = (text: string, x: number, width: number, confidence = 0.99): ReadWord => ({
  text,
  confidence,
  bbox: { x, y: 20, width, height: 60 },
});

/** The handwriting reader's readings of an answer PP-OCR read `ocr` at `confidence`, as a word keeps them. */
const readAs = (readings: [string, number][], ocr: string, confidence: number): WordAlternatives => ({
  readings: readings.map(([text, share]) => ({ text, share, probability: share })),
  rest: 0,
  ocr: { text: ocr, confidence },
  why: "answer",
});

/** A page strip: "3. 12 + 5 =" boxes in print, then `written` in pencil (real digits) where the answer goes. */
function strip(written: string, seed = 11) {
  const line = composeLine(seeded(seed), pool, written);
  const width = 420 + line.region.width;
  const height = 110;
  const data = new Uint8Array(width * height).fill(250);
  // Printed words as solid dark bars (their pixels are not read: only the answer's crop is).
  for (const [x0, x1] of [
    [10, 40],
    [60, 120],
    [140, 170],
    [190, 230],
    [250, 290],
  ])
    for (let y = 40; y < 70; y++) for (let x = x0; x < x1; x++) data[y * width + x] = 25;
  const top = 10;
  for (let y = 0; y < Math.min(line.region.height, height - top); y++)
    for (let x = 0; x < line.region.width; x++)
      data[(top + y) * width + 320 + x] = Math.round(250 * line.region.grey[y * line.region.width + x]);
  return { page: { data, width, height }, answerX: 320, answerW: line.region.width };
}

/** "3. 12 + 5 =" in print, then `written` in pencil, which PP-OCR read as the words `seen` places on the answer. */
function joinedAnswer(
  written: string,
  seen: (x: number, width: number) => ReadWord[],
  confidence = 0.8,
  seed?: number,
  keyNumbers?: readonly number[],
) {
  const { page, answerX, answerW } = strip(written, seed);
  const words = [word("3.", 10, 30), word("12", 60, 60), word("+", 140, 30), word("5", 190, 40), word("=", 250, 40)];
  words.push(...seen(answerX, answerW));
  const line: ReadLine = {
    text: words.map((w) => w.text).join(" "),
    confidence,
    bbox: { x: 10, y: 20, width: answerX + answerW - 10, height: 60 },
    words,
  };
  return joinHandwriting(page, [line], 0.9, keyNumbers)[0];
}

describe("the handwriting reader joins PP-OCR", () => {
  it("reads the answer after '=' again and keeps both readings, the digits PP-OCR split or misread joined", () => {
    const joined = joinedAnswer("476", (x) => [word("4", x, 30, 0.7), word("/6", x + 40, 40, 0.6)]);
    expect(joined.words.slice(0, 5).map((w) => w.text)).toEqual(["3.", "12", "+", "5", "="]);
    const answer = joined.words[5];
    expect(joined.words).toHaveLength(6);
    expect(answer.alternatives?.ocr.text).toBe("4 /6");
    expect(answer.alternatives?.why).toBe("answer");
    expect(answer.alternatives?.readings.map((r) => r.text)).toContain("476");
    expect(answer.text).toBe(answer.alternatives!.readings[0].probability >= 0.5 ? answer.alternatives!.readings[0].text : "4/6");
  });

  it("reads again the few marks after '=' PP-OCR was unsure of, though together they spell three letters ('S αl')", () => {
    const answer = joinedAnswer("521", (x, width) => [word("S", x, 30, 0.63), word("αl", x + 40, width - 40, 0.39)]).words.at(-1)!;
    expect(answer.alternatives?.ocr.text).toBe("S αl");
    expect(answer.alternatives?.readings.length).toBeGreaterThan(0);
  });

  it("reads again a word of digit look-alikes after '=' PP-OCR was unsure of ('SOS' for a written 505), not a sure one", () => {
    const unsure = joinedAnswer("505", (x, width) => [word("SOS", x, width, 0.44)]).words.at(-1)!;
    expect(unsure.alternatives?.ocr.text).toBe("SOS");
    expect(unsure.alternatives?.readings.length).toBeGreaterThan(0);
    expect(joinedAnswer("505", (x, width) => [word("SOS", x, width, 0.95)]).words.at(-1)!.alternatives).toBeUndefined();
  });

  /** "3. 12 + 5 = " then `written` in pencil, which PP-OCR read as `seen` with `confidence`. */
  function answered(written: string, seen: string, confidence: number, seed?: number) {
    return joinedAnswer(written, (x, width) => [word(seen, x, width, confidence)], confidence, seed).words.at(-1)!;
  }

  it("leaves to PP-OCR a number it read surely that the handwriting reader does not see (print, a font)", () => {
    // The handwriting reader reads the ink as 55; PP-OCR surely read 96, as it does a typed answer: print.
    const printed = answered("55", "96", 0.999);
    expect(printed.text).toBe("96");
    expect(printed.alternatives).toBeUndefined();
    // Unsure, PP-OCR's reading no longer stands alone: both are kept for the key to be verified against.
    const unsure = answered("55", "96", 0.8);
    expect(unsure.alternatives?.readings[0].text).toBe("55");
    expect(unsure.alternatives?.ocr).toEqual({ text: "96", confidence: 0.8 });
  });

  it("keeps both readings when the handwriting reader fairly surely reads one digit other than PP-OCR's sure number", () => {
    // A dev page's written 392, read "393" by PP-OCR at 98% and 392 at 98% by the handwriting reader: two witnesses
    // that differ at one place, so the key is verified against both rather than PP-OCR's reading taken as print.
    const apart = answered("476", "478", 0.99);
    expect(apart.alternatives?.readings[0]).toMatchObject({ text: "476" });
    expect(apart.alternatives?.ocr).toEqual({ text: "478", confidence: 0.99 });
    // Two digits apart stays print (a font's "96" read "55" is above), and so does a number of one or two digits read
    // otherwise: the readers agree on no other digit (a typed "6" of a class set read "4").
    expect(answered("476", "418", 0.99).alternatives).toBeUndefined();
    expect(answered("55", "56", 0.99).alternatives).toBeUndefined();
  });

  it("keeps both readings when PP-OCR surely read the number with a digit lost", () => {
    const lost = answered("476", "76", 0.99);
    expect(lost.alternatives?.readings.map((r) => r.text)).toContain("476");
  });

  it("counts the handwriting reader's readings by their digits when PP-OCR lost one ('4,69' and '469' for its '69')", () => {
    const read = (readings: [string, number][], ocr: string) => readAs(readings, ocr, 0.996);
    // A dev phone page's written 469: the reader put a comma after its 4 in most of its readings.
    const commas: [string, number][] = [
      ["4,69", 0.757],
      ["4.69", 0.142],
      ["469", 0.047],
    ];
    expect(printed(read(commas, "69"))).toBe(false);
    // Nor is "4,69" two digits more than "69": that would be a font's digits cut in too many pieces ("431" read "43961").
    expect(overCut(read(commas, "69"))).toBe(false);
    expect(overCut(read([["43961", 0.5]], "431"))).toBe(true);
    // A typed "x = 5" the reader reads "45" at 53%: PP-OCR's sure 5 stays print.
    expect(
      printed(
        read(
          [
            ["45", 0.53],
            ["4.5", 0.1],
          ],
          "5",
        ),
      ),
    ).toBe(true);
  });

  it("keeps a number PP-OCR read at 0.999 or more as print, whatever more the handwriting reader makes of a font's strokes", () => {
    // Dev class sets' clean pages (roman, ticked): a serif font's "550" read "5503" by the reader, its "8.1" read "8.14".
    expect(
      certainPrint(
        readAs(
          [
            ["5503", 0.8],
            ["5501", 0.07],
          ],
          "550",
          0.99992,
        ),
      ),
    ).toBe(true);
    expect(
      certainPrint(
        readAs(
          [
            ["8.14", 0.79],
            ["8.1", 0.01],
          ],
          "8.1",
          0.99917,
        ),
      ),
    ).toBe(true);
    // Less sure, the reader's digit more is a digit PP-OCR lost, as on handwritten pages ("35" for a written 235).
    expect(certainPrint(readAs([["5503", 0.8]], "550", 0.998))).toBe(false);
    expect(printed(readAs([["235", 0.9]], "35", 0.998))).toBe(false);
    // A one-digit number may be one of several written ("7" for a written 77 at 0.9991 on a dev2 page).
    expect(certainPrint(readAs([["77", 0.9]], "7", 0.9991))).toBe(false);
    // A gap between digits is a child's ("6 76" for a written 676, read at 1.00 on a dev2 page).
    expect(certainPrint(readAs([["6761", 0.8]], "6 76", 0.9999))).toBe(false);
    // A slash may be a handwritten 1, however sure PP-OCR is; and when the reader sees PP-OCR's number, both stay.
    expect(certainPrint(readAs([["313", 0.9]], "3/3", 0.9995))).toBe(false);
    expect(
      certainPrint(
        readAs(
          [
            ["550", 0.6],
            ["5503", 0.3],
          ],
          "550",
          0.9999,
        ),
      ),
    ).toBe(false);
  });

  it("takes a slash PP-OCR read surely for the 1 the handwriting reader sees ('3/3' against its '313')", () => {
    // A dev2 phone page: a written 313 (the key) PP-OCR read "3/3" at 0.97, read again as the key's number (slashForOne).
    const read = (best: string) =>
      readAs(
        [
          [best, 0.9],
          ["315", 0.05],
        ],
        "3/3",
        0.97,
      );
    expect(printed(read("313"))).toBe(false);
    // A reading with no 1 there is no sign of handwriting: PP-OCR's sure fraction stays print.
    expect(printed(read("383"))).toBe(true);
  });

  it("keeps both readings when the handwriting reader surely sees one digit more than PP-OCR, unsure which", () => {
    const read = (readings: [string, number][], ocr: string) => readAs(readings, ocr, 0.99);
    // Dev phone pages: a written 882 PP-OCR read "88" surely, a written 235 it read "35".
    const eights: [string, number][] = [
      ["882", 0.653],
      ["982", 0.101],
      ["832", 0.078],
      ["892", 0.065],
    ];
    expect(lostOneOfMore("88", read(eights, "88").readings)).toBe(true);
    expect(printed(read(eights, "88"))).toBe(false);
    const fives: [string, number][] = [
      ["935", 0.559],
      ["535", 0.248],
      ["335", 0.134],
    ];
    expect(printed(read(fives, "35"))).toBe(false);
    // Not when the reader's longer readings are not sure together, nor when its best one does not hold PP-OCR's digits.
    expect(
      printed(
        read(
          [
            ["935", 0.5],
            ["35", 0.03],
            ["93", 0.2],
          ],
          "35",
        ),
      ),
    ).toBe(true);
    expect(
      printed(
        read(
          [
            ["982", 0.7],
            ["882", 0.2],
          ],
          "88",
        ),
      ),
    ).toBe(true);
    // Nor for one digit: a typed "5" the reader reads "45" and "65".
    expect(
      printed(
        read(
          [
            ["45", 0.53],
            ["65", 0.3],
          ],
          "5",
        ),
      ),
    ).toBe(true);
  });

  it("keeps both readings when PP-OCR surely read fewer digits than the ink has separate pieces", () => {
    // PP-OCR read "3" surely where 336 is written (a dev phone page): three pieces of ink are three digits at least.
    // The handwriting reader is unsure of these (336 at 50%, 675 at 47%): the ink's width alone says digits were lost.
    for (const [written, seen, seed] of [
      ["336", "3", 6],
      ["675", "5", 5],
    ] as const) {
      const dropped = answered(written, seen, 0.99, seed);
      expect(dropped.alternatives?.ocr).toEqual({ text: seen, confidence: 0.99 });
      expect(dropped.alternatives?.readings.map((r) => r.text)).toContain(written);
    }
  });

  it("never reads again as handwriting a number taken from the worksheet's printed layout (read little)", () => {
    const { page, answerX, answerW } = strip("476");
    const fromLayout = (w: ReadWord): ReadWord => ({ ...w, printed: true });
    const words = [word("3.", 10, 30), word("12", 60, 60), word("+", 140, 30), word("5", 190, 40), word("=", 250, 40)];
    words.push(fromLayout(word("4", answerX, 30, 0.7)), fromLayout(word("/6", answerX + 40, 40, 0.6)));
    const line: ReadLine = {
      text: words.map((w) => w.text).join(" "),
      confidence: 0.8,
      bbox: { x: 10, y: 20, width: answerX + answerW - 10, height: 60 },
      words,
    };
    expect(joinHandwriting(page, [line], 0.9)[0].words.map((w) => w.text)).toEqual(["3.", "12", "+", "5", "=", "4", "/6"]);
  });

  it("reads a slash fraction again when its slash, read as a 1, makes the key's number or one a digit away ('4/9')", () => {
    const seen = (x: number, width: number) => [word("4/9", x, width, 0.8)];
    // Without the key's numbers, when the fraction is the key's own (4/9 is 0.444...), or when the key is two digits
    // away, it stays PP-OCR's: the handwriting reader reads a stacked bar only.
    for (const keyNumbers of [undefined, [4 / 9], [518], [4190]]) {
      const kept = joinedAnswer("419", seen, 0.8, undefined, keyNumbers);
      expect(kept.words.at(-1)?.text).toBe("4/9");
      expect(kept.words.at(-1)?.alternatives).toBeUndefined();
    }
    for (const keyNumbers of [[419], [409]]) {
      const read = joinedAnswer("419", seen, 0.8, undefined, keyNumbers).words.at(-1)!;
      expect(read.alternatives?.ocr.text).toBe("4/9");
      expect(read.alternatives?.readings.map((r) => r.text)).toContain("419");
    }
  });

  it("leaves a printed line alone", () => {
    const { page } = strip("8");
    const words = [word("Add", 10, 30), word("12", 60, 60), word("and", 140, 30), word("5.", 190, 40)];
    const line: ReadLine = { text: "Add 12 and 5.", confidence: 0.99, bbox: { x: 10, y: 20, width: 230, height: 60 }, words };
    expect(joinHandwriting(page, [line], 0.9)[0]).toBe(line);
  });

  it("leaves print the number a question ends with ('5 × 7?'), read fairly surely; not one read unsurely", () => {
    const { page } = strip("8");
    const words = (confidence: number) => [
      word("What", 10, 30),
      word("is", 60, 30),
      word("5", 110, 30),
      word("×", 150, 30),
      word("7?", 190, 40, confidence),
    ];
    const line = (confidence: number): ReadLine => ({
      text: "What is 5 × 7?",
      confidence,
      bbox: { x: 10, y: 20, width: 230, height: 60 },
      words: words(confidence),
    });
    // A phone snap's "7?" at 0.90: the handwriting reader made "11" of it, an answer where none was written.
    expect(joinHandwriting(page, [line(0.9)], 0.9)[0]!.words.at(-1)!.alternatives).toBeUndefined();
    expect(joinHandwriting(page, [line(0.7)], 0.9)[0]!.words.at(-1)!.alternatives?.ocr.text).toBe("7?");
  });
});
