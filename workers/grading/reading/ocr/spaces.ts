// Word spaces the recogniser missed, found in the line's own pixels. PP-OCRv4 often drops the narrow spaces of
// small or soft text ("110 - 44 = 66" read "110-44=66"); the blank columns between two characters still show
// them. See docs/decisions/0026-word-spaces-from-ink-gaps.md, 0027-spaces-after-lead-ins-and-numbers.md and
// 0029-balanced-operator-spaces.md.

export interface DecodedChar {
  char: string;
  frame: number;
  score: number;
}

/**
 * A blank run at least this share of the text's height is a word space. Letters and digits of typed fonts sit
 * within about 0.15 of it; a word space is 0.25–0.35 of it.
 */
export const SPACE_GAP = 0.3;
/**
 * Beside a narrow upright stroke ("1", "I", "l") the blank holds the glyph's wide side bearings too: "1-2" shows
 * blanks of up to about 0.4 of the height. There a word space must be this wide (0.55 until 0027).
 */
export const NARROW_SPACE_GAP = 0.45;
const NARROW = /^[1Il|]$/;
/** Typed text puts no space before closing punctuation or after an opening bracket: there too the wider gap. */
const CLOSING = /^[.,:;!?)\]%]$/;
const OPENING = /^[([]$/;
/**
 * Beside an operator sign, after a lead-in and between a number and a word only: inside words and numbers a blank
 * can be a wide letter gap ("Su n", ". 5" were read so on dev grading pages), and a space there changes the answer.
 */
const OPERATOR = /^[=+\-−×÷<>]$/;
/**
 * After a lead-in: a question's number ("1. 110"), a choice's letter ("A) 21"), a label ("Answer: 15") or a
 * sentence's end ("morning. How"). The blank there follows a narrow mark, so a smaller share of the height does.
 */
export const LEAD_GAP = 0.22;
/** Between a number and a word or a unit ("3.6 km", "5 x 2"). */
export const UNIT_GAP = 0.3;
const DIGIT = /^[0-9]$/;
const LETTER = /^[A-Za-z]$/;
const WORD_START = /^[0-9A-Za-z$£€]$/;

/**
 * A number and a point inside a line may be a question's number ("= 11 3. 5 x 2") or a decimal ("0.5"): a space
 * there needs a blank wider than a decimal point's side bearings ever make.
 */
export const NUMBER_POINT_GAP = 0.35;

/**
 * The blank, as a share of the text's height, that makes a space between the last character of `line` and `next`
 * after a lead-in; 0 where there is no lead-in.
 */
function leadInGap(line: DecodedChar[], next: string): number {
  if (!WORD_START.test(next)) return 0;
  const prev = line[line.length - 1].char;
  const previous = line[line.length - 2]?.char ?? "";
  if (prev === ")") return LEAD_GAP;
  if (prev === ":") return LETTER.test(previous) ? LEAD_GAP : 0; // not inside a time, "10:30"
  if (prev !== ".") return 0;
  if (LETTER.test(previous)) return /^[A-Z]$/.test(next) ? LEAD_GAP : 0; // a sentence's end
  let start = line.length - 1;
  while (start > 0 && DIGIT.test(line[start - 1].char)) start--;
  // A question's number never starts with 0: "0.5" is a decimal wherever it stands.
  if (start === line.length - 1 || line[start].char === "0") return 0;
  if (start === 0) return LEAD_GAP; // the line's question number
  return line[start - 1].char === " " && DIGIT.test(next) ? NUMBER_POINT_GAP : 0;
}

/**
 * Typed sums space an operator sign on both sides ("79 - 40"). Where the model kept the space on one side, the
 * other side's blank needs only this share of the text's height (a unary minus, "3 -2", sits closer: about 0.1).
 */
export const BALANCED_GAP = 0.18;
/** Signs between two numbers (the letter x is left out: "2x + 4" is algebra). */
const BALANCED_SIGN = /^[=+\-−×÷]$/;
const NUMBER_END = /^[0-9)]$/;

/**
 * A sign between two numbers with a space on one side only: "79 -40" (`prev` is the sign, a space and a number
 * before it, a digit next) or "11= 11" (`next` is the sign, a number before it, a space and a digit after it).
 */
function balancedSide(line: DecodedChar[], next: string, after: string): boolean {
  const prev = line[line.length - 1].char;
  if (BALANCED_SIGN.test(prev) && DIGIT.test(next))
    return line[line.length - 2]?.char === " " && NUMBER_END.test(line[line.length - 3]?.char ?? "");
  return NUMBER_END.test(prev) && BALANCED_SIGN.test(next) && /^ [0-9]/.test(after);
}

/** The blank, as a share of the text's height, that makes a space between the last character of `line` and `next`; 0 where none may. */
function spaceGap(line: DecodedChar[], next: string, after = ""): number {
  const prev = line[line.length - 1].char;
  if (prev === " " || next === " ") return 0;
  if (balancedSide(line, next, after)) return BALANCED_GAP;
  if (OPERATOR.test(prev) || OPERATOR.test(next)) {
    const tight = NARROW.test(prev) || NARROW.test(next) || CLOSING.test(next) || OPENING.test(prev);
    return tight ? NARROW_SPACE_GAP : SPACE_GAP;
  }
  if ((DIGIT.test(prev) && LETTER.test(next)) || (LETTER.test(prev) && DIGIT.test(next))) return UNIT_GAP;
  return leadInGap(line, next);
}

/** The line's ink: per column, whether it holds ink; and the height the ink spans, in rows. */
export function inkColumns(tensor: Float32Array, width: number, height: number): { ink: Uint8Array; textHeight: number } {
  // The first channel's plane, normalised to [-1, 1] (paper near 1). A column's darkest value says if it has ink.
  const darkest = new Float32Array(width).fill(1);
  const rowDarkest = new Float32Array(height).fill(1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let rowMin = 1;
    for (let x = 0; x < width; x++) {
      const v = tensor[row + x];
      if (v < darkest[x]) darkest[x] = v;
      if (v < rowMin) rowMin = v;
    }
    rowDarkest[y] = rowMin;
  }
  const sorted = Float32Array.from(darkest).sort();
  const ink = sorted[Math.floor(width * 0.1)];
  const paper = sorted[Math.floor(width * 0.98)];
  const cut = (ink + paper) / 2;
  const columns = new Uint8Array(width);
  for (let x = 0; x < width; x++) columns[x] = darkest[x] < cut ? 1 : 0;
  let top = 0;
  let bottom = height - 1;
  while (top < bottom && rowDarkest[top] >= cut) top++;
  while (bottom > top && rowDarkest[bottom] >= cut) bottom--;
  // Too little contrast to tell ink from paper: no columns are called blank.
  if (paper - ink < 0.3) columns.fill(1);
  return { ink: columns, textHeight: bottom - top + 1 };
}

/** The longest run of blank columns from column `from` to `to` (exclusive). */
function longestBlank(ink: Uint8Array, from: number, to: number): number {
  let best = 0;
  let run = 0;
  for (let x = Math.max(0, from); x < Math.min(ink.length, to); x++) {
    run = ink[x] ? 0 : run + 1;
    if (run > best) best = run;
  }
  return best;
}

/**
 * Adds a space the model missed where the line's pixels show a blank wide enough: beside an operator sign
 * SPACE_GAP of the text's height (NARROW_SPACE_GAP beside narrow strokes and punctuation), after a lead-in
 * LEAD_GAP or NUMBER_POINT_GAP, between a number and a word UNIT_GAP, and on the bare side of a sign spaced on its
 * other side BALANCED_GAP. `pxPerFrame` maps the model's output frames to columns.
 */
export function addInkSpaces(chars: DecodedChar[], tensor: Float32Array, width: number, height: number, pxPerFrame: number): DecodedChar[] {
  if (chars.length < 2) return chars;
  const { ink, textHeight } = inkColumns(tensor, width, height);
  const pass = (line: DecodedChar[]): DecodedChar[] => {
    const out: DecodedChar[] = [line[0]];
    for (let i = 1; i < line.length; i++) {
      const prev = out[out.length - 1];
      const next = line[i];
      const share = spaceGap(out, next.char, (line[i + 1]?.char ?? "") + (line[i + 2]?.char ?? ""));
      if (share > 0) {
        const gap = longestBlank(ink, Math.floor(prev.frame * pxPerFrame), Math.ceil((next.frame + 1) * pxPerFrame));
        // The space scores as its neighbours do, so that it neither lowers nor raises the line's confidence.
        if (gap >= Math.max(3, share * textHeight)) out.push({ char: " ", frame: next.frame, score: (prev.score + next.score) / 2 });
      }
      out.push(next);
    }
    return out;
  };
  // A second pass balances a sign whose right-hand space the first pass added ("1- 2" → "1 - 2").
  return pass(pass(chars));
}
