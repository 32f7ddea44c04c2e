// A division sign the recogniser read as "+". On small, soft text a "÷"'s dots fade into the paper and PP-OCRv4
// gives "+" with only a little "÷" left in its output. Two things together tell them apart (decision 0028):
// - the model still gave "÷" some probability at that sign;
// - the sign's ink is shorter upright than across: a plus's upright stroke is as long as its bar, while a ÷'s
//   faded dots leave a dark run through the bar's middle clearly shorter than the bar.
// Either alone is not enough: a true "+" on a soft photo gets up to 0.2 of "÷", and a serif plus can be short.
import type { DecodedChar } from "./spaces";

/** Upright ÷ across: most typed pluses measure 0.89–1.13, a faded ÷ 0.5–0.88 (dev pages, decision 0028). */
export const SHORT_UPRIGHT = 0.9;
/** Below this the sign is a bar alone (no upright ink at all): only the model's own "÷" counts there. */
export const BAR_ONLY = 0.4;
/** The "÷" probability that, with a short upright, makes the sign a ÷. */
export const SOME_DIVISION = 0.01;
/** The "÷" probability that makes a sign with a short upright (or none) a ÷ whatever its shape. */
export const STRONG_DIVISION = 0.3;
/** Ink in the line tensor (channel 0, values in [-1, 1], paper near 1). */
const INK = -0.2;

/**
 * The sign's shape between columns `from` and `to` of a line tensor: the longest dark horizontal run in the middle
 * half of the line's height (the bar), and the dark run straight up and down through that bar's middle. Returns
 * upright ÷ across, or undefined where no bar shows.
 */
export function uprightShare(tensor: Float32Array, width: number, height: number, from: number, to: number): number | undefined {
  const dark = (x: number, y: number) => x >= 0 && x < width && y >= 0 && y < height && tensor[y * width + x] < INK;
  let bar = { length: 0, y: 0, x0: 0, x1: 0 };
  for (let y = Math.floor(height * 0.25); y < Math.ceil(height * 0.75); y++) {
    for (let x = Math.max(0, from); x < Math.min(width, to); x++) {
      if (!dark(x, y)) continue;
      let x0 = x;
      while (x0 > 0 && dark(x0 - 1, y)) x0--;
      let x1 = x;
      while (x1 < width - 1 && dark(x1 + 1, y)) x1++;
      if (x1 - x0 + 1 > bar.length) bar = { length: x1 - x0 + 1, y, x0, x1 };
      x = x1;
    }
  }
  if (bar.length < 3) return undefined;
  const mid = Math.round((bar.x0 + bar.x1) / 2);
  const column = (y: number) => dark(mid - 1, y) || dark(mid, y) || dark(mid + 1, y);
  let top = bar.y;
  while (top > 0 && column(top - 1)) top--;
  let bottom = bar.y;
  while (bottom < height - 1 && column(bottom + 1)) bottom++;
  return (bottom - top + 1) / bar.length;
}

/** The most probability `cls` reached in the frames around `frame` (a sign spans a frame or two). */
function probabilityNear(probs: Float32Array, frames: number, classes: number, cls: number, frame: number): number {
  let best = 0;
  for (let t = Math.max(0, frame - 2); t <= Math.min(frames - 1, frame + 2); t++) best = Math.max(best, probs[t * classes + cls]);
  return best;
}

export function isFadedDivision(division: number, upright: number | undefined): boolean {
  if (upright === undefined || upright >= SHORT_UPRIGHT) return false;
  return division >= STRONG_DIVISION || (division >= SOME_DIVISION && upright >= BAR_ONLY);
}

/**
 * Every "+" of a decoded line that is a faded "÷" becomes "÷". `probs` is the recogniser's softmax output
 * [frames × classes] (class 0 = blank, class k = characters[k − 1]); the tensor is the line's input.
 */
export function settleDivision(
  chars: DecodedChar[],
  probs: Float32Array,
  frames: number,
  classes: number,
  characters: string[],
  line: { tensor: Float32Array; width: number; height: number },
): DecodedChar[] {
  const divisionClass = characters.indexOf("÷") + 1;
  if (divisionClass === 0 || !chars.some((c) => c.char === "+")) return chars;
  const pxPerFrame = line.width / frames;
  return chars.map((c) => {
    if (c.char !== "+") return c;
    const division = probabilityNear(probs, frames, classes, divisionClass, c.frame);
    const from = Math.floor((c.frame - 1) * pxPerFrame);
    const to = Math.ceil((c.frame + 2) * pxPerFrame);
    return isFadedDivision(division, uprightShare(line.tensor, line.width, line.height, from, to)) ? { ...c, char: "÷" } : c;
  });
}
