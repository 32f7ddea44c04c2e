// A small convolutional digit classifier, plain TypeScript so it runs inside workerd with no runtime.
// 28×28 grey (ink = 1) → conv 5×5×10 → ReLU → max-pool 2 → conv 3×3×24 → ReLU → max-pool 2 → dense 96 → ReLU
// → dense 11 (the digits 0–9 and "not one digit": a piece of a digit or two touching ones, which lets the
// reader's segmentation tell a good cut from a bad one). The same layer functions serve the training script
// (scripts/handwriting/train.ts), so what is trained is what runs.

export const CLASSES = 11;
export const NOT_A_DIGIT = 10;

export interface Shape {
  conv1: number; // filters of the first convolution
  conv2: number;
  hidden: number;
}
export const SHAPE: Shape = { conv1: 10, conv2: 24, hidden: 96 };

/** Float weights, each tensor flat, in the layouts the layer functions below read. */
export interface Weights {
  c1w: Float32Array; // [conv1][1][5][5]
  c1b: Float32Array;
  c2w: Float32Array; // [conv2][conv1][3][3]
  c2b: Float32Array;
  f1w: Float32Array; // [hidden][conv2·5·5]
  f1b: Float32Array;
  f2w: Float32Array; // [CLASSES][hidden]
  f2b: Float32Array;
}
export const TENSORS = ["c1w", "c1b", "c2w", "c2b", "f1w", "f1b", "f2w", "f2b"] as const;

export function tensorSizes(s: Shape = SHAPE): Record<(typeof TENSORS)[number], number> {
  return {
    c1w: s.conv1 * 25,
    c1b: s.conv1,
    c2w: s.conv2 * s.conv1 * 9,
    c2b: s.conv2,
    f1w: s.hidden * s.conv2 * 25,
    f1b: s.hidden,
    f2w: CLASSES * s.hidden,
    f2b: CLASSES,
  };
}

/** Work buffers by the convolution's sizes, reused from one glyph to the next. */
const buffers = new Map<string, { tap: Int32Array; value: Float32Array; start: Int32Array; byTap: Float32Array; sum: Float32Array }>();

/**
 * Valid convolution, stride 1: input [inC][size][size] → output [outC][size-k+1][size-k+1]. Blank inputs are skipped
 * (most of a glyph is paper, and ReLU leaves about half of the next layer's input 0): each output position lists
 * its taps (channel, ky, kx) whose input is inked, and every filter adds those taps' terms at once. Each output still
 * adds its terms in the order (channel, ky, kx) into a float32, as the direct loops do: the same outputs, to the bit.
 */
export function conv(
  input: Float32Array,
  inC: number,
  size: number,
  w: Float32Array,
  b: Float32Array,
  outC: number,
  k: number,
  out: Float32Array,
) {
  const o = size - k + 1;
  const area = o * o;
  const taps = inC * k * k;
  const key = `${inC}:${size}:${outC}:${k}`;
  let buf = buffers.get(key);
  if (!buf) {
    buf = {
      tap: new Int32Array(taps * area),
      value: new Float32Array(taps * area),
      start: new Int32Array(area + 1),
      byTap: new Float32Array(taps * outC),
      sum: new Float32Array(outC),
    };
    buffers.set(key, buf);
  }
  const { tap, value, start, byTap, sum } = buf;
  // The weights by tap, every filter's side by side (read afresh: training changes them in place).
  for (let oc = 0; oc < outC; oc++) for (let t = 0; t < taps; t++) byTap[t * outC + oc] = w[oc * taps + t];
  let n = 0;
  for (let y = 0; y < o; y++)
    for (let x = 0; x < o; x++) {
      start[y * o + x] = n;
      for (let ic = 0; ic < inC; ic++)
        for (let ky = 0; ky < k; ky++) {
          const row = (ic * size + y + ky) * size + x;
          for (let kx = 0; kx < k; kx++) {
            const v = input[row + kx];
            if (v !== 0) {
              tap[n] = (ic * k + ky) * k + kx;
              value[n++] = v;
            }
          }
        }
    }
  start[area] = n;
  for (let p = 0; p < area; p++) {
    sum.set(b);
    for (let j = start[p]; j < start[p + 1]; j++) {
      const from = tap[j] * outC;
      const v = value[j];
      for (let oc = 0; oc < outC; oc++) sum[oc] += byTap[from + oc] * v;
    }
    for (let oc = 0; oc < outC; oc++) out[oc * area + p] = sum[oc];
  }
}

