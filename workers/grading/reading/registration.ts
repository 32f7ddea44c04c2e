// Registering one reading of a page onto another (docs/decisions/0038): an affine map fitted on the words both
// have once, robust to a photo's tilt, scale, shear and crop (the clean-up has already undone perspective).
// In reading/ because the recogniser uses it too: a line that registers onto a known printed line needs no
// recognition.
import type { BoundingBox, PageReading, PrintedLayout, ReadLine, ReadWord } from "./types";

/** Affine map [a, b, c, d, e, f]: x' = a·x + b·y + c, y' = d·x + e·y + f. */
export type Affine = [number, number, number, number, number, number];

export interface WordPoint {
  text: string;
  /** As read, for the key's answers ("B" is an answer, "B)" an option's label). */
  raw?: string;
  x: number;
  y: number;
}

export const normWord = (text: string) => text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

export function pageWords(page: Pick<PageReading, "lines">): (ReadWord & { line: ReadLine })[] {
  return page.lines.flatMap((line) => line.words.map((w) => ({ ...w, line })));
}

export function wordPoint(word: ReadWord): WordPoint {
  return {
    text: normWord(word.text),
    raw: word.text.toLowerCase().replace(/[.,]$/, ""),
    x: word.bbox.x + word.bbox.width / 2,
    y: word.bbox.y + word.bbox.height / 2,
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

export function textHeight(page: Pick<PageReading, "lines">): number {
  return median(page.lines.flatMap((l) => l.words.map((w) => w.bbox.height))) || 20;
}

function solve3(m: number[][], v: number[]): [number, number, number] | null {
  // Cramer's rule on the 3×3 normal equations.
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  const col = (i: number) => m.map((row, r) => row.map((x, c) => (c === i ? v[r]! : x)));
  return [det(col(0)) / d, det(col(1)) / d, det(col(2)) / d];
}

function fitAffine(pairs: [WordPoint, WordPoint][]): Affine | null {
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const vx = [0, 0, 0];
  const vy = [0, 0, 0];
  for (const [p, q] of pairs) {
    const row = [p.x, p.y, 1];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) m[i]![j]! += row[i]! * row[j]!;
      vx[i]! += row[i]! * q.x;
      vy[i]! += row[i]! * q.y;
    }
  }
  const x = solve3(m, vx);
  const y = solve3(m, vy);
  return x && y ? [...x, ...y] : null;
}

