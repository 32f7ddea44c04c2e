// Page clean-up before recognition, in plain code on decoded pixels (runs the same in workerd and Node):
// grey → page found and straightened where its edges show → 3×3 median → flat-field (divide by the
// paper's own brightness: removes shadows and uneven light) → deskew → text scaled to the size the
// engine reads best → contrast stretched → dotted leaders painted out. Each step can be switched off to measure it
// (eval:reading). The filters are in grey-filters.ts, the page's finding and straightening in page-warp.ts.
import { flatField, median3, otsu, remap, shrink, shrinkTriangle, stretch, threshold, toGrey, type GreyImage } from "./grey-filters";
import { withoutLeaders } from "./leaders";
import { findPage, warpPage } from "./page-warp";

export type { GreyImage } from "./grey-filters";

export interface CleanupSteps {
  page: boolean;
  median: boolean;
  flatField: boolean;
  deskew: boolean;
  scale: boolean;
  /** Scale small text up to the target too (off: only large text is brought down; see decision 0028). */
  upscale: boolean;
  threshold: boolean;
  /** Dotted leaders (a printed row of dots an answer is written on) painted out (leaders.ts). */
  leaders: boolean;
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
  leaders: true,
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
/** The grey level at and under which a pixel is ink. */
function inkThreshold(img: GreyImage): number {
  return Math.min(170, otsu(img.data));
}

function inkMask(img: GreyImage): Uint8Array {
  const t = inkThreshold(img);
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
  const t = inkThreshold(img);
  const data = img.data;
  const heights: number[] = [];
  // Look in vertical strips, so tilt and columns blur the profile less.
  const strips = 6;
  const stripWidth = Math.floor(img.width / strips);
  for (let s = 0; s < strips; s++) {
    let run = 0;
    for (let y = 0; y < img.height; y++) {
      // A row of the strip is ink once it holds three inked pixels: the rest of it need not be counted.
      let ink = 0;
      const row = y * img.width + s * stripWidth;
      for (let x = 0; x < stripWidth && ink <= 2; x++) if (data[row + x] <= t) ink++;
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
  // Read through, a leader's dots become points and commas inside the answer written on it.
  if (config.leaders) img = withoutLeaders(img, lineHeight && lineHeight * scale);
  return { image: img, report };
}
