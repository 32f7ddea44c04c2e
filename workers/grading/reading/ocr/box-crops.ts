// A detected box as the recogniser's input (its crop through the box's perspective, at the recogniser's height and
// the crop's own width), and the line its recognised characters make: split from recognition itself (paddle.ts), so
// that a page's crops can be cut first and recognised together (rec-batches.ts).
import type { DetectionService, Image } from "paddleocr";
import type { ReadLine, ReadWord } from "../types";
import type { PrintedPart } from "../registration";
import type { GreyImage } from "./cleanup";
import { wordsOf, type Decoded } from "./ctc";
import { palestColumn } from "./ink-gaps";
import { lineTensor } from "./line-tensor";
import type { RecCrop } from "./rec-batches";

/** The recogniser's input height. */
export const REC_HEIGHT = 48;

export type DetectedBox = Awaited<ReturnType<DetectionService["run"]>>[number];
/** A box's crop for the recogniser, and where its words lie: `span` columns of the page from `left`. */
export type BoxCrop = RecCrop & { box: DetectedBox; cut: boolean; span: number; left: number };

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const recWidth = (cropW: number, cropH: number) => Math.max(REC_HEIGHT, Math.min(4000, Math.ceil((REC_HEIGHT * cropW) / cropH)));

/**
 * One detected text box as the recogniser's input, and where its words go; undefined when it is too small. With
 * `glimpse`, only the start of a wide line (that many box heights), its last word, perhaps cut, to be left out.
 */
export function boxCrop(
  grey: GreyImage,
  image: Image,
  box: DetectedBox,
  glimpse = Infinity,
  part?: { from: number; to: number },
): BoxCrop | undefined {
  let p = box.points;
  // The crop's size as the library computes it; a box standing upright (turned text) keeps its path.
  let cropW = p ? Math.max(Math.floor(distance(p[0], p[1])), Math.floor(distance(p[2], p[3])), 1) : box.width;
  const cropH = p ? Math.max(Math.floor(distance(p[0], p[3])), Math.floor(distance(p[1], p[2])), 1) : box.height;
  if (cropW < 2 || cropH < 2) return undefined;
  let span = cropW;
  let left = box.x;
  const cut = !!p && cropH / cropW < 1.5 && glimpse * cropH < cropW;
  const along = (a: { x: number; y: number }, b: { x: number; y: number }, f: number) => ({
    x: a.x + (b.x - a.x) * f,
    y: a.y + (b.y - a.y) * f,
  });
  if (p && cut) {
    const f = (glimpse * cropH) / cropW;
    p = [p[0], along(p[0], p[1], f), along(p[3], p[2], f), p[3]];
    span = cropW = Math.max(2, Math.floor(cropW * f));
  } else if (p && part) {
    // Only a span of the box (read little): its crop, and its words placed where the span lies in the box.
    const { from, to } = part;
    p = [along(p[0], p[1], from), along(p[0], p[1], to), along(p[3], p[2], to), along(p[3], p[2], from)];
    span = cropW = Math.max(2, Math.floor(cropW * (to - from)));
    left = box.x + from * box.width;
  }
  if (p && cropH / cropW < 1.5) {
    const width = recWidth(cropW, cropH);
    return { box, cut, span, left, width, tensor: lineTensor(grey, p, cropW, cropH, width, REC_HEIGHT) };
  }
  const crop = p ? image.cropRotated(p) : image.crop(box);
  const width = recWidth(crop.width, crop.height);
  const tensor = crop.resize({ width, height: REC_HEIGHT }).tensor({
    mean_values: [127.5, 127.5, 127.5],
    norm_values: [1 / 127.5, 1 / 127.5, 1 / 127.5],
    channel_order: "bgr",
  });
  return { box, cut, span: crop.width, left, width, tensor };
}

