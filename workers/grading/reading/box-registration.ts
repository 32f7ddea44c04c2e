// Registering a class set's page onto the worksheet's printed layout from the detector's boxes alone (issue 30,
// read little; docs/decisions/0060). Printed lines are typeset: under the right map, a box that holds printed
// words only is spanned end to end by the layout's words at its place, and a box holding a student's answer is
// not. The map is found by trying each wide box against each printed run's start, kept when enough boxes are
// printed under it, and refined on their ends; one glimpse of a printed line's start then confirms that its
// words are the layout's there, so another worksheet of the same shape (version B of a quiz) is not taken for it.
import { applyAffine, normWord, type Affine, type WordPoint } from "./registration";
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
/** The printed boxes a map must explain: at least this many, and this share of the page's boxes. */
const MIN_PRINTED = 4;
const MIN_SHARE = 0.4;
/** Words of a glimpse that confirm the layout: at least this many, and this share of its longer words. */
const CONFIRM_WORDS = 2;
const CONFIRM_SHARE = 0.6;

interface Run {
  left: number;
  right: number;
  y: number;
}

/** The layout's words in runs: one line's words left to right, parted where a blank wider than a text height is. */
export function printedRuns(printed: PrintedLayout): Run[] {
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

/** The printed words spanning a mapped box end to end, or undefined: its ends' pairs for the fit. */
function spanned(box: BoundingBox, map: Affine, printed: PrintedLayout): [WordPoint, WordPoint][] | undefined {
  const H = printed.textHeight;
  const a = applyAffine(map, { x: box.x, y: mid(box) });
  const b = applyAffine(map, { x: box.x + box.width, y: mid(box) });
  const y = (a.y + b.y) / 2;
  const inside = printed.words.filter((w) => {
    const x = w.bbox.x + w.bbox.width / 2;
    return x >= a.x - 0.25 * H && x <= b.x + 0.25 * H && Math.abs(w.bbox.y + w.bbox.height / 2 - y) <= 0.5 * H;
  });
  if (!inside.length) return undefined;
  const left = Math.min(...inside.map((w) => w.bbox.x));
  const right = Math.max(...inside.map((w) => w.bbox.x + w.bbox.width));
  if (Math.abs(left - a.x) > END * H || Math.abs(right - b.x) > END * H) return undefined;
  const p = (x: number, yy: number): WordPoint => ({ text: "", x, y: yy });
  return [
    [p(box.x, mid(box)), p(left, y)],
    [p(box.x + box.width, mid(box)), p(right, y)],
  ];
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
  for (const box of boxes) {
    const ends = spanned(box, map, layout);
    if (!ends) continue;
    printed.push(box);
    pairs.push(...ends);
  }
  return { pairs, printed };
}

/**
 * The map from the page's frame onto the layout's, found from the boxes' geometry: undefined when too few boxes are
 * printed under any map tried (a page of another worksheet, answers everywhere): the page is then registered on
 * recognised words, as before.
 */
export function fitBoxesToLayout(boxes: BoundingBox[], layout: PrintedLayout): BoxFit | undefined {
  if (boxes.length < MIN_PRINTED || layout.words.length < MIN_PRINTED) return undefined;
  const heights = boxes.map((b) => b.height).sort((a, b) => a - b);
  const boxHeight = heights[Math.floor(heights.length / 2)]!;
  const runs = printedRuns(layout);
  const tried = [...boxes].sort((a, b) => b.width - a.width).slice(0, TRIED_BOXES);
  let best: { map: Affine; count: number } | undefined;
  for (const box of tried) {
    for (const run of runs) {
      // The box taken for the whole run: their widths give the scale, their starts the shift.
      const scale = (run.right - run.left) / box.width;
      if (Math.abs((scale * boxHeight) / layout.textHeight - 1) > HEIGHT_SLACK) continue;
      const map: Affine = [scale, 0, run.left - scale * box.x, 0, scale, run.y - scale * mid(box)];
      const count = printedUnder(boxes, map, layout).printed.reduce((sum, b) => sum + b.width, 0);
      if (!best || count > best.count) best = { map, count };
    }
  }
  if (!best) return undefined;
  // Refined on the printed boxes' ends while that explains more boxes (the clean-up has straightened the page: a
  // scale and a shift on each axis, no turn).
  let { map } = best;
  let { printed, pairs } = printedUnder(boxes, map, layout);
  for (let round = 0; round < 3; round++) {
    const refined = fitAxes(pairs);
    const next = refined && printedUnder(boxes, refined, layout);
    if (!next || next.printed.length < printed.length) break;
    ({ printed, pairs } = next);
    map = refined;
  }
  if (printed.length < Math.max(MIN_PRINTED, MIN_SHARE * boxes.length)) return undefined;
  return { map, printed: printed.sort((a, b) => b.width - a.width) };
}

/** Words of two characters or more, a letter among them): the ones that tell one worksheet from another. */
const telling = (word: ReadWord) => {
  const text = normWord(word.text);
  return text.length >= 2 && /\p{L}/u.test(text) ? text : undefined;
};

/**
 * Whether a glimpse of a printed box confirms the map: its longer words are the layout's at their mapped place.
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
