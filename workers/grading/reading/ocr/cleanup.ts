// Page clean-up before recognition, in plain code on decoded pixels (runs the same in workerd and Node):
// grey → page found and straightened where its edges show → 3×3 median → flat-field (divide by the
// paper's own brightness: removes shadows and uneven light) → deskew → text scaled to the size the
// engine reads best → contrast stretched. Each step can be switched off to measure it (eval:reading).

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface CleanupSteps {
  page: boolean;
  median: boolean;
  flatField: boolean;
  deskew: boolean;
  scale: boolean;
  /** Scale small text up to the target too (off: only large text is brought down; see decision 0028). */
  upscale: boolean;
  threshold: boolean;
  /** Text line height (px) the page is scaled to. */
  targetLineHeight: number;
}

export const DEFAULT_CLEANUP: CleanupSteps = {
  page: true,
  // Off: a 3×3 median erases decimal points at typical text sizes ("0.5" read as "05" on a clean 32 px page,
  // the e2e assignment flow). Re-measure with `npm run eval:reading -- --without median` before turning it on.
  median: false,
  flatField: true,
  deskew: true,
  scale: true,
  upscale: false,
  threshold: false,
  targetLineHeight: 26,
};

let steps: CleanupSteps = { ...DEFAULT_CLEANUP };
/** For the evaluation: switch steps on and off (one isolate, one configuration). */
export function setCleanupSteps(next: Partial<CleanupSteps>): void {
  steps = { ...DEFAULT_CLEANUP, ...next };
}
export function cleanupSteps(): CleanupSteps {
  return steps;
}

export interface CleanupReport {
  /** Corners of the page found in the photo (clockwise from top-left), when it was straightened. */
  page?: [number, number][];
  /** Degrees the text was turned back. */
  skew: number;
  /** Factor the page was scaled by to bring the text to the engine's size. */
  scale: number;
  /** Estimated height of a text line, in pixels of the input. */
  lineHeight?: number;
}

/** Never make a page larger than this on its long side (memory: the OCR heap grows with the page). */
export let MAX_CLEAN_LONG_SIDE = 2400;
export function setMaxCleanLongSide(n: number) {
  MAX_CLEAN_LONG_SIDE = n;
}

export function toGrey(rgba: Uint8Array, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let p = 0, q = 0; p < data.length; p++, q += 4) data[p] = (rgba[q] * 77 + rgba[q + 1] * 150 + rgba[q + 2] * 29) >> 8;
  return { data, width, height };
}

/** Area average over factor×factor blocks. */
export function shrink(img: GreyImage, factor: number): GreyImage {
  const width = Math.max(1, Math.floor(img.width / factor));
  const height = Math.max(1, Math.floor(img.height / factor));
  const data = new Uint8Array(width * height);
  const sums = new Uint32Array(width);
  const n = factor * factor;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      const row = (y * factor + dy) * img.width;
      for (let x = 0; x < width; x++) {
        let s = 0;
        const start = row + x * factor;
        for (let dx = 0; dx < factor; dx++) s += img.data[start + dx];
        sums[x] += s;
      }
    }
    for (let x = 0; x < width; x++) data[y * width + x] = Math.round(sums[x] / n);
  }
  return { data, width, height };
}

/**
 * One axis's triangle-filter taps for a shrink from `from` to `to` samples (support widens with the shrink):
 * output i reads `taps` inputs from start[i], weighted by weights[i * taps …] (zero weights pad the short ones).
 */
function triangleTaps(from: number, to: number): { start: Int32Array; taps: number; weights: Float32Array } {
  const scale = from / to;
  const support = Math.max(1, scale);
  const start = new Int32Array(to);
  const taps = Math.min(from, Math.floor(2 * support) + 2);
  const weights = new Float32Array(to * taps);
  for (let i = 0; i < to; i++) {
    const centre = (i + 0.5) * scale - 0.5;
    const lo = Math.max(0, Math.ceil(centre - support));
    const hi = Math.min(from - 1, Math.floor(centre + support));
    // Taps that would run past the end start earlier, with zero weights in front.
    const first = Math.min(lo, Math.max(0, from - taps));
    let sum = 0;
    for (let j = lo; j <= hi; j++) sum += Math.max(0, 1 - Math.abs(j - centre) / support);
    for (let j = lo; j <= hi; j++)
      weights[i * taps + j - first] = Math.fround(Math.max(0, 1 - Math.abs(j - centre) / support)) / (sum || 1);
    start[i] = first;
  }
  return { start, taps, weights };
}

