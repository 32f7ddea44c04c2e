// Ink that no word read covers (issue 30). The detector misses a short answer written apart from the print ("350"
// far right of its question on a photo, a letter at the margin), and read little takes a box for print only when
// its printed words fill it though the student wrote in it too ("Answer: C"). After a page's lines are read, its ink
// off every word read, off rules and specks, is gathered into marks the size of text: each is then recognised alone
// as a line of its own, so that an answer missed is read, or found unreadable where it stands.
import type { GreyImage } from "./cleanup";
import { inkCells } from "./grey-filters";
import type { BoundingBox, ReadLine, ReadWord } from "../types";
import { components } from "../handwriting/segment";

/** Darker than this is ink. */
const INK = 128;
/** The page is looked at in cells of this many pixels a side (a cell is ink when any of its pixels is). */
const CELL = 2;
/** A word read covers its box and this many text heights either side (its box is placed from the recogniser's frames). */
const WORD_PAD = 0.35;
/** Down the page, a printed word covers this share of its line's box height each side of its middle, or this many text heights. */
const WORD_HALF = 0.3;
const WORD_HALF_TEXT = 0.7;
/** A run of ink this many text heights long, across or down, is a rule (a blank's line, a table's or a box's edge). */
const RULE = 2;
/** Ink this near beyond a word read's pad, across the page, is the rest of that word (letters its box left out). */
const TOUCH = 0.2;
/** Ink pieces this many text heights apart or nearer, side by side, are one mark (a word's letters, a number's digits). */
const JOIN = 0.8;
/** A mark is this many text heights tall at least (smaller is a speck, a lost dot), and at most the second. */
const LOW = 0.5;
const HIGH = 2.5;
/** A mark narrower than this many text heights must be taller than TALL_ALONE (a written "1"). */
const NARROW = 0.25;
const TALL_ALONE = 0.7;
/** A page with more marks than this is too marked to tell (a picture, a torn edge, a scribbled page): none is read. */
const MAX_MARKS = 24;
/** A page with more pieces of ink off its words than this is too marked to tell (noise, a picture): none is read. */
const MAX_PIECES = 400;
/** A piece less than this many text heights across and down is a speck, not counted against MAX_PIECES. */
const SPECK = 0.25;
/** Around a mark its box reaches this many of its heights beyond its ink (the detector's reach about half). */
const MARGIN = 0.4;

interface Piece {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Its ink comes within WORD_PAD + TOUCH text heights, across the page, of ink inside a word read's box. */
  touchesWord: boolean;
}

/**
 * The marks of ink on a page that no word of `lines` covers, each boxed as the detector boxes a line (in page
 * pixels), top to bottom; `textHeight` is the height of the page's print. None when the page is too marked to tell.
 */