/** A box's crop as recognised: a line with word boxes, undefined when nothing is read in it. */
export function boxLine({ box, cut, span, left }: BoxCrop, decoded: Decoded & { width: number }): ReadLine | undefined {
  const words = wordsOf(decoded, left, box.y, box.height, span / decoded.width);
  if (cut) words.pop();
  if (!words.length) return undefined;
  return {
    text: words.map((w) => w.text).join(" "),
    confidence: decoded.chars.reduce((s, c) => s + c.score, 0) / decoded.chars.length,
    bbox: { x: box.x, y: box.y, width: box.width, height: box.height },
    words,
  };
}

/**
 * A box that starts with print and holds more: the crops of the spans between and after its printed words (the
 * layout gives those), each span's ends moved to the palest ink column near them, within a text height (ink-gaps.ts).
 */
export function partCrops(grey: GreyImage, image: Image, box: DetectedBox, part: PrintedPart): (BoxCrop | undefined)[] {
  const h = box.height / 2;
  const at = (f: number) => box.x + f * box.width;
  // A span starts after a printed word: its gap is looked for mostly ahead; it ends before one: mostly behind.
  const cut = (f: number, ahead: number, behind: number) =>
    (palestColumn(grey, box, at(f), at(f) - behind * h, at(f) + ahead * h) - box.x) / box.width;
  return part.unread.map(({ from, to }) => {
    const span = { from: from > 0 ? cut(from, 1.2, 0.6) : 0, to: to < 1 ? cut(to, 0.6, 1.2) : 1 };
    return span.to - span.from > 0 ? boxCrop(grey, image, box, Infinity, span) : undefined;
  });
}

/**
 * The box's line: its printed words from the layout and its spans' words as read. Left out: a word lying on a printed
 * word (a margin's stroke), and what the span read again of a printed word's end, where the layout's word box ends
 * short of its ink: a word overlapping that end which repeats its last characters, or is a sign where the printed
 * word is one, and the characters a word starts with that repeat them. "Question 6" read "Question n 6" no longer
 * gave the question's heading; "8 × 4 = 32" read "8 × 4 = - 32" had its "-" read into the answer; "C) 13" read
 * "C) C) 13" lost its option.
 */
export function partLine(box: DetectedBox, part: PrintedPart, spans: (ReadLine | undefined)[]): ReadLine {
  const read = spans.filter((l): l is ReadLine => l !== undefined);
  const onPrint = (w: ReadWord) => {
    const x = w.bbox.x + w.bbox.width / 2;
    return part.words.some((p) => x >= p.bbox.x && x <= p.bbox.x + p.bbox.width);
  };
  const words = [...part.words, ...read.flatMap((l) => l.words.filter((w) => !onPrint(w)).flatMap((w) => afterPrint(w, part.words)))];
  words.sort((a, b) => a.bbox.x - b.bbox.x);
  const confidences = read.length ? read.map((l) => l.confidence) : part.words.map((w) => w.confidence);
  return { text: words.map((w) => w.text).join(" "), confidence: Math.min(...confidences), bbox: { ...box }, words };
}

const SIGNS = /^[^\p{L}\p{N}]+$/u;

/** A span's word without what it read again of the printed word whose end it overlaps: none when that is all of it. */
function afterPrint(word: ReadWord, printed: readonly ReadWord[]): ReadWord[] {
  const middle = word.bbox.x + word.bbox.width / 2;
  const over = printed.find((p) => word.bbox.x < p.bbox.x + p.bbox.width && middle > p.bbox.x);
  if (!over) return [word];
  if (SIGNS.test(over.text) && SIGNS.test(word.text)) return [];
  const repeated = repeatedTail(over.text, word.text);
  if (!repeated) return [word];
  if (repeated === word.text.length) return [];
  const cut = (word.bbox.width * repeated) / word.text.length;
  return [{ ...word, text: word.text.slice(repeated), bbox: { ...word.bbox, x: word.bbox.x + cut, width: word.bbox.width - cut } }];
}

/** How many of `text`'s first characters repeat `printed`'s last ones, letter case aside. */
function repeatedTail(printed: string, text: string): number {
  const [p, t] = [printed.toLowerCase(), text.toLowerCase()];
  for (let k = Math.min(p.length, t.length); k > 0; k--) if (p.endsWith(t.slice(0, k))) return k;
  return 0;
}
