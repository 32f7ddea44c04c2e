// The clean-up's filters on a grey page (cleanup.ts composes them): grey from colour, shrinking, the 3×3 median,
// the flat field, contrast, Otsu's threshold and bilinear resampling. Plain code on pixels, the same in workerd and
// Node.

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
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
  // Indexed: `for…of` over a typed array runs about six times slower in V8.
  for (let i = 0; i < data.length; i++) hist[data[i]!]++;
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
/** The page resampled bilinearly through `map` (an output pixel's place in the source); outside it is white. */
export function remap(img: GreyImage, width: number, height: number, map: (x: number, y: number) => [number, number]): GreyImage {
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
 * The page looked at in cells `cell` pixels a side: a cell is ink (1) when any of its pixels is darker than `ink`.
 * Row by row, `Math.ceil(width / cell)` cells a row.
 */
export function inkCells(page: GreyImage, cell: number, ink: number): Uint8Array {
  const w = Math.ceil(page.width / cell);
  const cells = new Uint8Array(w * Math.ceil(page.height / cell));
  const column = new Int32Array(page.width);
  for (let x = 0; x < page.width; x++) column[x] = (x / cell) | 0;
  for (let y = 0; y < page.height; y++) {
    const row = y * page.width;
    const cellRow = ((y / cell) | 0) * w;
    for (let x = 0; x < page.width; x++) if (page.data[row + x]! < ink) cells[cellRow + column[x]!] = 1;
  }
  return cells;
}

/** The paper's own grey: the middle of a sample of a page's pixels lighter than `ink` (a photo's paper is not white). */
export function paperGrey(page: GreyImage, ink: number): number {
  const light: number[] = [];
  for (let i = 0; i < page.data.length; i += 101) if (page.data[i]! >= ink) light.push(page.data[i]!);
  light.sort((a, b) => a - b);
  return light[light.length >> 1] ?? 255;
}

/**
 * The page with lists of its cells (`cell` pixels a side, indexes row by row as inkCells has them) painted the paper's
 * grey, `edge` pixels around each too: a student's mark taken off the print it was drawn over.
 */
export function paintCells(page: GreyImage, lists: readonly (readonly number[])[], cell: number, edge: number, ink: number): GreyImage {
  if (!lists.some((l) => l.length)) return page;
  const paper = paperGrey(page, ink);
  const data = new Uint8Array(page.data);
  const w = Math.ceil(page.width / cell);
  for (const cells of lists)
    for (const p of cells) {
      const [cx, cy] = [p % w, Math.floor(p / w)];
      const [x0, y0] = [Math.max(0, cx * cell - edge), Math.max(0, cy * cell - edge)];
      const [x1, y1] = [Math.min(page.width, (cx + 1) * cell + edge), Math.min(page.height, (cy + 1) * cell + edge)];
      for (let y = y0; y < y1; y++) data.fill(paper, y * page.width + x0, y * page.width + x1);
    }
  return { width: page.width, height: page.height, data };
}
