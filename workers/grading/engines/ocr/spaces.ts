// Word spaces the recogniser missed, found in the line's own pixels. PP-OCRv4 often drops the narrow spaces of
// small or soft text ("110 - 44 = 66" read "110-44=66"); the blank columns between two characters still show
// them. See docs/decisions/0025-word-spaces-from-ink-gaps.md.

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
 * Beside a narrow upright stroke ("1", "I", "l") the blank holds the glyph's wide side bearings too: "112"
 * shows blanks of 0.3–0.45 of the height between its ones. There a word space must be this wide.
 */
export const NARROW_SPACE_GAP = 0.55;
const NARROW = /^[1Il|]$/;
/** Typed text puts no space before closing punctuation or after an opening bracket: there too the wider gap. */
const CLOSING = /^[.,:;!?)\]%]$/;
const OPENING = /^[([]$/;
/**
 * Only beside an operator sign: inside words and numbers a blank can be a wide letter gap ("Su n", ". 5" were
 * read so on dev grading pages), and a space there changes the answer; around an operator it changes nothing.
 */
const OPERATOR = /^[=+\-−×÷<>]$/;

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
 * Adds a space beside an operator sign the model read against its neighbour where the line's pixels between them
 * show a blank at least SPACE_GAP of the text's height wide (NARROW_SPACE_GAP beside narrow strokes and punctuation). `pxPerFrame` maps the model's output frames to columns.
 */
export function addInkSpaces(chars: DecodedChar[], tensor: Float32Array, width: number, height: number, pxPerFrame: number): DecodedChar[] {
  if (chars.length < 2) return chars;
  const { ink, textHeight } = inkColumns(tensor, width, height);
  const minGap = Math.max(3, SPACE_GAP * textHeight);
  const narrowGap = Math.max(3, NARROW_SPACE_GAP * textHeight);
  const out: DecodedChar[] = [chars[0]];
  for (let i = 1; i < chars.length; i++) {
    const prev = out.at(-1)!;
    const next = chars[i];
    if (prev.char !== " " && next.char !== " " && (OPERATOR.test(prev.char) || OPERATOR.test(next.char))) {
      const gap = longestBlank(ink, Math.floor(prev.frame * pxPerFrame), Math.ceil((next.frame + 1) * pxPerFrame));
      const tight = NARROW.test(prev.char) || NARROW.test(next.char) || CLOSING.test(next.char) || OPENING.test(prev.char);
      const needed = tight ? narrowGap : minGap;
      // The space scores as its neighbours do, so that it neither lowers nor raises the line's confidence.
      if (gap >= needed) out.push({ char: " ", frame: next.frame, score: (prev.score + next.score) / 2 });
    }
    out.push(next);
  }
  return out;
}
