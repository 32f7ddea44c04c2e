// Registering a class set's page onto the worksheet's printed layout from the detector's boxes alone (issue 30,
// read little; docs/decisions/0060). Printed lines are typeset: under the right map, a box that holds printed
// words only is spanned end to end by the layout's words at its place, and a box holding a student's answer is
// not. The map is found by trying each wide box against each printed run's start, kept when enough boxes are
// printed under it, and refined on their ends; glimpses of two printed lines far apart then confirm that their
// words are the layout's there, so another worksheet of the same shape (version B of a quiz) is not taken for it.
import { applyAffine, normWord, oneLine, type Affine, type WordPoint } from "./registration";
import type { BoundingBox, PrintedLayout, ReadLine, ReadWord } from "./types";

/** Boxes tried as a run's start: the widest, printed lines mostly. */
const TRIED_BOXES = 6;
/**
 * Boxes are about as tall on every page of a set: a map may not scale the page's median box height further than
 * this share from the layout's text height (a box's height alone varies by some 15%, too much to give the scale).
 */
const HEIGHT_SLACK = 0.2;
/** A box's ends and a run's (mapped) agree within this many text heights. */
const END = 0.7;
/** A printed box's middle lies within this many text heights of its printed words' row, under the map. */
const ROW = 0.3;
/** Closer than this (text heights) to a printed word of its line, a box's end cuts that line. */
const CUT_GAP = 0.5;
/** The printed boxes a map must explain: at least this many, and this share of the page's boxes. */
const MIN_PRINTED = 4;
const MIN_SHARE = 0.4;
/** The share of the explained boxes' width that boxes cutting a printed line may add up to. */
const MAX_CUT = 0.2;
/** Words of a glimpse that confirm the layout: at least this many, and this share of its telling words. */
const CONFIRM_WORDS = 2;
const CONFIRM_SHARE = 0.6;

interface Run {
  left: number;
  right: number;
  y: number;
}

/** The layout's words in runs: one line's words left to right, parted where a blank wider than a text height is. */
function printedRuns(printed: PrintedLayout): Run[] {
  const H = printed.textHeight;
  const words = [...printed.words].sort((a, b) => a.bbox.x - b.bbox.x);
  const runs: (Run & { count: number })[] = [];
  for (const w of words) {
    const y = w.bbox.y + w.bbox.height / 2;
    const run = runs.find((r) => Math.abs(r.y - y) <= 0.4 * H && w.bbox.x - r.right <= H && w.bbox.x >= r.left);
    if (run) {
      run.y = (run.y * run.count + y) / (run.count + 1);
      run.count += 1;
      run.right = Math.max(run.right, w.bbox.x + w.bbox.width);
    } else runs.push({ left: w.bbox.x, right: w.bbox.x + w.bbox.width, y, count: 1 });
  }
  return runs;
}

const mid = (box: BoundingBox) => box.y + box.height / 2;

/**
 * How a mapped box sits on the layout: "printed" when the layout's words at its place span it end to end (with its
 * ends' pairs, for the fit); "cut" when it ends or starts inside a printed line, where a word of that line lies
 * closer than a space to its end (no detector parts a printed line there: the map is wrong); else "other" (an
 * answer beside print, a name, a blank line).
 */