export function unreadInk(page: GreyImage, lines: readonly ReadLine[], textHeight: number): BoundingBox[] {
  if (!(textHeight > 0) || !lines.length) return [];
  const w = Math.ceil(page.width / CELL);
  const h = Math.ceil(page.height / CELL);
  const ink = inkCells(page, CELL, INK);
  const text = textHeight / CELL;
  // Rules are found on the whole page's ink: a box's edge beside a word read is cut short by the word's pad, and
  // what is left of it would pass for a mark ("L", "|" at an answer box's corner).
  const rules = ruleCells(ink, w, h, RULE * text);
  // Off the words read, and their pads; `cut` marks the ink inside their boxes.
  const cut = new Uint8Array(w * h);
  const pad = WORD_PAD * text;
  for (const line of lines)
    for (const word of line.words) {
      // A printed word's box is the layout's, mapped: its line's box, as detected, says where its ink is down the page.
      const box = word.printed ? { ...word.bbox, y: line.bbox.y, height: line.bbox.height } : word.bbox;
      const x0 = Math.max(0, Math.floor(box.x / CELL - pad));
      const x1 = Math.min(w - 1, Math.ceil((box.x + box.width) / CELL + pad));
      // A printed line's box is about twice its text's height, its ink in the middle: the box's edges may hold
      // writing. A word recognised covers its whole box (a handwritten number is as tall as its box).
      const middle = (box.y + box.height / 2) / CELL;
      const half = word.printed ? Math.max(WORD_HALF * box.height, WORD_HALF_TEXT * textHeight) / CELL : box.height / 2 / CELL;
      const y0 = Math.max(0, Math.floor(middle - half));
      const y1 = Math.min(h - 1, Math.ceil(middle + half));
      const [inX0, inX1] = [Math.floor(box.x / CELL), Math.ceil((box.x + box.width) / CELL)];
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const i = y * w + x;
          if (ink[i] && x >= inX0 && x <= inX1) cut[i] = 1;
          ink[i] = 0;
        }
    }
  for (let i = 0; i < ink.length; i++) if (rules[i]) ink[i] = 0;
  const pieces = piecesOf(ink, w, h, cut, Math.ceil((WORD_PAD + TOUCH) * text)).filter((p) => p.y1 - p.y0 + 1 <= HIGH * text);
  // Specks (a phone snap's grain, hundreds of a pixel or two) do not make a page too marked: only pieces that could
  // be part of writing count.
  if (pieces.filter((p) => Math.max(p.x1 - p.x0, p.y1 - p.y0) + 1 >= SPECK * text).length > MAX_PIECES) return [];
  // A mark touching a word's ink beside it is the rest of that word (its box placed a little off), not writing.
  const marks = joined(pieces, JOIN * text).filter((m) => {
    if (m.touchesWord) return false;
    const [width, height] = [m.x1 - m.x0 + 1, m.y1 - m.y0 + 1];
    return height >= LOW * text && height <= HIGH * text && (width >= NARROW * text || height >= TALL_ALONE * text);
  });
  if (marks.length > MAX_MARKS) return [];
  return marks
    .map((m) => {
      const margin = MARGIN * (m.y1 - m.y0 + 1) * CELL;
      const x = Math.max(0, m.x0 * CELL - margin);
      const y = Math.max(0, m.y0 * CELL - margin);
      const right = Math.min(page.width, (m.x1 + 1) * CELL + margin);
      const bottom = Math.min(page.height, (m.y1 + 1) * CELL + margin);
      return { x, y, width: right - x, height: bottom - y };
    })
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The cells of every run of ink at least `length` cells long, across and down. */
function ruleCells(ink: Uint8Array, w: number, h: number, length: number): Uint8Array {
  const rule = new Uint8Array(ink.length);
  // Rows (h of them, w cells along, a cell's next 1 on), then columns (w of them, h cells along, the next w on).
  for (const [lines, along, first, next] of [
    [h, w, w, 1],
    [w, h, 1, w],
  ] as const)
    for (let l = 0; l < lines; l++) {
      const at = (k: number) => l * first + k * next;
      for (let k = 0; k < along;) {
        if (!ink[at(k)]) {
          k++;
          continue;
        }
        let e = k;
        while (e + 1 < along && ink[at(e + 1)]) e++;
        if (e - k + 1 >= length) for (let r = k; r <= e; r++) rule[at(r)] = 1;
        k = e + 1;
      }
    }
  return rule;
}

/** The ink's 8-connected pieces, and whether each comes within `reach` cells across of ink inside a word's box (`cut`). */
function piecesOf(ink: Uint8Array, w: number, h: number, cut: Uint8Array, reach: number): Piece[] {
  const near = (i: number) => {
    const x = i % w;
    for (let d = 1; d <= reach; d++) if ((x >= d && cut[i - d]) || (x + d < w && cut[i + d])) return true;
    return false;
  };
  return components(ink, w, h).map((c) => ({ x0: c.x0, y0: c.y0, x1: c.x1 - 1, y1: c.y1 - 1, touchesWord: c.pixels.some(near) }));
}