/**
 * Shrinks with a triangle filter, one axis at a time (photon's Triangle, in grey and about ten times faster).
 * The second pass adds whole rows, so that it reads memory in order.
 */
export function shrinkTriangle(img: GreyImage, width: number, height: number): GreyImage {
  const cols = triangleTaps(img.width, width);
  const rows = triangleTaps(img.height, height);
  const across = new Float32Array(width * img.height);
  const src = img.data;
  const cw = cols.weights;
  for (let y = 0; y < img.height; y++) {
    const row = y * img.width;
    for (let x = 0, o = y * width; x < width; x++, o++) {
      const s = row + cols.start[x];
      const t = x * cols.taps;
      // A shrink by less than 1.5 reads 4 taps: spelt out, the same sum in the same order.
      if (cols.taps === 4) across[o] = src[s] * cw[t] + src[s + 1] * cw[t + 1] + src[s + 2] * cw[t + 2] + src[s + 3] * cw[t + 3];
      else {
        let v = 0;
        for (let k = 0; k < cols.taps; k++) v += src[s + k] * cw[t + k];
        across[o] = v;
      }
    }
  }
  const data = new Uint8Array(width * height);
  const sum = new Float64Array(width);
  const rw = rows.weights;
  for (let y = 0; y < height; y++) {
    const t = y * rows.taps;
    if (rows.taps === 4) {
      const [a, b, c, d] = [0, 1, 2, 3].map((k) => (rows.start[y] + k) * width);
      const [wa, wb, wc, wd] = [rw[t], rw[t + 1], rw[t + 2], rw[t + 3]];
      for (let x = 0, o = y * width; x < width; x++, o++)
        data[o] = across[a + x] * wa + across[b + x] * wb + across[c + x] * wc + across[d + x] * wd + 0.5;
      continue;
    }
    sum.fill(0);
    for (let k = 0; k < rows.taps; k++) {
      const w = rw[t + k];
      if (w === 0) continue;
      const from = (rows.start[y] + k) * width;
      for (let x = 0; x < width; x++) sum[x] += across[from + x] * w;
    }
    for (let x = 0, o = y * width; x < width; x++, o++) data[o] = sum[x] + 0.5;
  }
  return { data, width, height };
}

export function median3(img: GreyImage): GreyImage {
  const { width, height, data } = img;
  const out = new Uint8Array(data.length);
  const w = new Uint8Array(9);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
        out[y * width + x] = data[y * width + x];
        continue;
      }
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const row = (y + dy) * width + x;
        w[k++] = data[row - 1];
        w[k++] = data[row];
        w[k++] = data[row + 1];
      }
      // Partial sort network would be faster; insertion sort of 9 is fine.
      for (let i = 1; i < 9; i++) {
        const v = w[i];
        let j = i - 1;
        while (j >= 0 && w[j] > v) {
          w[j + 1] = w[j];
          j--;
        }
        w[j + 1] = v;
      }
      out[y * width + x] = w[4];
    }
  }
  return { data: out, width, height };
}

/** Max filter of radius r (separable): erases dark strokes, keeps the paper. */
function dilate(img: GreyImage, r: number): GreyImage {
  const { width, height, data } = img;
  const tmp = new Uint8Array(data.length);
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let d = Math.max(0, x - r); d <= Math.min(width - 1, x + r); d++) if (data[row + d] > m) m = data[row + d];
      tmp[row + x] = m;
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let m = 0;
      for (let d = Math.max(0, y - r); d <= Math.min(height - 1, y + r); d++) if (tmp[d * width + x] > m) m = tmp[d * width + x];
      out[y * width + x] = m;
    }
  }
  return { data: out, width, height };
}

