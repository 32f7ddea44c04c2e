// A photographed page found in the photo by its edges and straightened onto a rectangle (the clean-up's first step,
// cleanup.ts): the page's region told from the background by brightness, its four corners, and the homography that
// takes them to the page's corners.
import { otsu, remap, type GreyImage } from "./grey-filters";

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
