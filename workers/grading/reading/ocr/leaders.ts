// Dotted leaders: a printed row of dots where the answer is written ("Q3 What do bees make?" and under it
// "......................"). Read with the answer on them, the dots became points and commas through it (".45.." for
// 450, ",,,,4,,5,,0" once the handwriting reader took them for digits' pieces). Before the page is read, a run of
// small dots evenly spaced along one baseline is painted out; a dot the answer's strokes touch is part of the
// answer's ink and stays; so do pieces of dots blurred together on a phone's photo. A decimal point, an ellipsis
// ("..."), a full stop stay: they are not a run of dots over two and a half text heights.
import { inkCells, paperGrey, type GreyImage } from "./grey-filters";
import { components } from "../handwriting/segment";

/** Darker than this is ink (the page is stretched: paper near 255). */
const INK = 128;
/** The page is looked at in cells of this many pixels a side (a dot is two or three cells across). */
const CELL = 2;
/** A dot is at most this share of the text's height down; a piece of dots blurred into one, this many heights long. */
const DOT = 0.3;
const PIECE = 2.5;
/** Dots of one leader: at most this share of the text's height between one and the next, and this far off its baseline. */
const GAP = 0.45;
const BASELINE = 0.12;
/** A leader has at least this many dots or pieces, over this many text heights at least. */
const RUN = 4;
const SPAN = 2.5;
/** Around a dot its soft edge, this many pixels, is painted out too. */
const EDGE = 2;

/** The page with its dotted leaders painted out; the same page when it has none. `textHeight` in the page's pixels. */
export function withoutLeaders(page: GreyImage, textHeight: number | undefined): GreyImage {
  if (!(textHeight && textHeight > 0)) return page;
  const w = Math.ceil(page.width / CELL);
  const h = Math.ceil(page.height / CELL);
  const ink = inkCells(page, CELL, INK);
  const text = textHeight / CELL;
  const dots = components(ink, w, h)
    .filter((c) => c.y1 - c.y0 <= DOT * text && c.x1 - c.x0 <= PIECE * text)
    .sort((a, b) => a.x0 - b.x0);
  const middle = (i: number) => (dots[i]!.y0 + dots[i]!.y1) / 2;
  if (dots.length < RUN) return page;
  // Each dot joined to the nearest one before it on its baseline, within a gap: runs of dots.
  const parent = dots.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let b = 1; b < dots.length; b++) {
    for (let a = b - 1; a >= 0 && dots[b]!.x0 - dots[a]!.x0 <= (GAP + PIECE) * text; a--) {
      const gap = dots[b]!.x0 - dots[a]!.x1;
      if (gap < 0 || gap > GAP * text || Math.abs(middle(b) - middle(a)) > BASELINE * text) continue;
      parent[root(b)] = root(a);
      break;
    }
  }
  const runs = new Map<number, { count: number; x0: number; x1: number }>();
  dots.forEach((d, i) => {
    const run = runs.get(root(i));
    if (run) Object.assign(run, { count: run.count + 1, x0: Math.min(run.x0, d.x0), x1: Math.max(run.x1, d.x1) });
    else runs.set(root(i), { count: 1, x0: d.x0, x1: d.x1 });
  });
  const leader = (i: number) => {
    const run = runs.get(root(i))!;
    return run.count >= RUN && run.x1 - run.x0 >= SPAN * text;
  };
  const leaders = dots.filter((_, i) => leader(i));
  if (!leaders.length) return page;
  // Painted the paper's own grey, not a white band on a grey photo.
  const paper = paperGrey(page, INK);
  const data = new Uint8Array(page.data);
  for (const d of leaders) {
    // The dot's cells and its soft edge.
    const [x0, y0] = [Math.max(0, d.x0 * CELL - EDGE), Math.max(0, d.y0 * CELL - EDGE)];
    const [x1, y1] = [Math.min(page.width, d.x1 * CELL + EDGE), Math.min(page.height, d.y1 * CELL + EDGE)];
    for (let y = y0; y < y1; y++) data.fill(paper, y * page.width + x0, y * page.width + x1);
  }
  return { width: page.width, height: page.height, data };
}
