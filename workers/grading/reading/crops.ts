// The cleaned page around each line of text (the strips a page reading keeps), and answer crops cut from them for
// the review screens. A strip is its line's words with a margin wider than an answer crop's (answers/regions.ts:
// half a text height either side, a quarter above and below), so every answer's crop lies inside its line's
// strip: a page's strips are a fraction of its pixels to encode, send and decode (docs/decisions/0052).
import { crop, PhotonImage } from "@cf-wasm/photon";
import { greyJpeg } from "./images";
import type { GreyImage } from "./ocr/cleanup";
import type { BoundingBox, PageStrip, ReadLine } from "./types";

/** A strip's margin around its line's words, in the line's tallest word's heights: sides, then above and below. */
const STRIP_SIDE = 1;
const STRIP_TOP = 0.5;

function clipped(box: BoundingBox, width: number, height: number) {
  const x1 = Math.max(0, Math.floor(box.x));
  const y1 = Math.max(0, Math.floor(box.y));
  const x2 = Math.min(width, Math.ceil(box.x + box.width));
  const y2 = Math.min(height, Math.ceil(box.y + box.height));
  return { x1, y1, x2, y2 };
}

/** Each line's strip of the cleaned page, as a grey JPEG of this quality (lines without words have none). */
export function lineStrips(page: GreyImage, lines: readonly ReadLine[], quality: number): PageStrip[] {
  const strips: PageStrip[] = [];
  for (const line of lines) {
    const boxes = [line.bbox, ...line.words.map((w) => w.bbox)].filter((b) => b.width > 0 && b.height > 0);
    if (!line.words.length || !boxes.length) continue;
    const h = Math.max(...boxes.map((b) => b.height));
    const left = Math.min(...boxes.map((b) => b.x)) - STRIP_SIDE * h;
    const top = Math.min(...boxes.map((b) => b.y)) - STRIP_TOP * h;
    const right = Math.max(...boxes.map((b) => b.x + b.width)) + STRIP_SIDE * h;
    const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + STRIP_TOP * h;
    const { x1, y1, x2, y2 } = clipped({ x: left, y: top, width: right - left, height: bottom - top }, page.width, page.height);
    if (x2 - x1 < 2 || y2 - y1 < 2) continue;
    const [width, height] = [x2 - x1, y2 - y1];
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) grey.set(page.data.subarray((y1 + y) * page.width + x1, (y1 + y) * page.width + x2), y * width);
    strips.push({ x: x1, y: y1, width, height, jpeg: greyJpeg(grey, width, height, quality) });
  }
  return strips;
}

const overlap = (a: { x1: number; y1: number; x2: number; y2: number }, s: BoundingBox) =>
  Math.max(0, Math.min(a.x2, s.x + s.width) - Math.max(a.x1, s.x)) * Math.max(0, Math.min(a.y2, s.y + s.height) - Math.max(a.y1, s.y));

/**
 * Each box of a page (width × height) as a PNG, cut from the strip that holds it (clipped to that strip and the
 * page); null for a box that lies outside every strip. Each strip is decoded once for all its boxes.
 */
export function cropBoxes(
  page: { strips: readonly PageStrip[]; width: number; height: number },
  boxes: readonly BoundingBox[],
): (Uint8Array | null)[] {
  const decoded = new Map<PageStrip, PhotonImage>();
  try {
    return boxes.map((box) => {
      const want = clipped(box, page.width || Infinity, page.height || Infinity);
      if (want.x2 - want.x1 < 2 || want.y2 - want.y1 < 2) return null;
      let best: PageStrip | undefined;
      let bestArea = 0;
      for (const strip of page.strips) {
        const area = overlap(want, strip);
        if (area > bestArea) [best, bestArea] = [strip, area];
      }
      if (!best) return null;
      const x1 = Math.max(want.x1, best.x) - best.x;
      const y1 = Math.max(want.y1, best.y) - best.y;
      const x2 = Math.min(want.x2, best.x + best.width) - best.x;
      const y2 = Math.min(want.y2, best.y + best.height) - best.y;
      if (x2 - x1 < 2 || y2 - y1 < 2) return null;
      let image = decoded.get(best);
      if (!image) decoded.set(best, (image = PhotonImage.new_from_byteslice(best.jpeg)));
      const piece = crop(image, x1, y1, Math.min(x2, image.get_width()), Math.min(y2, image.get_height()));
      try {
        return piece.get_bytes();
      } finally {
        piece.free();
      }
    });
  } finally {
    for (const image of decoded.values()) image.free();
  }
}
