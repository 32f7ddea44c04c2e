// The recogniser's CTC output decoded: each character with its frame and probability (so words get boxes), a space
// the model half-saw kept, a doubled letter split by a soft blank kept (docs/decisions/0018-pp-ocr-engine.md).
import type { ReadWord } from "../types";

/** A space between two characters when the model gave it at least this probability in the frames between them. */
const SOFT_SPACE = 0.08;
/** A doubled character's halves: the blank rose to this between them, and fell below STRONG_RUN on each side. */
const SOFT_BLANK = 0.2;
const STRONG_RUN = 0.05;

export interface Decoded {
  text: string;
  chars: { char: string; frame: number; score: number }[];
}

/**
 * Greedy CTC decode over softmax outputs [frames × classes], class 0 = blank. A doubled character ("55", "ll")
 * needs a blank frame between its two halves; where the blank only rose (a soft blank, SOFT_BLANK) between two
 * strong runs of the same character, the character is kept twice.
 */
export function ctcDecode(probs: Float32Array, frames: number, classes: number, characters: string[]): Decoded {
  const space = characters.indexOf(" ") + 1;
  const chars: Decoded["chars"] = [];
  let last = 0;
  let spaceSince = 0;
  // Within a character's run: 0 = not yet strong, 1 = strong, 2 = the blank rose after it was strong.
  let run = 0;
  for (let t = 0; t < frames; t++) {
    const row = t * classes;
    let best = 0;
    for (let c = 1; c < classes; c++) if (probs[row + c] > probs[row + best]) best = c;
    if (space > 0) spaceSince = Math.max(spaceSince, probs[row + space]);
    if (best === last) {
      if (best === 0 || best === space) continue;
      const blank = probs[row];
      if (run === 2 && blank < STRONG_RUN) {
        chars.push({ char: characters[best - 1] ?? "", frame: t, score: probs[row + best] });
        run = 1;
      } else if (run === 1 && blank >= SOFT_BLANK) run = 2;
      else if (run === 0 && blank < STRONG_RUN) run = 1;
      continue;
    }
    run = probs[row] < STRONG_RUN ? 1 : 0;
    last = best;
    if (best === 0 || best === space) continue;
    if (chars.length && spaceSince >= SOFT_SPACE && chars.at(-1)!.char !== " ") {
      chars.push({ char: " ", frame: t, score: spaceSince });
    }
    chars.push({ char: characters[best - 1] ?? "", frame: t, score: probs[row + best] });
    spaceSince = 0;
  }
  return { text: chars.map((c) => c.char).join(""), chars };
}

export function wordsOf(decoded: Decoded, left: number, top: number, height: number, pxPerFrame: number): ReadWord[] {
  const words: ReadWord[] = [];
  let current: Decoded["chars"] = [];
  const flush = () => {
    if (!current.length) return;
    const x0 = left + Math.max(0, current[0].frame - 1) * pxPerFrame;
    const x1 = left + (current.at(-1)!.frame + 1.5) * pxPerFrame;
    words.push({
      text: current.map((c) => c.char).join(""),
      confidence: Math.min(...current.map((c) => c.score)),
      bbox: { x: Math.round(x0), y: Math.round(top), width: Math.max(1, Math.round(x1 - x0)), height: Math.round(height) },
    });
    current = [];
  };
  for (const c of decoded.chars) {
    if (c.char === " ") flush();
    else current.push(c);
  }
  flush();
  return words;
}
