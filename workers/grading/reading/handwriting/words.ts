// The handwriting reader joined to PP-OCR on a photographed or scanned page (decision 0042). PP-OCR finds and
// reads every text box; a word whose text is number-like and whose ink looks handwritten (pencil-grey against the
// page's print, PP-OCR unsure of it, or a digit-like misread such as "/3" or "q") is read again by the handwriting
// reader from its own crop. Both readings stay on the word (`alternatives`) for the grading side to verify against
// the key; the word's text becomes the handwriting reader's best reading when that one is likely (≥ 0.5). A number
// PP-OCR read surely that the handwriting reader does not see is print, PP-OCR's alone (decision 0054).
import type { ReadLine, ReadWord, WordAlternatives } from "../types";
import { withLostEquals } from "./equals";
import { strokeDarkness } from "./darkness";
import { clearStart, inkReach } from "./reach";
import { certainPrint, dropsInk, overCut, printed, SURE_PRINT } from "./print-or-ink";
import { calibrated, readHandwriting, type GreyImage } from "./reader";

/** Digits and the marks of a number, with the letters and signs PP-OCR reads handwritten digits as. */
const NUMBER_LIKE = /^[-−–]?[\d/|\\lIiOoqQyzZsSgbBtT.,<>?]{1,8}$/;
/** A percent as PP-OCR reads a typed one: digits, a point or comma, then "%". */
const PERCENT = /^\d+(?:[.,]\d+)?%$/;
const CONFUSABLE = /[/|\\lIiOoqQyzZsSgbBtT<>?]/;
/** Below this PP-OCR confidence a number-like word is read again. */
export const UNSURE_OCR = 0.9;
/** A row with this many words of three letters or more is a sentence. */
export const PROSE_WORDS = 3;
/** Pencil: the word's strokes are lighter than this share of the page's printed strokes. */
export const PENCIL = 0.8;
/** The handwriting reader's reading replaces PP-OCR's text from this probability. */
export const REPLACE_FROM = 0.5;
/** Short words after "=" or alone in a box are one answer unless a gap between two is this many heights wide. */
export const APART = 3;
/** At most this many words a page are read again (the time budget: about 30–60 ms a word in workerd). */
export const MAX_WORDS = 16;
const READINGS = 8;
/** Words read again and the milliseconds it took, since the isolate started (for eval:handwriting's time figure). */
export const joinCost = { words: 0, ms: 0 };
/** Development only: scripts/handwriting/debug-crops.ts sees each crop read again and what was read. */
export const cropLog: { record?: (crop: GreyImage, alternatives: WordAlternatives) => void } = {};

/**
 * The crop of words from..to of a detected text box, with a margin that stops halfway to the neighbouring words (no
 * printed sign beside it is read). A group that ends its box reaches the box's end: PP-OCR may have lost a digit
 * there ("476" read "47"), but its detector boxed the ink; and on over ink written after it, outside every box.
 */
function cropOf(page: GreyImage, line: ReadLine, from: number, to: number): GreyImage {
  const first = line.words[from].bbox;
  const last = line.words[to].bbox;
  const h = Math.max(...line.words.slice(from, to + 1).map((w) => w.bbox.height));
  const prev = line.words[from - 1]?.bbox;
  const next = line.words[to + 1]?.bbox;
  const pad = 0.3 * h;
  let x0 = first.x - pad;
  let x1 = next ? last.x + last.width + pad : Math.max(last.x + last.width + pad, line.bbox.x + line.bbox.width);
  // PP-OCR may have dropped a first digit ("292" read "92"): reach back to just after the word before.
  if (prev) x0 = Math.max(Math.min(x0, prev.x + prev.width + 0.25 * h), (prev.x + prev.width + first.x) / 2 - 0.5 * h);
  if (next) x1 = Math.min(x1, (last.x + last.width + next.x) / 2);
  const y = Math.min(first.y, last.y, line.bbox.y);
  const top = Math.max(0, Math.floor(y - 0.2 * h));
  const bottom = Math.min(page.height, Math.ceil(y + 1.2 * h));
  // A last digit written apart, outside every box ("12" boxed of 123): the crop reaches on over the ink after it.
  if (!next) x1 = Math.max(x1, inkReach(page, top, bottom, Math.max(last.x + last.width, line.bbox.x + line.bbox.width), h) + pad);
  // A sign before the word cut at the crop's edge (a "=" boxed short) is left out: its stubs would read as a digit.
  const sign = from > 0 && !/[\p{L}\d]/u.test(line.words[from - 1].text);
  if (sign) x0 = clearStart(page, top, bottom, x0, first.x, x1);
  const left = Math.max(0, Math.floor(x0));
  const right = Math.min(page.width, Math.ceil(x1));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  const data = new Uint8Array(width * height);
  for (let r = 0; r < height; r++)
    data.set(page.data.subarray((top + r) * page.width + left, (top + r) * page.width + left + width), r * width);
  return { data, width, height };
}

