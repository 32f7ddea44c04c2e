// The backward pass and Adam for the reader's classifier (workers/grading/reading/handwriting/net.ts): only the
// training script needs it, so it lives with the scripts, not in the worker's bundle.
import {
  CLASSES,
  SHAPE,
  TENSORS,
  activations,
  forward,
  softmax,
  tensorSizes,
  type Weights,
} from "../../workers/grading/reading/handwriting/net";
import type { Rng } from "./augment";

export function zeros(): Weights {
  const sizes = tensorSizes();
  return Object.fromEntries(TENSORS.map((t) => [t, new Float32Array(sizes[t])])) as unknown as Weights;
}

/** He-normal weights, zero biases, from a seeded generator. */
export function initialWeights(rng: Rng): Weights {
  const w = zeros();
  const normal = () => Math.sqrt(-2 * Math.log(rng() || 1e-12)) * Math.cos(2 * Math.PI * rng());
  const fill = (t: Float32Array, fanIn: number) => {
    for (let i = 0; i < t.length; i++) t[i] = normal() * Math.sqrt(2 / fanIn);
  };
  fill(w.c1w, 25);
  fill(w.c2w, SHAPE.conv1 * 9);
  fill(w.f1w, SHAPE.conv2 * 25);
  fill(w.f2w, SHAPE.hidden);
  return w;
}

const act = activations();
const dh = new Float32Array(SHAPE.hidden);
const dp2 = new Float32Array(SHAPE.conv2 * 25);
const da2 = new Float32Array(SHAPE.conv2 * 100);
const dp1 = new Float32Array(SHAPE.conv1 * 144);
const da1 = new Float32Array(SHAPE.conv1 * 576);

/** Adds one example's gradient of the cross-entropy to `grad`; returns the example's loss. */
export function accumulate(w: Weights, grad: Weights, input: Float32Array, label: number): number {
  const s = SHAPE;
  forward(w, input, act);
  const p = softmax(act.logits);
  const loss = -Math.log(Math.max(p[label], 1e-12));
  const dl = p;
  dl[label] -= 1;
  // dense 2
  dh.fill(0);
  for (let o = 0; o < CLASSES; o++) {
    const g = dl[o];
    grad.f2b[o] += g;
    const base = o * s.hidden;
    for (let i = 0; i < s.hidden; i++) {
      grad.f2w[base + i] += g * act.h[i];
      dh[i] += g * w.f2w[base + i];
    }
  }
  // ReLU, dense 1
  const n1 = s.conv2 * 25;
  dp2.fill(0);
  for (let o = 0; o < s.hidden; o++) {
    if (act.h[o] <= 0) continue;
    const g = dh[o];
    grad.f1b[o] += g;
    const base = o * n1;
    for (let i = 0; i < n1; i++) {
      grad.f1w[base + i] += g * act.p2[i];
      dp2[i] += g * w.f1w[base + i];
    }
  }
  // pool 2 (ReLU folded in: only positive winners carry a gradient)
  da2.fill(0);
  for (let j = 0; j < dp2.length; j++) if (act.w2[j] >= 0) da2[act.w2[j]] += dp2[j];
  // conv 2: 12×12×conv1 → 10×10×conv2, kernel 3
  dp1.fill(0);
  for (let oc = 0; oc < s.conv2; oc++)
    for (let y = 0; y < 10; y++)
      for (let x = 0; x < 10; x++) {
        const g = da2[oc * 100 + y * 10 + x];
        if (g === 0) continue;
        grad.c2b[oc] += g;
        for (let ic = 0; ic < s.conv1; ic++)
          for (let ky = 0; ky < 3; ky++)
            for (let kx = 0; kx < 3; kx++) {
              const wi = ((oc * s.conv1 + ic) * 3 + ky) * 3 + kx;
              const ii = ic * 144 + (y + ky) * 12 + x + kx;
              grad.c2w[wi] += g * act.p1[ii];
              dp1[ii] += g * w.c2w[wi];
            }
      }
  // pool 1, conv 1 (no gradient for the input)
  da1.fill(0);
  for (let j = 0; j < dp1.length; j++) if (act.w1[j] >= 0) da1[act.w1[j]] += dp1[j];
  for (let oc = 0; oc < s.conv1; oc++)
    for (let y = 0; y < 24; y++)
      for (let x = 0; x < 24; x++) {
        const g = da1[oc * 576 + y * 24 + x];
        if (g === 0) continue;
        grad.c1b[oc] += g;
        for (let ky = 0; ky < 5; ky++) for (let kx = 0; kx < 5; kx++) grad.c1w[oc * 25 + ky * 5 + kx] += g * input[(y + ky) * 28 + x + kx];
      }
  return loss;
}

/** Adam with decoupled weight decay; `step` counts from 1. */
export class Adam {
  private m = zeros();
  private v = zeros();
  constructor(
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
    private readonly decay = 1e-4,
  ) {}
  update(w: Weights, grad: Weights, rate: number, step: number, batch: number) {
    const c1 = 1 - this.beta1 ** step;
    const c2 = 1 - this.beta2 ** step;
    for (const t of TENSORS) {
      const wt = w[t];
      const g = grad[t];
      const m = this.m[t];
      const v = this.v[t];
      const decays = !t.endsWith("b");
      for (let i = 0; i < wt.length; i++) {
        const gi = g[i] / batch;
        m[i] = this.beta1 * m[i] + (1 - this.beta1) * gi;
        v[i] = this.beta2 * v[i] + (1 - this.beta2) * gi * gi;
        wt[i] -= rate * (m[i] / c1 / (Math.sqrt(v[i] / c2) + 1e-8) + (decays ? this.decay * wt[i] : 0));
      }
      g.fill(0);
    }
  }
}
