// A class set read as a set (docs/decisions/0038): the worksheet's printed template is what recurs at the same
// place on most pages of one assignment; what varies is the students'. Each page is registered onto the
// template (an affine map fitted on the printed words both share, robust to a photo's tilt, scale and crop),
// and every word the page shares with the template at that place is printed: never an answer.
import type { PageReading, ReadLine, ReadWord } from "../reading/types";

/** A printed word of the worksheet, in the template's frame (the reference page's pixels). */
export interface TemplateWord {
  text: string;
  x: number;
  y: number;
}

export interface WorksheetTemplate {
  version: 1;
  words: TemplateWord[];
  /** The printed text's height in the template's frame. */
  textHeight: number;
  /** Pages it was found from. */
  pages: number;
  /** Median registration error of those pages, in text heights. */
  residual: number;
}

/** Affine map [a, b, c, d, e, f]: x' = a·x + b·y + c, y' = d·x + e·y + f. */
type Affine = [number, number, number, number, number, number];

interface Point {
  text: string;
  /** As read, for the key's answers ("B" is an answer, "B)" an option's label). */
  raw?: string;
  x: number;
  y: number;
}

const MIN_PAGES = 3;
/** Share of the other pages a word must recur on, at its place, to be printed. */
const RECUR = 0.7;
/** How far (in text heights) a word may sit from its template place and still be the printed word. */
const NEAR_X = 1.2;
const NEAR_Y = 0.5;

export const normWord = (text: string) => text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

function words(page: Pick<PageReading, "lines">): (ReadWord & { line: ReadLine })[] {
  return page.lines.flatMap((line) => line.words.map((w) => ({ ...w, line })));
}

function center(word: ReadWord): Point {
  return {
    text: normWord(word.text),
    raw: word.text.toLowerCase().replace(/[.,]$/, ""),
    x: word.bbox.x + word.bbox.width / 2,
    y: word.bbox.y + word.bbox.height / 2,
  };
}

function median(xs: number[]): number {
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

function fitAffine(pairs: [Point, Point][]): Affine | null {
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

const apply = (t: Affine, p: { x: number; y: number }) => ({ x: t[0] * p.x + t[1] * p.y + t[2], y: t[3] * p.x + t[4] * p.y + t[5] });

function unique(points: Point[]): Map<string, Point> {
  const seen = new Map<string, Point | null>();
  for (const p of points) if (p.text.length >= 3 && /\p{L}/u.test(p.text)) seen.set(p.text, seen.has(p.text) ? null : p);
  return new Map([...seen].filter((e): e is [string, Point] => e[1] !== null));
}

/**
 * The affine map from a page onto a reference, fitted on the words both have once (at least 4 of them), with the
 * pairs that disagree trimmed twice; null when the pages share too little to be one worksheet.
 */
export function register(page: Point[], reference: Point[], height: number): { map: Affine; residual: number } | null {
  const ref = unique(reference);
  let pairs: [Point, Point][] = [...unique(page)].flatMap(([text, p]) => (ref.has(text) ? [[p, ref.get(text)!] as [Point, Point]] : []));
  if (pairs.length < 4) return null;
  let map: Affine | null = null;
  for (let round = 0; round < 3; round++) {
    map = fitAffine(pairs);
    if (!map) return null;
    const errors = pairs.map(([p, q]) => Math.hypot(apply(map!, p).x - q.x, apply(map!, p).y - q.y));
    const limit = Math.max(2 * median(errors), 0.5 * height);
    const kept = pairs.filter((_, i) => errors[i]! <= limit);
    if (kept.length < 4) return null;
    if (kept.length === pairs.length && round > 0) break;
    pairs = kept;
  }
  const errors = pairs.map(([p, q]) => Math.hypot(apply(map!, p).x - q.x, apply(map!, p).y - q.y));
  const residual = median(errors) / height;
  // Half the pairs must agree within a text height: otherwise the shared words are a coincidence.
  if (pairs.length < 4 || residual > 1) return null;
  return { map: map!, residual };
}

function near(a: { x: number; y: number }, b: { x: number; y: number }, height: number): boolean {
  return Math.abs(a.x - b.x) <= NEAR_X * height && Math.abs(a.y - b.y) <= NEAR_Y * height;
}

/**
 * The template of a set of pages of one worksheet, or null when there are too few pages or they are not one
 * worksheet. `answers` are the key's answers: a word that is a key answer is the students', however many wrote it.
 */
export function findTemplate(pages: Pick<PageReading, "lines">[], answers: string[] = []): WorksheetTemplate | null {
  const sets = pages.map((p) => words(p).map(center)).filter((w) => w.length >= 4);
  if (sets.length < MIN_PAGES) return null;
  const keyWords = new Set(answers.map((a) => a.trim().toLowerCase()).filter(Boolean));
  // The reference is the page with the median number of words: neither a blank copy nor the wordiest.
  const order = sets.map((s, i) => [s.length, i] as const).sort((a, b) => a[0] - b[0]);
  const refIndex = order[Math.floor(order.length / 2)]![1];
  const reference = sets[refIndex]!;
  const height = textHeight(pages[refIndex]!);
  const registered = sets.flatMap((set, i) => {
    if (i === refIndex) return [];
    const fit = register(set, reference, height);
    return fit ? [{ points: set.map((p) => ({ ...p, ...apply(fit.map, p) })), residual: fit.residual }] : [];
  });
  // Most pages must be this worksheet, or the set is mixed and each page is read alone.
  if (registered.length + 1 < MIN_PAGES || registered.length + 1 < 0.6 * sets.length) return null;
  const needed = Math.max(2, Math.ceil(RECUR * registered.length));
  const printed = reference.filter(
    (w) =>
      w.text &&
      !keyWords.has(w.raw ?? w.text) &&
      registered.filter((r) => r.points.some((p) => p.text === w.text && near(p, w, height))).length >= needed,
  );
  if (printed.length < 4) return null;
  return {
    version: 1,
    words: printed.map(({ text, x, y }) => ({ text, x, y })),
    textHeight: height,
    pages: registered.length + 1,
    residual: median(registered.map((r) => r.residual)),
  };
}

/**
 * Registers a page onto the template and tells the student's words from the printed ones: the words the template
 * does not have at that place. Null when the page is not this worksheet (it is then read alone).
 */
export function studentWords(
  template: WorksheetTemplate,
  page: Pick<PageReading, "lines">,
): { words: Set<ReadWord>; residual: number } | null {
  const fit = register(words(page).map(center), template.words, textHeight(page));
  if (!fit) return null;
  const student = new Set<ReadWord>();
  for (const line of page.lines)
    for (const w of line.words) {
      const p = center(w);
      if (!p.text) continue;
      const at = apply(fit.map, p);
      if (!template.words.some((t) => t.text === p.text && near(at, t, template.textHeight))) student.add(w);
    }
  return { words: student, residual: fit.residual };
}