/** Box blur of radius r (separable running sums). */
function boxBlur(img: GreyImage, r: number): GreyImage {
  const { width, height, data } = img;
  const tmp = new Float32Array(data.length);
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let s = 0;
    let n = 0;
    for (let x = 0; x < Math.min(width, r + 1); x++) {
      s += data[row + x];
      n++;
    }
    for (let x = 0; x < width; x++) {
      tmp[row + x] = s / n;
      const add = x + r + 1;
      const drop = x - r;
      if (add < width) {
        s += data[row + add];
        n++;
      }
      if (drop >= 0) {
        s -= data[row + drop];
        n--;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let s = 0;
    let n = 0;
    for (let y = 0; y < Math.min(height, r + 1); y++) {
      s += tmp[y * width + x];
      n++;
    }
    for (let y = 0; y < height; y++) {
      out[y * width + x] = Math.round(s / n);
      const add = y + r + 1;
      const drop = y - r;
      if (add < height) {
        s += tmp[add * width + x];
        n++;
      }
      if (drop >= 0) {
        s -= tmp[drop * width + x];
        n--;
      }
    }
  }
  return { data: out, width, height };
}

/**
 * Flat-field: estimate the paper's brightness everywhere (shrunk, strokes erased by a max filter,
 * smoothed) and divide by it, so shadowed and lit paper both become white and ink stays dark.
 */
export function flatField(img: GreyImage, lineHeight = 30): GreyImage {
  const factor = 4;
  const small = shrink(img, factor);
  // Erase strokes up to about a line's height, then smooth over a few lines.
  const paper = boxBlur(
    dilate(small, Math.max(2, Math.round(lineHeight / factor / 2))),
    Math.max(4, Math.round((lineHeight * 1.5) / factor)),
  );
  const out = new Uint8Array(img.data.length);
  // The paper's brightness at each pixel, bilinear from the small image; each column's tap and weight worked out once.
  const column = new Int32Array(img.width);
  const along = new Float64Array(img.width);
  for (let x = 0; x < img.width; x++) {
    const fx = Math.min(paper.width - 1.001, Math.max(0, (x + 0.5) / factor - 0.5));
    column[x] = Math.floor(fx);
    along[x] = fx - column[x];
  }
  const d = paper.data;
  const w = paper.width;
  // Each paper row interpolated along x once, for the four or so page rows between it and the next.
  const top = new Float64Array(img.width);
  const bottom = new Float64Array(img.width);
  let rowsOf = -1;
  for (let y = 0; y < img.height; y++) {
    const fy = Math.min(paper.height - 1.001, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(fy);
    const ay = fy - y0;
    if (y0 !== rowsOf) {
      rowsOf = y0;
      for (let x = 0; x < img.width; x++) {
        const i = y0 * w + column[x];
        const ax = along[x];
        top[x] = d[i] * (1 - ax) + d[i + 1] * ax;
        bottom[x] = d[i + w] * (1 - ax) + d[i + w + 1] * ax;
      }
    }
    const row = y * img.width;
    for (let x = 0; x < img.width; x++) {
      const bg = Math.max(24, top[x] * (1 - ay) + bottom[x] * ay);
      const v = (img.data[row + x] / bg) * 255;
      out[row + x] = v >= 255 ? 255 : v;
    }
  }
  return { data: out, width: img.width, height: img.height };
}

/** Stretches grey levels so the darkest 0.5% are black and the paper is white. */
export function stretch(img: GreyImage): GreyImage {
  const hist = new Uint32Array(256);
  const total = img.data.length;
  for (let i = 0; i < total; i++) hist[img.data[i]]++;
  let lo = 0;
  for (let acc = 0; lo < 255 && (acc += hist[lo]) < total * 0.005; lo++);
  let hi = 255;
  for (let acc = 0; hi > 0 && (acc += hist[hi]) < total * 0.2; hi--);
  if (hi - lo < 32) return img;
  const level = new Uint8Array(256);
  for (let g = 0; g < 256; g++) {
    const v = ((g - lo) * 255) / (hi - lo);
    level[g] = v <= 0 ? 0 : v >= 255 ? 255 : v;
  }
  const out = new Uint8Array(total);
  for (let i = 0; i < total; i++) out[i] = level[img.data[i]];
  return { data: out, width: img.width, height: img.height };
}

export function otsu(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of data) hist[v]++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Sauvola-style local threshold on a flat-fielded page: ink black, paper white. */
export function threshold(img: GreyImage): GreyImage {
  const t = Math.min(200, otsu(img.data) + 10);
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i] <= t ? 0 : 255;
  return { data: out, width: img.width, height: img.height };
}

/** Samples the image with an inverse mapping (output → input), bilinear, white outside. */
function remap(img: GreyImage, width: number, height: number, map: (x: number, y: number) => [number, number]): GreyImage {
  const out = new Uint8Array(width * height);
  const { data } = img;
  const w = img.width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = map(x, y);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= img.height - 1) {
        out[y * width + x] = 255;
        continue;
      }
      const ax = sx - x0;
      const ay = sy - y0;
      const i = y0 * w + x0;
      out[y * width + x] = (data[i] * (1 - ax) + data[i + 1] * ax) * (1 - ay) + (data[i + w] * (1 - ax) + data[i + w + 1] * ax) * ay;
    }
  }
  return { data: out, width, height };
}