function placed(
  box: BoundingBox,
  map: Affine,
  printed: PrintedLayout,
): { kind: "printed"; ends: [WordPoint, WordPoint][]; inside: ReadWord[] } | { kind: "cut" | "other" } {
  const H = printed.textHeight;
  const a = applyAffine(map, { x: box.x, y: mid(box) });
  const b = applyAffine(map, { x: box.x + box.width, y: mid(box) });
  const y = (a.y + b.y) / 2;
  const row = oneLine(
    printed.words
      .map((word) => ({ word, at: { y: word.bbox.y + word.bbox.height / 2 } }))
      .filter(({ at }) => Math.abs(at.y - y) <= 0.5 * H),
    y,
    H,
  ).map(({ word }) => word);
  const centre = (w: ReadWord) => w.bbox.x + w.bbox.width / 2;
  const inside = row.filter((w) => centre(w) >= a.x - 0.25 * H && centre(w) <= b.x + 0.25 * H);
  if (!inside.length) return { kind: "other" };
  const left = Math.min(...inside.map((w) => w.bbox.x));
  const right = Math.max(...inside.map((w) => w.bbox.x + w.bbox.width));
  const outside = row.filter((w) => !inside.includes(w));
  const cut =
    outside.some((w) => w.bbox.x > right && w.bbox.x - right < CUT_GAP * H && w.bbox.x < b.x + CUT_GAP * H) ||
    outside.some(
      (w) =>
        w.bbox.x + w.bbox.width < left && left - (w.bbox.x + w.bbox.width) < CUT_GAP * H && w.bbox.x + w.bbox.width > a.x - CUT_GAP * H,
    );
  if (cut) return { kind: "cut" };
  if (Math.abs(left - a.x) > END * H || Math.abs(right - b.x) > END * H) return { kind: "other" };
  // A box whose middle lies far off its printed words' row sits between lines: not this row's print.
  const printedY = inside.reduce((sum, w) => sum + w.bbox.y + w.bbox.height / 2, 0) / inside.length;
  if (Math.abs(printedY - y) > ROW * H) return { kind: "other" };
  const p = (x: number, yy: number): WordPoint => ({ text: "", x, y: yy });
  // The box's ends pair with its printed words' ends, across and down: pairing them with where the map puts the box
  // (as before) left a map's drift down a photographed page uncorrected (0.4 of a text height at its foot, where an
  // "Answer:" box under options was then taken for the options line, and the child's answer was never read).
  return {
    kind: "printed",
    inside,
    ends: [
      [p(box.x, mid(box)), p(left, printedY)],
      [p(box.x + box.width, mid(box)), p(right, printedY)],
    ],
  };
}

/** Least squares x' = a·x + c and y' = e·y + f, each axis on its own. */
function fitAxes(pairs: [WordPoint, WordPoint][]): Affine | undefined {
  const line = (xs: number[], ys: number[]) => {
    const n = xs.length;
    const mx = xs.reduce((s, v) => s + v, 0) / n;
    const my = ys.reduce((s, v) => s + v, 0) / n;
    let sxx = 0;
    let sxy = 0;
    for (let i = 0; i < n; i++) {
      sxx += (xs[i]! - mx) ** 2;
      sxy += (xs[i]! - mx) * (ys[i]! - my);
    }
    return sxx > 0 ? ([sxy / sxx, my - (sxy / sxx) * mx] as const) : undefined;
  };
  const x = line(
    pairs.map(([p]) => p.x),
    pairs.map(([, q]) => q.x),
  );
  const y = line(
    pairs.map(([p]) => p.y),
    pairs.map(([, q]) => q.y),
  );
  return x && y ? [x[0], 0, x[1], 0, y[0], y[1]] : undefined;
}

export interface BoxFit {
  map: Affine;
  /** The boxes printed under it, widest first: the lines a glimpse may confirm it on. */
  printed: BoundingBox[];
}

function printedUnder(boxes: BoundingBox[], map: Affine, layout: PrintedLayout) {
  const pairs: [WordPoint, WordPoint][] = [];
  const printed: BoundingBox[] = [];
  // Widths of the boxes printed under the map, less those of the boxes it cuts a printed line with.
  let score = 0;
  for (const box of boxes) {
    const at = placed(box, map, layout);
    if (at.kind === "cut") score -= box.width;
    if (at.kind !== "printed") continue;
    score += box.width;
    printed.push(box);
    pairs.push(...at.ends);
  }
  return { pairs, printed, score };
}

/**
 * The map from the page's frame onto the layout's, found from the boxes' geometry: undefined when too few boxes are
 * printed under any map tried (a page of another worksheet, answers everywhere): the page is then registered on
 * recognised words, as before.
 */
