// From a grey crop of an answer region to the pieces of ink the classifier reads: ink relative to the local
// paper (uneven light), a hysteresis threshold (faint pencil stays joined), the answer line taken out (a long
// straight rule at a small angle; strokes crossing it are kept), the slant taken out (row shifts), connected
// components, and the non-digit marks told apart by their shape and place: decimal point, comma, minus sign,
// fraction bar. Those marks have no real handwritten examples here (MNIST holds digits only), and their
// geometry against the digits' band says more than a classifier trained on fonts would (decision 0034).

export interface GreyImage {
  /** 0 (black) to 255 (white), one byte per pixel, row by row. */
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Component {
  x0: number;
  y0: number;
  x1: number; // exclusive
  y1: number;
  area: number;
  /** Pixel indices (y·width + x) in the page's ink image. */
  pixels: number[];
}

export interface Ink {
  /** Ink amount 0..1 after the slant is taken out; outside the mask it is 0. */
  ink: Float32Array;
  mask: Uint8Array;
  width: number;
  height: number;
}

/**
 * Ink relative to the paper around it (a shadow, uneven light): the paper's level is the 90th percentile of
 * brightness in a window around each point of a coarse grid, interpolated between the grid's points.
 */
function inkMap(img: GreyImage): Float32Array {
  const { width: w, height: h, data } = img;
  const step = Math.max(6, Math.round(h / 4));
  const gx = Math.ceil(w / step) + 1;
  const gy = Math.ceil(h / step) + 1;
  const grid = new Float32Array(gx * gy);
  // The percentile from a histogram of the window's bytes: the same value a sort gives, without the sort.
  const bins = new Int32Array(256);
  for (let j = 0; j < gy; j++)
    for (let i = 0; i < gx; i++) {
      bins.fill(0);
      let n = 0;
      const cx = i * step;
      const cy = j * step;
      for (let y = Math.max(0, cy - step); y < Math.min(h, cy + step); y++)
        for (let x = Math.max(0, cx - step); x < Math.min(w, cx + step); x++) {
          bins[data[y * w + x]]++;
          n++;
        }
      let level = 255;
      if (n) {
        const k = Math.floor(0.9 * (n - 1));
        let seen = 0;
        for (let v = 0; v < 256; v++)
          if ((seen += bins[v]) > k) {
            level = v;
            break;
          }
      }
      grid[j * gx + i] = Math.max(60, level);
    }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = y / step;
    const j = Math.min(gy - 2, Math.floor(fy));
    const ty = fy - j;
    for (let x = 0; x < w; x++) {
      const fx = x / step;
      const i = Math.min(gx - 2, Math.floor(fx));
      const tx = fx - i;
      // No closure made per pixel here: this loop visits every pixel of the crop.
      const at = j * gx + i;
      const level = (grid[at] * (1 - tx) + grid[at + 1] * tx) * (1 - ty) + (grid[at + gx] * (1 - tx) + grid[at + gx + 1] * tx) * ty;
      out[y * w + x] = Math.max(0, Math.min(1, (level - data[y * w + x]) / level));
    }
  }
  return out;
}

function otsu(values: Float32Array): number {
  const bins = new Float64Array(64);
  for (const v of values) bins[Math.min(63, Math.floor(v * 64))]++;
  let total = 0;
  let sum = 0;
  for (let i = 0; i < 64; i++) {
    total += bins[i];
    sum += i * bins[i];
  }
  let best = 0;
  let at = 16;
  let wb = 0;
  let sb = 0;
  for (let i = 0; i < 64; i++) {
    wb += bins[i];
    sb += i * bins[i];
    const wf = total - wb;
    if (!wb || !wf) continue;
    const between = wb * wf * (sb / wb - (sum - sb) / wf) ** 2;
    if (between > best) {
      best = between;
      at = i + 1;
    }
  }
  return at / 64;
}

/** 8-connected components of a mask. */
export function components(mask: Uint8Array, w: number, h: number): Component[] {
  const label = new Int32Array(w * h).fill(-1);
  const out: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || label[start] >= 0) continue;
    const c: Component = { x0: w, y0: h, x1: 0, y1: 0, area: 0, pixels: [] };
    label[start] = out.length;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      c.pixels.push(p);
      c.area++;
      c.x0 = Math.min(c.x0, x);
      c.x1 = Math.max(c.x1, x + 1);
      c.y0 = Math.min(c.y0, y);
      c.y1 = Math.max(c.y1, y + 1);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const q = yy * w + xx;
          if (mask[q] && label[q] < 0) {
            label[q] = out.length;
            stack.push(q);
          }
        }
    }
    out.push(c);
  }
  return out;
}