/** The handwriting reader's readings of a crop, as a word keeps them. */
export function alternativesOf(crop: GreyImage, ocr: { text: string; confidence: number }, why: WordAlternatives["why"]): WordAlternatives {
  return readAgain(crop, ocr, why).alternatives;
}

/** The readings of a crop, and how many separate pieces of ink it holds (each at least one digit). */
function readAgain(
  crop: GreyImage,
  ocr: { text: string; confidence: number },
  why: WordAlternatives["why"],
): { alternatives: WordAlternatives; inkUnits: number } {
  const read = readHandwriting(crop, { count: READINGS, raw: true });
  const raw = read.readings.filter((r) => r.text);
  const listed = raw.reduce((s, r) => s + r.probability, 0);
  const alternatives: WordAlternatives = {
    readings: raw.map((r) => ({ text: r.text, probability: calibrated(r.probability), share: r.probability })),
    rest: Math.max(0, 1 - listed),
    ocr,
    why,
    lattice: read.carried?.(),
  };
  cropLog.record?.(crop, alternatives);
  return { alternatives, inkUnits: read.inkUnits };
}

/**
 * A slash fraction PP-OCR read ("4/9") whose slash, read as a 1, makes one of the key's whole numbers (419) or one a
 * digit away from it (a written 712 read "7/2", key 702): a handwritten 1 leans like a slash, so the handwriting
 * reader reads the ink and the key is verified against it (0130). Any other slash fraction stays PP-OCR's: the
 * handwriting reader reads a stacked bar only (0042).
 */
export function slashForOne(text: string, keyNumbers: readonly number[] | undefined): boolean {
  if (!keyNumbers?.length || !/^\d+\/\d+$/.test(text)) return false;
  const asOne = text.replace("/", "1");
  return keyNumbers.some((n) => {
    const key = String(n);
    if (!Number.isInteger(n) || key.length !== asOne.length) return false;
    return [...key].filter((c, i) => c !== asOne[i]).length <= 1;
  });
}

const isNumberLike = (text: string, keyNumbers?: readonly number[]) =>
  NUMBER_LIKE.test(text.trim()) && /\d|[qy]/.test(text) && (!/\d\/\d/.test(text) || slashForOne(text.trim(), keyNumbers));

/**
 * Print, not handwriting: PP-OCR read it surely and its strokes are as dark as the page's print (decision 0054).
 * Typed answers and pen strokes PP-OCR is sure of stay PP-OCR's alone; the handwriting reader, trained on pencil
 * digits, reads a font's "96" as "55".
 */
function looksPrinted(words: ReadWord[], darkness: () => number, printDarkness: number): boolean {
  return words.every((w) => w.confidence >= SURE_PRINT) && !(printDarkness > 0 && darkness() < PENCIL * printDarkness);
}

/** Why a word is read again by the handwriting reader, or undefined when it is left to PP-OCR. */
function reason(
  word: ReadWord,
  darkness: () => number,
  printDarkness: number,
  prose: boolean,
  keyNumbers?: readonly number[],
  endsQuestion = false,
): WordAlternatives["why"] | undefined {
  const text = word.text.trim();
  if (!isNumberLike(text, keyNumbers)) return undefined;
  const pencil = printDarkness > 0 && darkness() < PENCIL * printDarkness;
  // A number inside a sentence ("How many centimeters are in 5.5") is print, unless its strokes are pencil.
  if (prose) return pencil ? "pencil" : undefined;
  // So is the number its question ends with, read fairly surely ("What is 5 × 7?" at 0.90, whose "7?" the
  // handwriting reader read "11", an answer): a child's answer does not end in a question mark.
  if (endsQuestion && !pencil && word.confidence >= UNSURE_OCR) return undefined;
  // A look-alike in sure, print-dark text is print ("by3", "80?" in a question).
  if (CONFUSABLE.test(text.replace(/^[-−–]/, "")) && (pencil || word.confidence < SURE_PRINT)) return "misread";
  if (word.confidence < UNSURE_OCR) return "unsure";
  if (pencil) return "pencil";
  return undefined;
}