export function fitBoxesToLayout(boxes: BoundingBox[], layout: PrintedLayout): BoxFit | undefined {
  if (boxes.length < MIN_PRINTED || layout.words.length < 2 * MIN_PRINTED) return undefined;
  const heights = boxes.map((b) => b.height).sort((a, b) => a - b);
  const boxHeight = heights[Math.floor(heights.length / 2)]!;
  const runs = printedRuns(layout);
  const tried = [...boxes].sort((a, b) => b.width - a.width).slice(0, TRIED_BOXES);
  let best: { map: Affine; score: number } | undefined;
  for (const box of tried) {
    for (const run of runs) {
      // The box taken for the whole run: their widths give the scale, their starts the shift.
      const scale = (run.right - run.left) / box.width;
      if (Math.abs((scale * boxHeight) / layout.textHeight - 1) > HEIGHT_SLACK) continue;
      const map: Affine = [scale, 0, run.left - scale * box.x, 0, scale, run.y - scale * mid(box)];
      const { score } = printedUnder(boxes, map, layout);
      if (!best || score > best.score) best = { map, score };
    }
  }
  if (!best) return undefined;
  // Refined on the printed boxes' ends while that explains more boxes (the clean-up has straightened the page: a
  // scale and a shift on each axis, no turn).
  let { map } = best;
  let { printed, pairs, score } = printedUnder(boxes, map, layout);
  for (let round = 0; round < 3; round++) {
    const refined = fitAxes(pairs);
    const next = refined && printedUnder(boxes, refined, layout);
    if (!next || next.score < score) break;
    ({ printed, pairs, score } = next);
    map = refined;
  }
  if (printed.length < Math.max(MIN_PRINTED, MIN_SHARE * boxes.length)) return undefined;
  // Printed lines the map cuts are a sign it is wrong: they may weigh a fifth of those it explains, no more.
  const explained = printed.reduce((sum, b) => sum + b.width, 0);
  if (score < (1 - MAX_CUT) * explained) return undefined;
  return { map, printed: printed.sort((a, b) => b.width - a.width) };
}

/** Words of two characters or more, a letter among them: the ones that tell one worksheet from another. */
const telling = (word: ReadWord) => {
  const text = normWord(word.text);
  return text.length >= 2 && /\p{L}/u.test(text) ? text : undefined;
};

/**
 * Whether a glimpse of a printed box confirms the map: its telling words are the layout's at their mapped place.
 * Undefined when the glimpse has too few such words to tell (a line of numbers): another line is glimpsed.
 */
export function confirmsLayout(glimpse: ReadLine, map: Affine, layout: PrintedLayout): boolean | undefined {
  const H = layout.textHeight;
  const words = glimpse.words.filter((w) => telling(w));
  if (words.length < CONFIRM_WORDS) return undefined;
  const found = words.filter((w) => {
    const at = applyAffine(map, { x: w.bbox.x + w.bbox.width / 2, y: mid(w.bbox) });
    return layout.words.some(
      (p) =>
        telling(p) === telling(w) &&
        Math.abs(p.bbox.x + p.bbox.width / 2 - at.x) <= 1.2 * H &&
        Math.abs(p.bbox.y + p.bbox.height / 2 - at.y) <= 0.5 * H,
    );
  });
  return found.length >= CONFIRM_WORDS && found.length >= CONFIRM_SHARE * words.length;
}

/** The printed boxes to glimpse, in turn: the widest, then the others farthest from it (up or down) first. */
export function glimpseOrder(fit: BoxFit): BoundingBox[] {
  const [first, ...rest] = fit.printed;
  if (!first) return [];
  return [first, ...rest.sort((a, b) => Math.abs(mid(b) - mid(first)) - Math.abs(mid(a) - mid(first)))];
}

/**
 * The printed boxes to glimpse, in glimpseOrder, each with how far to read it (in its heights, as `readBox` takes
 * it): into the word after its first CONFIRM_WORDS telling words, by the layout's words the map puts there, so
 * that the glimpse's last word, cut and left out, is that next one. A box whose layout words are too few to tell is
 * not glimpsed (a line of numbers, "Answer:"); one whose telling words end the line is read whole.
 */
export function glimpsePlan(fit: BoxFit, layout: PrintedLayout): { box: BoundingBox; heights: number }[] {
  const H = layout.textHeight;
  return glimpseOrder(fit).flatMap((box) => {
    const at = placed(box, fit.map, layout);
    if (at.kind !== "printed") return [];
    const words = [...at.inside].sort((a, b) => a.bbox.x - b.bbox.x);
    const tellingAt = words.flatMap((w, i) => (telling(w) ? [i] : []));
    if (tellingAt.length < CONFIRM_WORDS) return [];
    const next = words[tellingAt[CONFIRM_WORDS - 1]! + 1];
    if (!next) return [{ box, heights: Infinity }];
    const start = applyAffine(fit.map, { x: box.x, y: mid(box) }).x;
    const end = next.bbox.x + Math.min(next.bbox.width, 0.6 * H);
    return [{ box, heights: (end - start) / fit.map[0] / box.height }];
  });
}