/**
 * Turns the page by `degrees` (about its centre) and scales it by `scale`, in one bilinear pass
 * stepping through the source incrementally. Outside the page is white.
 */
export function turnAndScale(img: GreyImage, degrees: number, scale: number): GreyImage {
  if (scale < 0.67) {
    const factor = Math.floor(1 / scale);
    if (factor >= 2) {
      img = shrink(img, factor);
      scale *= factor;
    }
  }
  const width = Math.round(img.width * scale);
  const height = Math.round(img.height * scale);
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a) / scale;
  const sin = Math.sin(a) / scale;
  const cx = img.width / 2;
  const cy = img.height / 2;
  const ox = width / 2;
  const oy = height / 2;
  const out = new Uint8Array(width * height);
  const { data } = img;
  const w = img.width;
  const maxX = w - 1;
  const maxY = img.height - 1;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - oy;
    // Source position of this row's first pixel; each step right adds (cos, sin).
    let sx = cx + (0.5 - ox) * cos - dy * sin - 0.5;
    let sy = cy + (0.5 - ox) * sin + dy * cos - 0.5;
    let o = y * width;
    for (let x = 0; x < width; x++, sx += cos, sy += sin, o++) {
      const x0 = sx | 0;
      const y0 = sy | 0;
      if (sx < 0 || sy < 0 || x0 >= maxX || y0 >= maxY) {
        out[o] = 255;
        continue;
      }
      const ax = sx - x0;
      const ay = sy - y0;
      const i = y0 * w + x0;
      const top = data[i] + (data[i + 1] - data[i]) * ax;
      const bottom = data[i + w] + (data[i + w + 1] - data[i + w]) * ax;
      out[o] = top + (bottom - top) * ay;
    }
  }
  return { data: out, width, height };
}

