// Training and dev examples for the digit classifier: augmented MNIST digits (label 0–9) and "not one digit"
// examples (label 10): two digits touching, or a piece of a wide digit, as a bad segmentation cut leaves them.
import { normaliseGlyph, type InkImage } from "../../workers/grading/reading/handwriting/glyph";
import { NOT_A_DIGIT } from "../../workers/grading/reading/handwriting/net";
import { between, columns, drawDigit, elastic, join, randomStyle, soften, type Rng } from "./augment";
import type { LabelledDigit } from "./mnist";

export interface Example {
  input: Float32Array;
  label: number;
}

/** The tallest a training glyph is drawn, in pixels (the shortest is 14): the reader meets answers 27–65 px tall. */
export const TALLEST = 36;

function styled(sample: Float32Array, rng: Rng, height?: number, slant?: number, tallest = TALLEST): InkImage {
  const style = randomStyle(rng, height ?? between(rng, 14, tallest));
  if (slant !== undefined) style.slant = slant;
  const img = drawDigit(sample, style);
  return rng() < 0.3 ? soften(img, between(rng, 0.4, 1)) : img;
}

/** One digit as a child writes it; sometimes with a sliver of its neighbour left by the cut. */
export function digitExample(d: LabelledDigit, rng: Rng, pool: LabelledDigit[], tallest = TALLEST, distort = 0): Example | null {
  const sample = distort > 0 ? elastic(d.pixels, rng, between(rng, 0, distort)) : d.pixels;
  let img = styled(sample, rng, undefined, undefined, tallest);
  if (rng() < 0.12) {
    const other = styled(pool[Math.floor(rng() * pool.length)].pixels, rng, img.height);
    const keep = Math.max(1, Math.round(other.width * between(rng, 0.06, 0.18)));
    const sliver = columns(other, other.width - keep, other.width);
    img = join(sliver, img, between(rng, 0, 2), between(rng, -3, 3));
  }
  const input = normaliseGlyph(img);
  return input && { input, label: d.digit };
}

/** Two digits touching (or nearly), read as one glyph: not one digit. */
export function pairExample(pool: LabelledDigit[], rng: Rng, tallest = TALLEST): Example | null {
  const h = between(rng, 16, tallest + 12);
  const slant = between(rng, -0.2, 0.45);
  const a = styled(pool[Math.floor(rng() * pool.length)].pixels, rng, h, slant);
  const b = styled(pool[Math.floor(rng() * pool.length)].pixels, rng, h * between(rng, 0.85, 1.15), slant);
  const input = normaliseGlyph(join(a, b, between(rng, -0.3, 0.05) * Math.min(a.width, b.width), between(rng, -0.1, 0.1) * h));
  return input && { input, label: NOT_A_DIGIT };
}

/** The left or right part of a digit, as a cut through it leaves it: not one digit. A 1 has no such parts. */
export function pieceExample(pool: LabelledDigit[], rng: Rng, tallest = TALLEST): Example | null {
  const d = pool[Math.floor(rng() * pool.length)];
  if (d.digit === 1) return null;
  const img = styled(d.pixels, rng, undefined, undefined, tallest);
  const keep = Math.round(img.width * between(rng, 0.25, 0.65));
  if (keep < 0.12 * img.height) return null;
  const piece = rng() < 0.5 ? columns(img, 0, keep) : columns(img, img.width - keep, img.width);
  const input = normaliseGlyph(piece);
  return input && { input, label: NOT_A_DIGIT };
}

/**
 * One pass over `digits` (in a seeded order) with about `junk` "not one digit" examples per digit mixed in, drawn
 * 14 to `tallest` px tall; with `distort`, each digit elastically distorted first (its alpha drawn up to `distort`).
 */
export function epochExamples(digits: LabelledDigit[], rng: Rng, junk: number, tallest = TALLEST, distort = 0): Example[] {
  const order = digits.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const out: Example[] = [];
  for (const i of order) {
    const e = digitExample(digits[i], rng, digits, tallest, distort);
    if (e) out.push(e);
    if (rng() < junk) {
      const g = rng() < 0.5 ? pairExample(digits, rng, tallest) : pieceExample(digits, rng, tallest);
      if (g) out.push(g);
    }
  }
  return out;
}