function spanOf(words: ReadWord[]): ReadWord["bbox"] {
  const x = Math.min(...words.map((w) => w.bbox.x));
  const y = Math.min(...words.map((w) => w.bbox.y));
  const right = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
  const bottom = Math.max(...words.map((w) => w.bbox.y + w.bbox.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Groups of neighbouring number-like words of a text box, at least one of which looks handwritten. */
/**
 * Where a box's question label is ("3. Write …", or "K 2. Add …" after the letter a child wrote on the blank before
 * it, in a matching exercise): its first word, or its second after a lone letter; -1 when it opens with no label.
 */
function labelAt(words: ReadWord[]): number {
  const label = (i: number) => i + 1 < words.length && /^\d{1,3}[.):]$/.test(words[i]!.text);
  if (label(0)) return 0;
  return words[0] && /^\p{L}$/u.test(words[0].text) && label(1) ? 1 : -1;
}

function groupsOf(
  page: GreyImage,
  line: ReadLine,
  printDarkness: number,
  keyNumbers?: readonly number[],
): { from: number; to: number; why: WordAlternatives["why"] }[] {
  const groups: { from: number; to: number; why: WordAlternatives["why"] }[] = [];
  const words = line.words;
  const numberLike = (text: string) => isNumberLike(text, keyNumbers);
  // An answer's place: the few short words after a box's last "=" (or a box of a short number alone), whatever
  // PP-OCR made of them ("a 60", "5 / b", "6 + 21"), when they hold a digit.
  const eq = words.findLastIndex((w) => w.text === "=" || w.text.endsWith("="));
  const tail = eq >= 0 ? words.slice(eq + 1) : words.length <= 3 ? words : [];
  const tailText = tail.map((w) => w.text).join("");
  if (
    tail.length &&
    tailText.length <= 8 &&
    // A digit among them, or after "=" a few marks PP-OCR was unsure of ("!" for a 1, "ES" for 75, "o" for 0).
    (/\d/.test(tailText) || (eq >= 0 && tailText.length <= 3 && tail.every((w) => w.confidence < SURE_PRINT))) &&
    // No word of three letters or more ("cm" may follow a number; "S αl" for a written 521 is three marks, no word),
    // unless after "=" it is all digit look-alikes, read unsurely ("SOS" at 0.44 for a written 505).
    !tail.some((w) => /\p{L}{3}/u.test(w.text) && !(eq >= 0 && w.confidence < UNSURE_OCR && NUMBER_LIKE.test(w.text))) &&
    // A slash fraction on one line ("5/2") is PP-OCR's: the handwriting reader reads a stacked bar only (0042), unless
    // its slash read as a 1 makes the key's number (slashForOne); so is a percent PP-OCR read fairly surely, which it
    // has no sign for ("50%" read "5096"; a "%" inside digits, "1%6", is a handwritten digit misread).
    !tail.some(
      (w) => (/^\d+\/\d+$/.test(w.text) && !slashForOne(w.text, keyNumbers)) || (PERCENT.test(w.text) && w.confidence >= UNSURE_OCR),
    ) &&
    // Words far apart are not one number: a row of short answers, one a column ("36      21      363").
    !tail.some(
      (w, i) =>
        i > 0 && w.bbox.x - (tail[i - 1]!.bbox.x + tail[i - 1]!.bbox.width) > APART * Math.max(w.bbox.height, tail[i - 1]!.bbox.height),
    ) &&
    !(eq < 0 && words[0] && /^\d{1,3}[.):]$/.test(words[0].text) && words.length > 1)
  ) {
    return [{ from: words.length - tail.length, to: words.length - 1, why: "answer" }];
  }
  // A row of words with three of letters or more is a sentence: the question's print, not an answer's place.
  const prose = words.filter((w) => /\p{L}{3}/u.test(w.text)).length >= PROSE_WORDS;
  for (let i = 0; i < words.length; i++) {
    // A question's label opening a box ("3.") is print, and so is one after a letter written on its blank ("K 2.").
    if (i === labelAt(words)) continue;
    const near = (a: ReadWord, b: ReadWord) => b.bbox.x - (a.bbox.x + a.bbox.width) <= 0.8 * Math.max(a.bbox.height, b.bbox.height);
    // Two numbers side by side with nothing between them are one number PP-OCR split ("45 4"): a misread.
    const split =
      numberLike(words[i].text) &&
      i + 1 < words.length &&
      numberLike(words[i + 1].text) &&
      near(words[i], words[i + 1]) &&
      !looksPrinted(words.slice(i, i + 2), () => strokeDarkness(page, spanOf(words.slice(i, i + 2))), printDarkness);
    const endsQuestion =
      i === words.length - 1 && words[i].text.trim().endsWith("?") && words.slice(0, i).some((w) => /\p{L}{3}/u.test(w.text));
    const why =
      reason(words[i], () => strokeDarkness(page, words[i].bbox), printDarkness, prose, keyNumbers, endsQuestion) ??
      (split && !prose ? "misread" : undefined);
    if (!why) continue;
    let from = i;
    let to = i;
    while (
      from > 0 &&
      !(from === 1 && /^\d{1,3}[.):]$/.test(words[0].text)) &&
      numberLike(words[from - 1].text) &&
      near(words[from - 1], words[from])
    )
      from--;
    while (to < words.length - 1 && numberLike(words[to + 1].text) && near(words[to], words[to + 1])) to++;
    if ((groups.at(-1)?.to ?? -1) >= from) continue;
    groups.push({ from, to, why });
    i = to;
  }
  return groups;
}