/** The inked pixels of a mask as x, y pairs, row by row (the sweeps below visit ink only: a crop is mostly paper). */
function inkedPixels(mask: Uint8Array, w: number, h: number): Int32Array {
  let n = 0;
  for (let i = 0; i < w * h; i++) n += mask[i];
  const out = new Int32Array(2 * n);
  let k = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]) {
        out[k++] = x;
        out[k++] = y;
      }
  return out;
}

/** Takes out a long straight rule (the answer line) at up to ±6°, keeping strokes that cross it. */
function removeRule(mask: Uint8Array, w: number, h: number) {
  let best = { count: 0, slope: 0, offset: 0 };
  const pad = Math.ceil(w * 0.11) + 1;
  const counts = new Int32Array(h + 2 * pad);
  const inked = inkedPixels(mask, w, h);
  for (let deg = -6; deg <= 6; deg += 0.5) {
    const slope = Math.tan((deg * Math.PI) / 180);
    counts.fill(0);
    for (let i = 0; i < inked.length; i += 2) counts[Math.round(inked[i + 1] - inked[i] * slope) + pad]++;
    for (let r = 0; r < counts.length; r++) if (counts[r] > best.count) best = { count: counts[r], slope, offset: r - pad };
  }
  if (best.count < 0.35 * w) return;
  // The rule's thickness: neighbouring offsets still holding half the peak.
  const along = (offset: number) => {
    let n = 0;
    for (let x = 0; x < w; x++) {
      const y = Math.round(offset + x * best.slope);
      if (y >= 0 && y < h && mask[y * w + x]) n++;
    }
    return n;
  };
  let top = best.offset;
  let bottom = best.offset;
  while (top - 1 >= best.offset - 6 && along(top - 1) >= 0.5 * best.count) top--;
  while (bottom + 1 <= best.offset + 6 && along(bottom + 1) >= 0.5 * best.count) bottom++;
  // Clear the band and a pixel either side (anti-aliased edges), except where a stroke crosses it.
  const inkAt = (x: number, y: number) => y >= 0 && y < h && mask[y * w + x] === 1;
  for (let x = 0; x < w; x++) {
    const base = x * best.slope;
    if (inkAt(x, Math.round(top - 2 + base)) && inkAt(x, Math.round(bottom + 2 + base))) continue;
    for (let o = top - 1; o <= bottom + 1; o++) {
      const y = Math.round(o + base);
      if (y >= 0 && y < h) mask[y * w + x] = 0;
    }
  }
  // What is left of the rule: bits lying wholly within its band.
  for (const c of components(mask, w, h)) {
    const near = c.pixels.every((p) => {
      const x = p % w;
      const off = (p - x) / w - x * best.slope;
      return off >= top - 3 && off <= bottom + 3;
    });
    if (near) for (const p of c.pixels) mask[p] = 0;
  }
}

/** The shear that makes strokes most upright (the sharpest column profile), for the slant to be taken out. */
function slantOf(mask: Uint8Array, w: number, h: number): number {
  let best = { score: -1, s: 0 };
  const cols = new Float64Array(w + 2 * h);
  const inked = inkedPixels(mask, w, h);
  for (let s = -0.5; s <= 0.701; s += 0.1) {
    cols.fill(0);
    for (let i = 0; i < inked.length; i += 2) cols[inked[i] + Math.round(s * (inked[i + 1] - h / 2)) + h]++;
    let score = 0;
    for (const c of cols) score += c * c;
    if (score > best.score * 1.02 || (score >= best.score && Math.abs(s) < Math.abs(best.s))) best = { score, s };
  }
  return best.s;
}

/** The crop's ink, cleaned and upright. */
export function inkOf(img: GreyImage): Ink {
  const { width: w, height: h } = img;
  const raw = inkMap(img);
  const strong = Math.max(0.2, otsu(raw));
  const weak = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) weak[i] = raw[i] > strong * 0.6 ? 1 : 0;
  const mask = new Uint8Array(w * h);
  for (const c of components(weak, w, h)) if (c.pixels.some((p) => raw[p] > strong)) for (const p of c.pixels) mask[p] = 1;
  removeRule(mask, w, h);
  const s = slantOf(mask, w, h);
  // Shift each row so slanted strokes stand upright; the image widens by the largest shift.
  const extra = Math.ceil((Math.abs(s) * h) / 2) + 1;
  const ww = w + 2 * extra;
  const ink = new Float32Array(ww * h);
  const upright = new Uint8Array(ww * h);
  for (let y = 0; y < h; y++) {
    const shift = Math.round(s * (y - h / 2)) + extra;
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]) {
        upright[y * ww + x + shift] = 1;
        ink[y * ww + x + shift] = raw[y * w + x];
      }
  }
  return { ink, mask: upright, width: ww, height: h };
}
