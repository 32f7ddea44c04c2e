// A printed "=" PP-OCR lost at the end of a sum ("10. 499 + 287 =" read "10. 499 + 287"), with the child's answer
// boxed after it: the row then reads "499 + 287 76", and the answer cannot be told from the sum. The "=" is looked
// for in the ink between the sum's last number and the answer: two flat bars, one above the other. Found, it is
// put back as a word of its own, so the answer after it is read as an answer (decision 0058).
import type { ReadLine, ReadWord } from "../types";
import { components, type GreyImage } from "./segment";

const OPERATOR = /^[+\-−–×x÷*/]$/;
const NUMBER = /^\d+(?:[.,]\d+)?$/;
/** The answer starts at least this many of the sum's text heights after its last number. */
export const EQUALS_GAP = 0.6;

/** Two flat bars, one above the other, in `box` of `page`: a "=" sign. Its box, or undefined. */
export function equalsIn(page: GreyImage, box: ReadWord["bbox"], textHeight: number): ReadWord["bbox"] | undefined {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const w = Math.min(page.width, Math.ceil(box.x + box.width)) - x0;
  const h = Math.min(page.height, Math.ceil(box.y + box.height)) - y0;
  if (w < 3 || h < 3) return undefined;
  // Ink: darker than 0.6 of the region's paper (its 90th percentile of brightness).
  const values: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) values.push(page.data[(y0 + y) * page.width + x0 + x]);
  const paper = [...values].sort((a, b) => a - b)[Math.floor(0.9 * (values.length - 1))];
  const mask = new Uint8Array(w * h);
  values.forEach((v, i) => (mask[i] = v < 0.6 * paper ? 1 : 0));
  const bars = components(mask, w, h).filter((c) => {
    const bw = c.x1 - c.x0;
    const bh = c.y1 - c.y0;
    return bw >= 0.25 * textHeight && bw <= 1.2 * textHeight && bh <= 0.45 * bw && bh <= 0.3 * textHeight;
  });
  for (const a of bars)
    for (const b of bars) {
      if (b.y0 <= a.y1) continue;
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const apart = (b.y0 + b.y1 - a.y0 - a.y1) / 2;
      if (overlap < 0.6 * Math.min(a.x1 - a.x0, b.x1 - b.x0) || apart < 0.1 * textHeight || apart > 0.6 * textHeight) continue;
      const x = x0 + Math.min(a.x0, b.x0);
      const y = y0 + a.y0;
      return { x, y, width: x0 + Math.max(a.x1, b.x1) - x, height: y0 + b.y1 - y };
    }
  return undefined;
}

/**
 * The row with a lost "=" put back: a sum ("499 + 287") whose last number is followed, after a gap, by a number
 * word, and no "=" anywhere in the row, when the gap holds a "=" sign's ink.
 */
export function withLostEquals(page: GreyImage, line: ReadLine): ReadLine {
  const words = line.words;
  if (words.some((w) => w.text.includes("="))) return line;
  for (let k = 3; k < words.length; k++) {
    const [a, op, b, answer] = words.slice(k - 3, k + 1);
    if (!NUMBER.test(a.text) || !OPERATOR.test(op.text) || !NUMBER.test(b.text) || !/\d/.test(answer.text)) continue;
    const h = b.bbox.height;
    const from = b.bbox.x + b.bbox.width;
    if (answer.bbox.x - from < EQUALS_GAP * h) continue;
    const found = equalsIn(page, { x: from, y: b.bbox.y - 0.25 * h, width: answer.bbox.x - from, height: 1.5 * h }, h);
    if (!found) continue;
    const eq: ReadWord = { text: "=", confidence: Math.min(a.confidence, b.confidence), bbox: found };
    const joined = [...words.slice(0, k), eq, ...words.slice(k)];
    return { ...line, text: joined.map((w) => w.text).join(" "), words: joined };
  }
  return line;
}