export function resize(img: GreyImage, width: number, height: number): GreyImage {
  if (width < img.width / 1.5) {
    // Shrinking a lot: average blocks first so strokes do not alias away.
    const factor = Math.floor(img.width / width);
    if (factor >= 2) img = shrink(img, factor);
  }
  const sx = img.width / width;
  const sy = img.height / height;
  return remap(img, width, height, (x, y) => [(x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5]);
}

export function rotate(img: GreyImage, degrees: number): GreyImage {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = img.width / 2;
  const cy = img.height / 2;
  return remap(img, img.width, img.height, (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    return [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos];
  });
}

/** Ink mask of a flat-fielded page (1 = ink). */
function inkMask(img: GreyImage): Uint8Array {
  const t = Math.min(170, otsu(img.data));
  const mask = new Uint8Array(img.data.length);
  for (let i = 0; i < mask.length; i++) mask[i] = img.data[i] <= t ? 1 : 0;
  return mask;
}

/**
 * The text's tilt in degrees (positive: lines go down to the right), from the sharpest horizontal
 * projection of the ink over candidate angles (coarse, then fine), on a shrunk copy.
 */
export function estimateSkew(img: GreyImage): number {
  const factor = Math.max(1, Math.round(img.width / 700));
  const small = factor > 1 ? shrink(img, factor) : img;
  const mask = inkMask(small);
  const points: number[] = [];
  for (let y = 0; y < small.height; y++) for (let x = 0; x < small.width; x++) if (mask[y * small.width + x]) points.push(x, y);
  if (points.length < 200) return 0;
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    const bins = new Float64Array(small.height * 2 + small.width);
    const offset = small.width;
    for (let i = 0; i < points.length; i += 2) bins[Math.round(points[i + 1] - points[i] * t) + offset]++;
    let s = 0;
    for (const b of bins) s += b * b;
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let d = -6; d <= 6; d += 0.5) {
    const s = score(d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  const coarse = best;
  for (let d = coarse - 0.5; d <= coarse + 0.5; d += 0.1) {
    const s = score(d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  return Math.round(best * 100) / 100;
}

/**
 * Typical height of a text line in pixels: the median height of ink runs in the row profile of the
 * left part of the page (where lines start), on a flat-fielded page.
 */
export function estimateLineHeight(img: GreyImage): number | undefined {
  const mask = inkMask(img);
  const heights: number[] = [];
  // Look in vertical strips, so tilt and columns blur the profile less.
  const strips = 6;
  const stripWidth = Math.floor(img.width / strips);
  for (let s = 0; s < strips; s++) {
    let run = 0;
    for (let y = 0; y < img.height; y++) {
      let ink = 0;
      const row = y * img.width + s * stripWidth;
      for (let x = 0; x < stripWidth; x++) ink += mask[row + x];
      if (ink > 2) run++;
      else {
        if (run >= 4) heights.push(run);
        run = 0;
      }
    }
  }
  if (heights.length < 3) return undefined;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)];
}

/** Solves the homography taking four points to four points; returns the 3×3 matrix row by row. */
export function homography(src: [number, number][], dst: [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i];
    const [u, v] = dst[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    if (Math.abs(a[c][c]) < 1e-12) throw new Error("degenerate quadrilateral");
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k < 9; k++) a[r][k] -= f * a[c][k];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

/**
 * The page in a photo where its edges are visible: paper is the bright, neutral region against a
 * darker or coloured background. Returns its four corners (clockwise from top-left), or undefined when
 * no clear page stands out (a scan, a photo filled by the page, a white desk).
 */
export function findPage(rgba: Uint8Array, width: number, height: number): [number, number][] | undefined {
  const factor = Math.max(1, Math.floor(Math.max(width, height) / 400));
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  // Paper score: bright and unsaturated.
  const score = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const q = (y * factor * width + x * factor) * 4;
      const r = rgba[q];
      const g = rgba[q + 1];
      const b = rgba[q + 2];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const sat = max ? (max - min) / max : 0;
      score[y * w + x] = Math.max(0, Math.min(255, max * (1 - 2.5 * sat)));
    }
  }
  // The flat-field idea at page scale: a page under a shadow is still brighter than the desk around it. A deep
  // shadow can split the page itself in two (lit and shaded paper), so the darker split is tried as well: the
  // largest region that makes a clean page wins.
  const t = otsu(score);
  const below = score.filter((v) => v <= t);
  const candidates = [t, below.length ? otsu(below) : t]
    .map((threshold) => pageRegion(score, w, h, factor, threshold))
    .filter((r): r is { corners: [number, number][]; size: number } => !!r);
  return candidates.sort((a, b) => b.size - a.size)[0]?.corners;
}

/** The largest region above the threshold, as four corners, when it looks like a page lying on a desk. */
function pageRegion(
  score: Uint8Array,
  w: number,
  h: number,
  factor: number,
  t: number,
): { corners: [number, number][]; size: number } | undefined {
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = score[i] > t ? 1 : 0;
  // Largest connected bright region (4-connectivity, iterative flood fill).
  const label = new Int32Array(w * h);
  let bestLabel = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || label[i]) continue;
    next++;
    let size = 0;
    stack.push(i);
    label[i] = next;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const px = p % w;
      if (px > 0 && mask[p - 1] && !label[p - 1]) {
        label[p - 1] = next;
        stack.push(p - 1);
      }
      if (px < w - 1 && mask[p + 1] && !label[p + 1]) {
        label[p + 1] = next;
        stack.push(p + 1);
      }
      if (p >= w && mask[p - w] && !label[p - w]) {
        label[p - w] = next;
        stack.push(p - w);
      }
      if (p + w < mask.length && mask[p + w] && !label[p + w]) {
        label[p + w] = next;
        stack.push(p + w);
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = next;
    }
  }
  if (bestSize < w * h * 0.3 || bestSize > w * h * 0.97) return undefined;
  // Corners: extremes of x+y and x−y.
  let tl = [0, 0, Infinity];
  let br = [0, 0, -Infinity];
  let tr = [0, 0, -Infinity];
  let bl = [0, 0, Infinity];
  let touchesBorder = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (label[y * w + x] !== bestLabel) continue;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesBorder++;
      const s = x + y;
      const d = x - y;
      if (s < tl[2]) tl = [x, y, s];
      if (s > br[2]) br = [x, y, s];
      if (d > tr[2]) tr = [x, y, d];
      if (d < bl[2]) bl = [x, y, d];
    }
  }
  // A page cut by the photo's border is not a clean quadrilateral: leave it to deskew.
  if (touchesBorder > (w + h) * 0.1) return undefined;
  const corners: [number, number][] = [tl, tr, br, bl].map(([x, y]) => [(x + 0.5) * factor, (y + 0.5) * factor]);
  // The region should fill the quadrilateral (a page, not a blob).
  const area = Math.abs(
    corners.reduce((s, [x, y], i) => {
      const [nx, ny] = corners[(i + 1) % 4];
      return s + x * ny - nx * y;
    }, 0) / 2,
  );
  if (bestSize * factor * factor < area * 0.9) return undefined;
  return { corners, size: bestSize };
}

