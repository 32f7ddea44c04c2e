// A glyph brought to MNIST's frame: crop to the ink, keep the aspect ratio, fit the longer side to 20 pixels,
// then centre by mass in 28×28. The strokes' contrast is stretched so the darkest part of the glyph is 1, as in
// MNIST, whatever the pencil's grey. Training (augmented MNIST) and reading go through this one function.

export interface InkImage {
  /** Ink amount per pixel, 0 (paper) to 1 (darkest ink), row by row. */
  ink: Float32Array;
  width: number;
  height: number;
}

const BOX = 20;
const SIDE = 28;

const at = (img: InkImage, x: number, y: number) => (x < 0 || y < 0 || x >= img.width || y >= img.height ? 0 : img.ink[y * img.width + x]);

/** Bilinear sample with zero outside. */
export function sample(img: InkImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  return (
    (at(img, x0, y0) * (1 - fx) + at(img, x0 + 1, y0) * fx) * (1 - fy) +
    (at(img, x0, y0 + 1) * (1 - fx) + at(img, x0 + 1, y0 + 1) * fx) * fy
  );
}

/** The box around pixels with ink above `floor`, or null for an empty image. */
export function inkBox(img: InkImage, floor = 0.1): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = img.width;
  let y0 = img.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      if (img.ink[y * img.width + x] > floor) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? null : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/** The 28×28 input the classifier reads (ink = 1), or null when there is no ink. */
export function normaliseGlyph(img: InkImage): Float32Array | null {
  const box = inkBox(img);
  if (!box) return null;
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const scale = BOX / Math.max(bw, bh);
  const w = Math.max(1, Math.round(bw * scale));
  const h = Math.max(1, Math.round(bh * scale));
  // Area-average when shrinking (n×n bilinear taps per output pixel), bilinear when enlarging.
  const n = Math.min(4, Math.max(1, Math.ceil(1 / scale)));
  const fitted = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++)
          s += sample(img, box.x0 + (x + (sx + 0.5) / n) / scale - 0.5, box.y0 + (y + (sy + 0.5) / n) / scale - 0.5);
      fitted[y * w + x] = s / (n * n);
    }
  // Contrast: the 90th percentile of the inked pixels becomes full ink.
  const inked = Array.from(fitted)
    .filter((v) => v > 0.05)
    .sort((a, b) => a - b);
  if (!inked.length) return null;
  const top = Math.max(0.05, inked[Math.floor(0.9 * (inked.length - 1))]);
  let mass = 0;
  let mx = 0;
  let my = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = Math.min(1, fitted[y * w + x] / top);
      fitted[y * w + x] = v;
      mass += v;
      mx += v * (x + 0.5);
      my += v * (y + 0.5);
    }
  const dx = Math.round(SIDE / 2 - mx / mass);
  const dy = Math.round(SIDE / 2 - my / mass);
  const out = new Float32Array(SIDE * SIDE);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const tx = x + dx;
      const ty = y + dy;
      if (tx >= 0 && ty >= 0 && tx < SIDE && ty < SIDE) out[ty * SIDE + tx] = fitted[y * w + x];
    }
  return out;
}
