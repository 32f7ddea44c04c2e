// Crops recognised together: a run of the recogniser costs about 12 ms of its own whatever its width, so on a page
// read little (answer spans of a hundred columns or so) the run, not the pixels, was most of recognition. Crops of
// about the same width share one run, each padded on its right with paper to the widest (docs/decisions/0078).
// Wide crops gain nothing (decision 0018: four 640-column crops batched were slower) and stay alone.

/** A crop as the recogniser's input: [1, 3, height, width], normalised (white paper is 1). */
export interface RecCrop {
  tensor: Float32Array;
  width: number;
}

/** The widest crop of a batch is at most this many times its narrowest: padding is recognised too. */
export const MAX_PAD = 1.3;
/** Crops to a batch. */
export const MAX_BATCH = 8;
/** Crops wider than this (columns) are recognised alone. */
export const MAX_BATCH_WIDTH = 320;

/** Paper, as the normaliser leaves it: (255 − 127.5) / 127.5. */
const PAPER = 1;

/**
 * The crops' indices in batches of similar width, narrowest first: each batch holds at most MAX_BATCH crops, its
 * widest at most MAX_PAD times its narrowest; a crop wider than MAX_BATCH_WIDTH is a batch of its own.
 */
export function similarWidths(widths: readonly number[]): number[][] {
  const order = widths.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]!);
  const batches: number[][] = [];
  let batch: number[] = [];
  for (const i of order) {
    const first = batch[0];
    const fits = first !== undefined && batch.length < MAX_BATCH && widths[i]! <= MAX_BATCH_WIDTH && widths[i]! <= widths[first]! * MAX_PAD;
    if (!fits && batch.length) {
      batches.push(batch);
      batch = [];
    }
    batch.push(i);
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** The crops as one [n, 3, height, width] input, each padded on its right with paper to `width`. */
export function padded(crops: readonly RecCrop[], height: number, width: number): Float32Array {
  const out = new Float32Array(crops.length * 3 * height * width).fill(PAPER);
  crops.forEach((crop, n) => {
    for (let row = 0; row < 3 * height; row++) {
      const from = row * crop.width;
      out.set(crop.tensor.subarray(from, from + crop.width), (n * 3 * height + row) * width);
    }
  });
  return out;
}

/** The recogniser's frames that cover a crop `width` columns wide, of a batch `batchWidth` wide giving `frames`. */
export function framesOf(width: number, batchWidth: number, frames: number): number {
  return Math.max(1, Math.min(frames, Math.round((frames * width) / batchWidth)));
}