/** Straightens the page inside the corners into an upright rectangle of its own proportions. */
export function warpPage(img: GreyImage, corners: [number, number][]): GreyImage {
  const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const width = Math.round(Math.max(dist(corners[0], corners[1]), dist(corners[3], corners[2])));
  const height = Math.round(Math.max(dist(corners[0], corners[3]), dist(corners[1], corners[2])));
  // Inverse mapping: output rectangle → photo.
  const h = homography(
    [
      [0, 0],
      [width, 0],
      [width, height],
      [0, height],
    ],
    corners,
  );
  return remap(img, width, height, (x, y) => {
    const d = h[6] * x + h[7] * y + h[8];
    return [(h[0] * x + h[1] * y + h[2]) / d, (h[3] * x + h[4] * y + h[5]) / d];
  });
}

/** Grey pixels as a binary PGM (P5), which the OCR engine's leptonica reads without a codec. */
export function encodePgm(img: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.data.length);
  out.set(header);
  out.set(img.data, header.length);
  return out;
}

/** Grey pixels from a binary PGM (P5) as encodePgm writes it. */
export function decodePgm(bytes: Uint8Array): GreyImage {
  const head = new TextDecoder().decode(bytes.subarray(0, 64));
  const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(head);
  if (!match) throw new Error("The page image is not a grey PGM.");
  const width = Number(match[1]);
  const height = Number(match[2]);
  return { width, height, data: bytes.subarray(match[0].length, match[0].length + width * height) };
}

/** The whole clean-up on a decoded RGBA photo or scan. */
export function cleanPage(
  rgba: Uint8Array,
  width: number,
  height: number,
  config: CleanupSteps = steps,
  longSide = Infinity,
): { image: GreyImage; report: CleanupReport } {
  const report: CleanupReport = { skew: 0, scale: 1 };
  let img = toGrey(rgba, width, height);
  // A page a little over the long side is brought down here, in grey: cheaper than resizing its colours.
  const fit = Math.min(1, longSide / Math.max(width, height));
  if (fit < 1) img = shrinkTriangle(img, Math.round(width * fit), Math.round(height * fit));
  if (config.page) {
    const corners = findPage(rgba, width, height)?.map(([x, y]): [number, number] => [x * fit, y * fit]);
    if (corners) {
      img = warpPage(img, corners);
      report.page = corners;
    }
  }
  if (config.median) img = median3(img);
  if (config.flatField) img = flatField(img);
  let degrees = 0;
  if (config.deskew) {
    const skew = estimateSkew(img);
    if (Math.abs(skew) >= 0.3) degrees = skew;
  }
  let scale = 1;
  const turned = degrees ? turnAndScale(img, degrees, 1) : img;
  const lineHeight = estimateLineHeight(turned);
  report.lineHeight = lineHeight;
  if (config.scale && lineHeight) {
    const wanted = Math.min(config.targetLineHeight / lineHeight, MAX_CLEAN_LONG_SIDE / Math.max(img.width, img.height));
    if ((config.upscale && wanted > 1.25) || wanted < 0.6) scale = wanted;
  }
  if (scale !== 1) img = turnAndScale(img, degrees, scale);
  else img = turned;
  report.skew = degrees;
  report.scale = scale;
  img = config.threshold ? threshold(img) : stretch(img);
  return { image: img, report };
}
