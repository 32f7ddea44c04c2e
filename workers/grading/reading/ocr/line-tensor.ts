// A detected line as the recogniser's input: its box cut out of the grey page through its perspective and resized,
// as paddleocr's cropRotated → resize → tensor does, on one grey channel (ocr/paddle.ts).
import type { GreyImage } from "./cleanup";
import { homography } from "./page-warp";

/** Catmull-Rom-like cubic weights (a = −0.75, as the library samples) for the 4 taps around a fraction t. */
function cubicWeights(t: number, out: Float64Array): void {
  const a = -0.75;
  const t1 = t + 1;
  const t2 = 1 - t;
  out[0] = ((a * t1 - 5 * a) * t1 + 8 * a) * t1 - 4 * a;
  out[1] = ((a + 2) * t - (a + 3)) * t * t + 1;
  out[2] = ((a + 2) * t2 - (a + 3)) * t2 * t2 + 1;
  out[3] = 1 - out[0] - out[1] - out[2];
}

/**
 * A detected line as the recogniser's input, from the grey page: the box cut out through its perspective
 * (cropW × cropH, bicubic), resized bilinearly to width × height, and normalised into three equal channels.
 * The same arithmetic as the library's cropRotated → resize → tensor, done once on one grey channel instead
 * of three colour ones, without an array allocated per pixel.
 */
export function lineTensor(
  page: GreyImage,
  points: { x: number; y: number }[],
  cropW: number,
  cropH: number,
  width: number,
  height: number,
): Float32Array {
  const h = homography(
    [
      [0, 0],
      [cropW, 0],
      [cropW, cropH],
      [0, cropH],
    ],
    points.map((p): [number, number] => [p.x, p.y]),
  );
  const { data, width: pw, height: ph } = page;
  const crop = new Uint8Array(cropW * cropH);
  const wx = new Float64Array(4);
  const wy = new Float64Array(4);
  for (let y = 0; y < cropH; y++) {
    for (let x = 0; x < cropW; x++) {
      const d = h[6] * x + h[7] * y + h[8];
      const sx = (h[0] * x + h[1] * y + h[2]) / d;
      const sy = (h[3] * x + h[4] * y + h[5]) / d;
      const bx = Math.floor(sx);
      const by = Math.floor(sy);
      cubicWeights(sx - bx, wx);
      cubicWeights(sy - by, wy);
      let v = 0;
      for (let ky = 0; ky < 4; ky++) {
        const row = Math.max(0, Math.min(ph - 1, by + ky - 1)) * pw;
        for (let kx = 0; kx < 4; kx++) v += data[row + Math.max(0, Math.min(pw - 1, bx + kx - 1))] * wx[kx] * wy[ky];
      }
      crop[y * cropW + x] = Math.round(v <= 0 ? 0 : v >= 255 ? 255 : v);
    }
  }
  const plane = width * height;
  const tensor = new Float32Array(3 * plane);
  const scaleX = cropW / width;
  const scaleY = cropH / height;
  for (let y = 0; y < height; y++) {
    let y1 = Math.floor((y + 0.5) * scaleY - 0.5);
    let ay = (y + 0.5) * scaleY - 0.5 - y1;
    if (y1 < 0 || y1 >= cropH - 1) [y1, ay] = [Math.max(0, Math.min(cropH - 1, y1)), 0];
    const y2 = Math.min(y1 + 1, cropH - 1);
    for (let x = 0; x < width; x++) {
      let x1 = Math.floor((x + 0.5) * scaleX - 0.5);
      let ax = (x + 0.5) * scaleX - 0.5 - x1;
      if (x1 < 0 || x1 >= cropW - 1) [x1, ax] = [Math.max(0, Math.min(cropW - 1, x1)), 0];
      const x2 = Math.min(x1 + 1, cropW - 1);
      const top = crop[y1 * cropW + x1] * (1 - ax) + crop[y1 * cropW + x2] * ax;
      const bottom = crop[y2 * cropW + x1] * (1 - ax) + crop[y2 * cropW + x2] * ax;
      const v = Math.round(Math.max(0, Math.min(255, top * (1 - ay) + bottom * ay)));
      const o = y * width + x;
      tensor[o] = tensor[o + plane] = tensor[o + 2 * plane] = v * (1 / 127.5) - 127.5 * (1 / 127.5);
    }
  }
  return tensor;
}
