// The handwriting reader joined to PP-OCR on a photographed or scanned page (decision 0042). PP-OCR finds and
// reads every text box; a word whose text is number-like and whose ink looks handwritten (pencil-grey against the
// page's print, PP-OCR unsure of it, or a digit-like misread such as "/3" or "q") is read again by the handwriting
// reader from its own crop. Both readings stay on the word (`alternatives`) for the grading side to verify against
// the key; the word's text becomes the handwriting reader's best reading when that one is likely (≥ 0.5).
import type { ReadLine, ReadWord, WordAlternatives } from "../types";
import { calibrated, readHandwriting, type GreyImage } from "./reader";

/** Digits and the marks of a number, with the letters and signs PP-OCR reads handwritten digits as. */
const NUMBER_LIKE = /^[-−–]?[\d/|\\lIiOoqQyzZsSgbBtT.,]{1,8}$/;
const CONFUSABLE = /[/|\\lIiOoqQyzZsSgbBtT]/;
/** Below this PP-OCR confidence a number-like word is read again. */
export const UNSURE_OCR = 0.9;
/** Pencil: the word's strokes are lighter than this share of the page's printed strokes. */
export const PENCIL = 0.8;
/** The handwriting reader's reading replaces PP-OCR's text from this probability. */
export const REPLACE_FROM = 0.5;
/** At most this many words a page are read again (the time budget: about 30–60 ms a word in workerd). */
export const MAX_WORDS = 16;
const READINGS = 8;

/** How dark a box's strokes are against its paper, 0..1: 1 − (5th percentile ÷ 95th percentile of brightness). */
export function strokeDarkness(page: GreyImage, box: ReadWord["bbox"]): number {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(page.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(page.height, Math.ceil(box.y + box.height));
  const bins = new Uint32Array(256);
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      bins[page.data[y * page.width + x]]++;
      n++;
    }
  if (!n) return 0;
  const at = (q: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) if ((seen += bins[v]) > q * n) return v;
    return 255;
  };
  const paper = Math.max(1, at(0.95));
  return Math.max(0, 1 - at(0.05) / paper);
}

/** A word's crop with a margin that stops halfway to its neighbours, so no printed sign next to it is read. */
function cropOf(page: GreyImage, line: ReadLine, index: number): GreyImage {
  const w = line.words[index].bbox;
  const prev = line.words[index - 1]?.bbox;
  const next = line.words[index + 1]?.bbox;
  const pad = 0.3 * w.height;
  let x0 = w.x - pad;
  let x1 = w.x + w.width + pad;
  if (prev) x0 = Math.max(x0, (prev.x + prev.width + w.x) / 2);
  if (next) x1 = Math.min(x1, (w.x + w.width + next.x) / 2);
  const top = Math.max(0, Math.floor(w.y - 0.2 * w.height));
  const bottom = Math.min(page.height, Math.ceil(w.y + 1.2 * w.height));
  const left = Math.max(0, Math.floor(x0));
  const right = Math.min(page.width, Math.ceil(x1));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) data.set(page.data.subarray((top + y) * page.width + left, (top + y) * page.width + left + width), y * width);
  return { data, width, height };
}

/** The handwriting reader's readings of a crop, as a word keeps them. */
export function alternativesOf(crop: GreyImage, ocr: { text: string; confidence: number }, why: WordAlternatives["why"]): WordAlternatives {
  const raw = readHandwriting(crop, { count: READINGS, raw: true }).readings.filter((r) => r.text);
  const listed = raw.reduce((s, r) => s + r.probability, 0);
  return {
    readings: raw.map((r) => ({ text: r.text, probability: calibrated(r.probability) })),
    rest: calibrated(Math.max(0, 1 - listed)),
    ocr,
    why,
  };
}

/** Why a word is read again by the handwriting reader, or undefined when it is left to PP-OCR. */
function reason(word: ReadWord, darkness: () => number, printDarkness: number): WordAlternatives["why"] | undefined {
  const text = word.text.trim();
  if (!NUMBER_LIKE.test(text) || !/\d|[qy]/.test(text) || /\d\/\d/.test(text)) return undefined;
  if (CONFUSABLE.test(text.replace(/^[-−–]/, ""))) return "misread";
  if (word.confidence < UNSURE_OCR) return "unsure";
  if (printDarkness > 0 && darkness() < PENCIL * printDarkness) return "pencil";
  return undefined;
}

/**
 * The page's lines with their handwritten-looking number words read again. `printDarkness` is how dark the page's
 * printed strokes are (the median over its widest lines; 0 when unknown: no pencil test).
 */
export function joinHandwriting(page: GreyImage, lines: ReadLine[], printDarkness: number): ReadLine[] {
  let budget = MAX_WORDS;
  return lines.map((line) => {
    let changed = false;
    const words = line.words.map((word, i) => {
      if (budget <= 0) return word;
      const why = reason(word, () => strokeDarkness(page, word.bbox), printDarkness);
      if (!why) return word;
      budget--;
      const alternatives = alternativesOf(cropOf(page, line, i), { text: word.text, confidence: word.confidence }, why);
      const best = alternatives.readings[0];
      changed = true;
      return best && best.probability >= REPLACE_FROM
        ? { ...word, text: best.text, confidence: best.probability, alternatives }
        : { ...word, alternatives };
    });
    if (!changed) return line;
    return { ...line, text: words.map((w) => w.text).join(" "), words };
  });
}

/** How dark the page's print is: the median stroke darkness of its widest lines (up to 8). */
export function printDarknessOf(page: GreyImage, lines: ReadLine[]): number {
  const wide = [...lines].sort((a, b) => b.bbox.width - a.bbox.width).slice(0, 8);
  const values = wide.map((l) => strokeDarkness(page, l.bbox)).sort((a, b) => a - b);
  return values.length ? values[Math.floor(values.length / 2)] : 0;
}
