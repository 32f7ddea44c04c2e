// The trained weights travel as int8 with one scale per output row (per filter, per neuron), base64 in a
// generated TypeScript module (model-NN.ts, written by scripts/handwriting/train.ts): about 85 KB (63 KB gzipped) each, no file
// reads, the same inside workerd and under Node.
import { fromBase64, toBase64 } from "../../../../core/base64";
import { SHAPE, TENSORS, tensorSizes, type Weights } from "./net";

export interface PackedTensor {
  rows: number;
  /** One scale per row: value = int8 × scale. */
  scales: number[];
  int8: string; // base64
}

export interface PackedModel {
  /** How it was made: the data split, seed, epochs and dev figures (for the record; not read at run time). */
  provenance: Record<string, string | number>;
  /** Divides the logits before the softmax; fitted on the dev split so stated probabilities match observed. */
  temperature: number;
  tensors: Record<(typeof TENSORS)[number], PackedTensor>;
}

const ROWS: Record<(typeof TENSORS)[number], number> = {
  c1w: SHAPE.conv1,
  c1b: 1,
  c2w: SHAPE.conv2,
  c2b: 1,
  f1w: SHAPE.hidden,
  f1b: 1,
  f2w: 11,
  f2b: 1,
};

export function pack(weights: Weights): PackedModel["tensors"] {
  const out = {} as PackedModel["tensors"];
  for (const name of TENSORS) {
    const values = weights[name];
    const rows = ROWS[name];
    const per = values.length / rows;
    const q = new Int8Array(values.length);
    const scales: number[] = [];
    for (let r = 0; r < rows; r++) {
      let max = 0;
      for (let i = r * per; i < (r + 1) * per; i++) max = Math.max(max, Math.abs(values[i]));
      const scale = max / 127 || 1;
      scales.push(Number(scale.toPrecision(7)));
      for (let i = r * per; i < (r + 1) * per; i++) q[i] = Math.round(values[i] / scales[r]);
    }
    out[name] = { rows, scales, int8: toBase64(new Uint8Array(q.buffer)) };
  }
  return out;
}

export function unpack(tensors: PackedModel["tensors"]): Weights {
  const sizes = tensorSizes();
  const out = {} as Weights;
  for (const name of TENSORS) {
    const t = tensors[name];
    const q = new Int8Array(fromBase64(t.int8).buffer);
    if (q.length !== sizes[name]) throw new Error(`handwriting model: ${name} has ${q.length} weights, expected ${sizes[name]}`);
    const per = q.length / t.rows;
    const values = new Float32Array(q.length);
    for (let i = 0; i < q.length; i++) values[i] = q[i] * t.scales[Math.floor(i / per)];
    out[name] = values;
  }
  return out;
}