/** Pieces side by side (overlapping down the page) and at most `gap` cells apart, joined into marks. */
function joined(pieces: Piece[], gap: number): Piece[] {
  const parent = pieces.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const order = pieces.map((_, i) => i).sort((i, j) => pieces[i]!.x0 - pieces[j]!.x0);
  for (let a = 0; a < order.length; a++) {
    const p = pieces[order[a]!]!;
    for (let b = a + 1; b < order.length; b++) {
      const q = pieces[order[b]!]!;
      if (q.x0 - p.x1 - 1 > gap) break;
      const overlap = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0) + 1;
      // A dot or a bar (a decimal point, a fraction's bar) joins what it sits beside.
      const shorter = Math.min(p.y1 - p.y0, q.y1 - q.y0) + 1;
      if (overlap >= shorter / 2) parent[root(order[a]!)] = root(order[b]!);
    }
  }
  const marks = new Map<number, Piece>();
  pieces.forEach((p, i) => {
    const m = marks.get(root(i));
    marks.set(
      root(i),
      m
        ? {
            x0: Math.min(m.x0, p.x0),
            y0: Math.min(m.y0, p.y0),
            x1: Math.max(m.x1, p.x1),
            y1: Math.max(m.y1, p.y1),
            touchesWord: m.touchesWord || p.touchesWord,
          }
        : { ...p },
    );
  });
  return [...marks.values()];
}

/** A short word recognised below this inside a longer box is read again alone (doubtfulWords). */
const DOUBTFUL = 0.8;
/** Letters of the same shape as a sign: a "×" read alone as "x" is the sign still (a question's "5 × 12"). */
const SIGN_TWINS: Record<string, string> = { "×": "xX", "|": "lI" };
/** One or two signs, no letter or digit: what a letter on a rule is read as ("<", "-", "|-"). */
const SIGNS = /^[^\p{L}\p{N}]{1,2}$/u;

/**
 * Words to read again from their own ink: one or two signs, no letter or digit, recognised unsurely inside a box
 * that holds more (a letter written on a blank's rule left of its question, its box the whole line's: "A" read "<",
 * "L" read "-"). Their ink is then unread (unreadInk without them), and read alone.
 */
export function doubtfulWords(lines: readonly ReadLine[]): Set<ReadWord> {
  const doubtful = new Set<ReadWord>();
  for (const line of lines)
    if (line.words.length > 1)
      for (const word of line.words) if (!word.printed && word.confidence < DOUBTFUL && SIGNS.test(word.text)) doubtful.add(word);
  return doubtful;
}

/**
 * `lines` with each doubtful word that a mark read alone overlaps replaced by that reading, when it is a letter or
 * two (a sign read alone is no better) of another shape than the sign, and the marks that overlap none of them.
 */
export function settleDoubtful(
  lines: readonly ReadLine[],
  doubtful: ReadonlySet<ReadWord>,
  marks: readonly { box: BoundingBox; line: ReadLine }[],
): { lines: ReadLine[]; apart: ReadLine[] } {
  const by = new Map<ReadWord, ReadWord>();
  const apart: ReadLine[] = [];
  for (const { box, line } of marks) {
    // The word the mark lies most on (a tall line's box may reach the next row's).
    const over = [...doubtful].map((w) => ({ w, area: overlap(w.bbox, box) })).sort((a, b) => b.area - a.area);
    if (!over[0]?.area) {
      apart.push(line);
      continue;
    }
    const read = line.words.length === 1 ? line.words[0]! : undefined;
    const twin = read && [...over[0].w.text].some((c) => SIGN_TWINS[c]?.includes(read.text));
    if (read && /^[A-Za-z]{1,2}$/.test(read.text) && !twin && over[0].area > (over[1]?.area ?? 0) && !by.has(over[0].w))
      by.set(over[0].w, { ...read, bbox: over[0].w.bbox });
  }
  const settled = lines.map((l) => {
    if (!l.words.some((w) => by.has(w))) return l;
    const words = l.words.map((w) => by.get(w) ?? w);
    return { ...l, text: words.map((w) => w.text).join(" "), words };
  });
  return { lines: settled, apart };
}

/** The area two boxes share. */
function overlap(a: BoundingBox, b: BoundingBox): number {
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return across > 0 && down > 0 ? across * down : 0;
}