let handwritingPass = true;
/** For bench:reading only: the handwriting pass off, to time what it adds to a page inside workerd. */
export function setHandwritingPass(on: boolean): void {
  handwritingPass = on;
}

/**
 * The page's text boxes with their handwritten-looking numbers read again: neighbouring number-like words become one
 * word ("19 6" → "196") carrying both readers' readings. `printDarkness` is how dark the page's printed strokes are
 * (printDarknessOf; 0 when unknown: no pencil test).
 */
export function joinHandwriting(page: GreyImage, lines: ReadLine[], printDarkness: number, keyNumbers?: readonly number[]): ReadLine[] {
  if (!handwritingPass) return lines;
  let budget = MAX_WORDS;
  return lines.map((read) => {
    const line = withLostEquals(page, read);
    if (budget > 0 && /=$/.test(line.words.at(-1)?.text ?? "")) {
      // A row ending in "=": PP-OCR found no answer after it, but a faint one may be there.
      budget--;
      return answerAfter(page, line) ?? line;
    }
    // Words taken from the worksheet's printed layout (read little) are print: never read again as handwriting.
    const groups =
      budget > 0
        ? groupsOf(page, line, printDarkness, keyNumbers)
            .filter(({ from, to }) => !line.words.slice(from, to + 1).some((w) => w.printed))
            .slice(0, budget)
        : [];
    if (!groups.length) return line;
    budget -= groups.length;
    const words: ReadWord[] = [];
    let next = 0;
    for (const { from, to, why } of groups) {
      words.push(...line.words.slice(next, from));
      next = to + 1;
      const parts = line.words.slice(from, to + 1);
      const ocr = { text: parts.map((w) => w.text).join(" "), confidence: Math.min(...parts.map((w) => w.confidence)) };
      const started = performance.now();
      const { alternatives, inkUnits } = readAgain(cropOf(page, line, from, to), ocr, why);
      joinCost.words++;
      joinCost.ms += performance.now() - started;
      if (overCut(alternatives) || certainPrint(alternatives) || (printed(alternatives) && !dropsInk(ocr.text, inkUnits))) {
        words.push(...parts);
        continue;
      }
      const x = parts[0].bbox.x;
      const right = to === line.words.length - 1 ? line.bbox.x + line.bbox.width : parts.at(-1)!.bbox.x + parts.at(-1)!.bbox.width;
      const y = Math.min(...parts.map((w) => w.bbox.y));
      const bottom = Math.max(...parts.map((w) => w.bbox.y + w.bbox.height));
      const bbox = { x, y, width: Math.max(1, right - x), height: bottom - y };
      const best = alternatives.readings[0];
      words.push(
        best && best.probability >= REPLACE_FROM
          ? { text: best.text, confidence: best.probability, bbox, alternatives }
          : { text: ocr.text.replace(/\s+/g, ""), confidence: ocr.confidence, bbox, alternatives },
      );
    }
    words.push(...line.words.slice(next));
    return { ...line, text: words.map((w) => w.text).join(" "), words };
  });
}

/** The row with the handwriting found right of its closing "=" as its last word, when there is a number there. */
function answerAfter(page: GreyImage, line: ReadLine): ReadLine | undefined {
  const eq = line.words.at(-1)!.bbox;
  const h = line.bbox.height;
  const ghost: ReadWord = {
    text: "",
    confidence: 0,
    // Clear of the "=" (its box from PP-OCR's frames is approximate): its bars would read as minus signs.
    bbox: { x: eq.x + eq.width + 0.6 * h, y: line.bbox.y - 0.3 * h, width: 6 * h, height: 1.6 * h },
  };
  const alone = { ...line, words: [ghost], bbox: ghost.bbox };
  const started = performance.now();
  const alternatives = alternativesOf(cropOf(page, alone, 0, 0), { text: "", confidence: 0 }, "answer");
  joinCost.words++;
  joinCost.ms += performance.now() - started;
  // Ink the handwriting reader reads, however unsure: a faint answer is verified (and flagged), never taken for a blank.
  const best = alternatives.readings[0];
  if (!best?.text) return undefined;
  const words = [...line.words, { text: best.text, confidence: best.probability, bbox: ghost.bbox, alternatives }];
  return { ...line, text: words.map((w) => w.text).join(" "), words };
}