/** ReLU then 2×2 max-pool: [c][size][size] → [c][size/2][size/2]; `which` keeps each winner's index (for training). */
export function reluPool(input: Float32Array, c: number, size: number, out: Float32Array, which?: Int32Array) {
  const h = size >> 1;
  for (let ch = 0; ch < c; ch++)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < h; x++) {
        let best = 0;
        let at = -1;
        for (let dy = 0; dy < 2; dy++)
          for (let dx = 0; dx < 2; dx++) {
            const i = ch * size * size + (2 * y + dy) * size + 2 * x + dx;
            if (input[i] > best) {
              best = input[i];
              at = i;
            }
          }
        const j = ch * h * h + y * h + x;
        out[j] = best;
        if (which) which[j] = at;
      }
}

/** Dense layer: out[o] = b[o] + Σ w[o][i]·in[i], over the inputs that are not 0 (ReLU leaves many). */
export function dense(input: Float32Array, w: Float32Array, b: Float32Array, outN: number, out: Float32Array) {
  const n = input.length;
  const live = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) if (input[i] !== 0) live[m++] = i;
  for (let o = 0; o < outN; o++) {
    let s = b[o];
    const base = o * n;
    for (let j = 0; j < m; j++) {
      const i = live[j];
      s += w[base + i] * input[i];
    }
    out[o] = s;
  }
}

export function softmax(logits: Float32Array, temperature = 1): Float32Array {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v / temperature);
  const out = new Float32Array(logits.length);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += out[i] = Math.exp(logits[i] / temperature - max);
  for (let i = 0; i < out.length; i++) out[i] /= sum;
  return out;
}

/** Every intermediate of one forward pass (the training script's backward pass reads them). */
export interface Activations {
  a1: Float32Array; // conv1 output 24×24
  p1: Float32Array; // pooled 12×12
  w1: Int32Array;
  a2: Float32Array; // conv2 output 10×10
  p2: Float32Array; // pooled 5×5
  w2: Int32Array;
  h: Float32Array; // hidden, after ReLU
  logits: Float32Array;
}

export function activations(s: Shape = SHAPE): Activations {
  return {
    a1: new Float32Array(s.conv1 * 576),
    p1: new Float32Array(s.conv1 * 144),
    w1: new Int32Array(s.conv1 * 144),
    a2: new Float32Array(s.conv2 * 100),
    p2: new Float32Array(s.conv2 * 25),
    w2: new Int32Array(s.conv2 * 25),
    h: new Float32Array(s.hidden),
    logits: new Float32Array(CLASSES),
  };
}

/** One forward pass over a normalised 28×28 glyph; the logits end in `act.logits`. */
export function forward(wt: Weights, input: Float32Array, act: Activations, s: Shape = SHAPE): Float32Array {
  conv(input, 1, 28, wt.c1w, wt.c1b, s.conv1, 5, act.a1);
  reluPool(act.a1, s.conv1, 24, act.p1, act.w1);
  conv(act.p1, s.conv1, 12, wt.c2w, wt.c2b, s.conv2, 3, act.a2);
  reluPool(act.a2, s.conv2, 10, act.p2, act.w2);
  dense(act.p2, wt.f1w, wt.f1b, s.hidden, act.h);
  for (let i = 0; i < act.h.length; i++) if (act.h[i] < 0) act.h[i] = 0;
  dense(act.h, wt.f2w, wt.f2b, CLASSES, act.logits);
  return act.logits;
}
