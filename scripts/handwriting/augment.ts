// Digits as children write them, made from one MNIST sample: slant (shear), width, a small turn, stroke
// thickness, size on the page, a little blur; and the "not one digit" examples the reader's segmentation needs
// (two digits touching, a piece of a digit). Used by train.ts and by the page composer (compose.ts).
import type { InkImage } from "../../workers/grading/reading/handwriting/glyph";
import { inkBox, sample as bilinear } from "../../workers/grading/reading/handwriting/glyph";

export type Rng = () => number;

/** mulberry32: small, seeded, the same on every machine. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const between = (rng: Rng, lo: number, hi: number) => lo + rng() * (hi - lo);

function morph(src: Float32Array, strength: number, grow: boolean): Float32Array {
  const out = new Float32Array(784);
  for (let y = 0; y < 28; y++)
    for (let x = 0; x < 28; x++) {
      let m = src[y * 28 + x];
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const xx = x + dx;
        const yy = y + dy;
        const v = xx < 0 || yy < 0 || xx > 27 || yy > 27 ? 0 : src[yy * 28 + xx];
        m = grow ? Math.max(m, v) : Math.min(m, v);
      }
      const v = src[y * 28 + x];
      out[y * 28 + x] = v + strength * (m - v);
    }
  return out;
}

export interface Style {
  /** Glyph height on the page, in pixels. */
  height: number;
  /** Horizontal shear: x moves by slant × (distance above the centre). Positive leans right. */
  slant: number;
  /** Width relative to MNIST's. */
  width: number;
  /** Turn in radians. */
  turn: number;
  /** Stroke: > 0 thicker, < 0 thinner (strength of a grey dilation or erosion on the 28×28 source). */
  stroke: number;
}

export function randomStyle(rng: Rng, height = between(rng, 14, 36)): Style {
  const r = rng();
  return {
    height,
    slant: between(rng, -0.2, 0.45),
    width: between(rng, 0.75, 1.25),
    turn: between(rng, -0.1, 0.1),
    stroke: r < 0.35 ? between(rng, 0.3, 1) : r < 0.6 ? -between(rng, 0.2, 0.6) : 0,
  };
}

/**
 * An elastic distortion of a 28×28 sample (Simard et al. 2003): each pixel moves by a random field smoothed with a
 * Gaussian of `sigma` px and scaled by `alpha`. Training only: the page composer draws samples undistorted.
 */
export function elastic(digit: Float32Array, rng: Rng, alpha: number, sigma = 4): Float32Array {
  const radius = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const blur = (src: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(784);
    for (let y = 0; y < 28; y++)
      for (let x = 0; x < 28; x++) {
        let s = 0;
        for (let k = -radius; k <= radius; k++) {
          const xx = horizontal ? Math.min(27, Math.max(0, x + k)) : x;
          const yy = horizontal ? y : Math.min(27, Math.max(0, y + k));
          s += kernel[k + radius] * src[yy * 28 + xx];
        }
        out[y * 28 + x] = s / total;
      }
    return out;
  };
  const noise = () => Float32Array.from({ length: 784 }, () => 2 * rng() - 1);
  const dx = blur(blur(noise(), true), false);
  const dy = blur(blur(noise(), true), false);
  const out = new Float32Array(784);
  const img = { ink: digit, width: 28, height: 28 };
  for (let y = 0; y < 28; y++)
    for (let x = 0; x < 28; x++) out[y * 28 + x] = bilinear(img, x + alpha * dx[y * 28 + x], y + alpha * dy[y * 28 + x]);
  return out;
}

/** Draws one MNIST sample (784 values, ink = 1) in a style: a tight ink image with a 1-pixel margin. */
export function drawDigit(sample: Float32Array, style: Style): InkImage {
  const src = style.stroke > 0 ? morph(sample, style.stroke, true) : style.stroke < 0 ? morph(sample, -style.stroke, false) : sample;
  const img = { ink: src, width: 28, height: 28 };
  const box = inkBox(img) ?? { x0: 4, y0: 4, x1: 24, y1: 24 };
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const scale = style.height / (box.y1 - box.y0);
  const cos = Math.cos(style.turn);
  const sin = Math.sin(style.turn);
  // Forward map (source → page): rotate, shear, stretch, scale. a b / c d.
  const a = scale * style.width * (cos - style.slant * sin);
  const b = scale * style.width * (-sin - style.slant * cos);
  const c = scale * sin;
  const d = scale * cos;
  const corners = [
    [box.x0 - cx, box.y0 - cy],
    [box.x1 - cx, box.y0 - cy],
    [box.x0 - cx, box.y1 - cy],
    [box.x1 - cx, box.y1 - cy],
  ].map(([x, y]) => [a * x + b * y, c * x + d * y]);
  const minX = Math.min(...corners.map((p) => p[0])) - 1;
  const minY = Math.min(...corners.map((p) => p[1])) - 1;
  const width = Math.ceil(Math.max(...corners.map((p) => p[0])) - minX + 1);
  const height = Math.ceil(Math.max(...corners.map((p) => p[1])) - minY + 1);
  const det = a * d - b * c;
  const ink = new Float32Array(width * height);
  const n = scale < 1 ? 2 : 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const px = x + (sx + 0.5) / n + minX;
          const py = y + (sy + 0.5) / n + minY;
          s += bilinear(img, (d * px - b * py) / det + cx - 0.5, (-c * px + a * py) / det + cy - 0.5);
        }
      ink[y * width + x] = Math.min(1, s / (n * n));
    }
  return { ink, width, height };
}

/** A 3×3 box blur mixed in at `amount` (a phone's soft focus). */
export function soften(img: InkImage, amount: number): InkImage {
  const { width: w, height: h } = img;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h) s += img.ink[yy * w + xx];
        }
      out[y * w + x] = (1 - amount) * img.ink[y * w + x] + (amount * s) / 9;
    }
  return { ink: out, width: w, height: h };
}

/** Two glyphs side by side, `gap` pixels apart (negative: overlapping), bottoms aligned within `drop`. */
export function join(left: InkImage, right: InkImage, gap: number, drop = 0): InkImage {
  const offX = Math.max(0, left.width + Math.round(gap));
  const rightTop = left.height + Math.round(drop) - right.height;
  const top = Math.min(0, rightTop);
  const width = Math.max(left.width, offX + right.width);
  const height = Math.max(left.height, rightTop + right.height) - top;
  const ink = new Float32Array(width * height);
  const put = (g: InkImage, ox: number, oy: number) => {
    for (let y = 0; y < g.height; y++)
      for (let x = 0; x < g.width; x++) {
        const i = (oy + y) * width + ox + x;
        if (oy + y >= 0 && oy + y < height) ink[i] = Math.max(ink[i], g.ink[y * g.width + x]);
      }
  };
  put(left, 0, -top);
  put(right, offX, rightTop - top);
  return { ink, width, height };
}

/** The columns [from, to) of a glyph. */
export function columns(img: InkImage, from: number, to: number): InkImage {
  const width = Math.max(1, to - from);
  const ink = new Float32Array(width * img.height);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < width; x++) ink[y * width + x] = img.ink[y * img.width + from + x] ?? 0;
  return { ink, width, height: img.height };
}