/** The map back: from the reference's frame to the page's. */
export function invertAffine([a, b, c, d, e, f]: Affine): Affine | null {
  const det = a * e - b * d;
  if (Math.abs(det) < 1e-12) return null;
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

export const applyAffine = (t: Affine, p: { x: number; y: number }) => ({
  x: t[0] * p.x + t[1] * p.y + t[2],
  y: t[3] * p.x + t[4] * p.y + t[5],
});

function unique(points: WordPoint[]): Map<string, WordPoint> {
  const seen = new Map<string, WordPoint | null>();
  for (const p of points) if (p.text.length >= 3 && /\p{L}/u.test(p.text)) seen.set(p.text, seen.has(p.text) ? null : p);
  return new Map([...seen].filter((e): e is [string, WordPoint] => e[1] !== null));
}

/**
 * The affine map from a page onto a reference, fitted on the words both have once (at least 4 of them), with the
 * pairs that disagree trimmed twice; null when the pages share too little to be one worksheet.
 */
export function register(page: WordPoint[], reference: WordPoint[], height: number): { map: Affine; residual: number } | null {
  const ref = unique(reference);
  let pairs: [WordPoint, WordPoint][] = [...unique(page)].flatMap(([text, p]) =>
    ref.has(text) ? [[p, ref.get(text)!] as [WordPoint, WordPoint]] : [],
  );
  if (pairs.length < 4) return null;
  let map: Affine | null = null;
  for (let round = 0; round < 3; round++) {
    map = fitAffine(pairs);
    if (!map) return null;
    const errors = pairs.map(([p, q]) => Math.hypot(applyAffine(map!, p).x - q.x, applyAffine(map!, p).y - q.y));
    const limit = Math.max(2 * median(errors), 0.5 * height);
    const kept = pairs.filter((_, i) => errors[i]! <= limit);
    if (kept.length < 4) return null;
    if (kept.length === pairs.length && round > 0) break;
    pairs = kept;
  }
  const errors = pairs.map(([p, q]) => Math.hypot(applyAffine(map!, p).x - q.x, applyAffine(map!, p).y - q.y));
  const residual = median(errors) / height;
  // Half the pairs must agree within a text height: otherwise the shared words are a coincidence.
  if (pairs.length < 4 || residual > 1) return null;
  return { map: map!, residual };
}

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function bounds(points: { x: number; y: number }[]): Bounds {
  return {
    left: Math.min(...points.map((p) => p.x)),
    top: Math.min(...points.map((p) => p.y)),
    right: Math.max(...points.map((p) => p.x)),
    bottom: Math.max(...points.map((p) => p.y)),
  };
}

/** A box's bounds after an affine map (the box itself without one). */
export function mappedBounds(box: BoundingBox, map?: Affine): Bounds {
  return bounds(map ? corners(box).map((p) => applyAffine(map, p)) : corners(box));
}

/** Bounds as a box (its top-left corner and size). */
export function boxOf({ left, top, right, bottom }: Bounds): BoundingBox {
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function corners(box: BoundingBox): { x: number; y: number }[] {
  const { x, y, width: w, height: h } = box;
  return [
    { x, y },
    { x: x + w, y },
    { x, y: y + h },
    { x: x + w, y: y + h },
  ];
}

/**
 * The words of the one printed line nearest a box's middle, left to right: a box between two lines (a tall answer
 * written under a question) takes no words of the line above it.
 */
export function oneLine<T extends { at: { y: number }; word: ReadWord }>(words: T[], middle: number, height: number): T[] {
  if (!words.length) return words;
  const nearest = words.reduce((a, b) => (Math.abs(b.at.y - middle) < Math.abs(a.at.y - middle) ? b : a));
  return words.filter(({ at }) => Math.abs(at.y - nearest.at.y) <= 0.3 * height).sort((a, b) => a.word.bbox.x - b.word.bbox.x);
}

/**
 * Whether a box's middle lies about as near another printed line (anywhere along it) as the line of the words at
 * its place: an answer written a little above its "Answer:" line, under a question set close above it. The map
 * cannot tell its place; unless the box starts where its line does, it is read whole.
 */
function betweenLines(line: { at: { y: number } }[], all: { at: { y: number } }[], middle: number, height: number): boolean {
  if (!line.length) return false;
  const distance = (w: { at: { y: number } }) => Math.abs(w.at.y - middle);
  const nearest = line.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  return all.some((w) => Math.abs(w.at.y - nearest.at.y) > 0.3 * height && distance(w) < distance(nearest) + 0.25 * height);
}

/** Whether a box's words begin at their printed line's first word ("Answer:"), not in its middle ("as a percent"). */
function startsItsLine<T extends { at: { y: number }; word: ReadWord }>(inside: T[], all: T[], height: number): boolean {
  const first = inside[0];
  if (!first) return false;
  return !all.some((w) => Math.abs(w.at.y - first.at.y) <= 0.3 * height && w.word.bbox.x < first.word.bbox.x);
}

/**
 * The layout's words in a box that are taken as print without reading them: words without digits, questions' and
 * options' labels ("4.", "b)"), and numbers the question goes on after ("in 3.5 m?", "45 + 38 =") or ends with
 * ("of 80?"). A number with nothing of the question after it stands where an answer does, and an answer most of
 * the class gave recurs like print ("Answer: 450"): it is read again.
 */
export function trustedPrint(words: readonly { text: string }[]): boolean[] {
  const goesOn = (i: number) => words.slice(i + 1).some((w) => w.text === "=" || /\p{L}{3}|\?$/u.test(w.text));
  return words.map((w, i) => !/\d/.test(w.text) || /^\(?\d{1,3}[.):]$/.test(w.text) || w.text.endsWith("?") || goesOn(i));
}

/** Widest gap between printed words (in text heights) where a student may have written inside a printed line. */
const BLANK_GAP = 1.0;

/**
 * The map from a page's frame onto the worksheet's printed layout, fitted on the words of the lines read first
 * (`anchors`); undefined when they do not register: every box is then recognised.
 */
export function mapFromAnchors(anchors: ReadLine[], printed: PrintedLayout): Affine | undefined {
  const points = anchors.flatMap((l) => l.words).map(wordPoint);
  const height = median(anchors.flatMap((l) => l.words.map((w) => w.bbox.height))) || 20;
  const fit = register(
    points,
    printed.words.map(wordPoint).filter((p) => p.text),
    height,
  );
  return fit?.map;
}

/**
 * The layout's words at a box of a registered page: the box's bounds in the layout's frame and the words of the one
 * printed line inside it, left to right; undefined when the box is taller than a line. `toPage` places a layout
 * word back on the page, marked as print.
 */
function layoutAt(map: Affine, printed: PrintedLayout) {
  const back = invertAffine(map);
  if (!back) return undefined;
  const H = printed.textHeight;
  const words = printed.words.map((word) => ({
    word,
    at: { x: word.bbox.x + word.bbox.width / 2, y: word.bbox.y + word.bbox.height / 2 },
  }));
  const toPage = (word: ReadWord): ReadWord => ({
    text: word.text,
    confidence: word.confidence,
    bbox: boxOf(mappedBounds(word.bbox, back)),
    printed: true,
  });
  const at = (box: BoundingBox, others: readonly BoundingBox[] = []) => {
    const t = mappedBounds(box, map);
    // A printed line's box is one line tall; a taller one holds something else too (a tilted answer beside it).
    if (t.bottom - t.top > 1.6 * H) return undefined;
    const middle = (t.top + t.bottom) / 2;
    // A word placed just before the box's start, inside another box the detector found, is that box's (a question's
    // "8" boxed apart from "Round 8.001 to…": taken as this box's too, it was read twice, "8 8 R Round").
    const elsewhere = (w: (typeof words)[number]) =>
      w.at.x < t.left && others.some((o) => o !== box && inBounds(mappedBounds(o, map), w.at));
    const near = words.filter(
      (w) => w.at.x >= t.left - 0.25 * H && w.at.x <= t.right + 0.25 * H && Math.abs(w.at.y - middle) <= 0.5 * H && !elsewhere(w),
    );
    const inside = oneLine(near, middle, H);
    if (betweenLines(inside, words, middle, H) && !startsItsLine(inside, words, H)) return undefined;
    return inside.some(({ word }) => normWord(word.text).length >= 2) ? { t, inside } : undefined;
  };
  return { H, at, toPage };
}

/**
 * A page's text boxes that hold printed words only, taken from the worksheet's printed layout instead of being
 * recognised again, once the page is registered (`map` takes its frame onto the layout's): a box is printed when
 * the layout's words inside it span it end to end with no wide gap between them (a blank a student may have
 * filled). Undefined when the map cannot be inverted.
 */
export function printedBoxesAt(
  map: Affine,
  printed: PrintedLayout,
): ((box: BoundingBox, others?: readonly BoundingBox[]) => ReadLine | undefined) | undefined {
  const layout = layoutAt(map, printed);
  if (!layout) return undefined;
  const { H, at, toPage } = layout;
  return (box, others) => {
    const found = at(box, others);
    if (!found) return undefined;
    const { t, inside } = found;
    // A number of the layout may be an answer most students gave: the box is read (in parts where it can be).
    if (!trustedPrint(inside.map(({ word }) => word)).every(Boolean)) return undefined;
    const u = bounds(inside.flatMap(({ word }) => corners(word.bbox)));
    if (Math.abs(u.left - t.left) > 0.7 * H || Math.abs(u.right - t.right) > 0.7 * H) return undefined;
    for (let i = 1; i < inside.length; i++) {
      const gap = inside[i]!.word.bbox.x - (inside[i - 1]!.word.bbox.x + inside[i - 1]!.word.bbox.width);
      if (gap > BLANK_GAP * H) return undefined;
    }
    const read = inside.map(({ word }) => toPage(word));
    return {
      text: read.map((w) => w.text).join(" "),
      confidence: Math.min(...read.map((w) => w.confidence)),
      bbox: { ...box },
      words: read,
    };
  };
}

/** What a box holds besides print: the printed words (in the page's frame) and the spans left to recognise. */
export interface PrintedPart {
  words: ReadWord[];
  /** The box's spans holding something else, as fractions of its width from its left end. */
  unread: { from: number; to: number }[];
}

/**
 * A box that starts with printed words but holds more (an answer after "=", a filled blank): its printed words
 * from the layout and the spans between and after them, which alone are recognised (issue 30, read little).
 * Undefined when the box does not start with print at the layout's place: it is recognised whole.
 */
export function printedPartsAt(
  map: Affine,
  printed: PrintedLayout,
): ((box: BoundingBox, others?: readonly BoundingBox[]) => PrintedPart | undefined) | undefined {
  const layout = layoutAt(map, printed);
  if (!layout) return undefined;
  const { H, at, toPage } = layout;
  return (box, others = []) => {
    const found = at(box, others);
    if (!found || found.t.right - found.t.left < H) return undefined;
    const { t } = found;
    const trusted = trustedPrint(found.inside.map(({ word }) => word));
    const shift = t.left - found.inside[0]!.word.bbox.x;
    if (!trusted[0] || Math.abs(shift) > 0.7 * H) return undefined;
    // The box starts where its first printed word does: the layout's words are moved along by what the map missed
    // there (a phone snap's map is off by up to a text height at a line's end), so that the spans' cuts and the
    // printed words lie on the page's own ink ("8 × 4 = 32" read "4232": the 4 and the "=" fell outside their words).
    const inside = found.inside.map((item) => ({
      ...item,
      word: { ...item.word, bbox: { ...item.word.bbox, x: item.word.bbox.x + shift } },
    }));
    // Spans to read: the layout's numbers (read again: a student's answer may start like one), blanks between
    // words, and what follows the last word. The words kept are the trusted print between them.
    const spans: [number, number][] = [];
    const kept: typeof inside = [];
    let open: number | undefined; // where the span being gathered starts
    for (const [i, item] of inside.entries()) {
      const { x } = item.word.bbox;
      const previous = kept.at(-1)?.word;
      const end = previous ? previous.bbox.x + previous.bbox.width : t.left;
      // A sign between numbers ("45 + 38 =") is read with them, in one span.
      if (!trusted[i] || (open !== undefined && !/\p{L}/u.test(item.word.text))) {
        open ??= end;
        continue;
      }
      if (open !== undefined) spans.push([open, x]);
      else if (x - end > BLANK_GAP * H) spans.push([end, x]);
      open = undefined;
      kept.push(item);
    }
    const last = kept.at(-1)!.word;
    const lastEnd = last.bbox.x + last.bbox.width;
    if (open !== undefined || t.right - lastEnd > 0.7 * H) spans.push([open ?? lastEnd, t.right]);
    if (!spans.length) return undefined;
    const span = t.right - t.left;
    // The spans' ends lie at the printed words' ends; the reader moves them to the gap in the ink there.
    const unread = spans.map(([a, b]) => ({
      from: Math.max(0, (a - t.left) / span),
      to: Math.min(1, (b - t.left) / span),
    }));
    const read = kept.map(({ word }) => toPage(word));
    return { words: read, unread };
  };
}

function inBounds(b: Bounds, { x, y }: { x: number; y: number }): boolean {
  return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
}

/** Whether a box of the page lies in one of the printed layout's answer zones, once registered onto it. */
export function inAnswerZone(box: BoundingBox, printed: PrintedLayout | undefined, map: Affine | undefined): boolean {
  if (!printed?.answerZones?.length || !map) return false;
  const b = mappedBounds(box, map);
  const [x, y] = [(b.left + b.right) / 2, (b.top + b.bottom) / 2];
  const m = printed.textHeight / 4;
  return printed.answerZones.some((z) => x >= z.x - m && x <= z.x + z.width + m && y >= z.y - m && y <= z.y + z.height + m);
}
