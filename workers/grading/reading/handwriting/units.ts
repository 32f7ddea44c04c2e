// The ink of an answer, in reading order: pieces for the classifier (one digit or several touching) and the
// marks told by shape and place against the digits' band (see segment.ts for why geometry reads them).
import { components, type Component, type Ink } from "./segment";

export type Unit =
  | { kind: "ink"; pixels: number[]; x0: number; x1: number; y0: number; y1: number }
  | { kind: "mark"; options: [string, number][]; x0: number; x1: number };

export interface Band {
  /** Median digit height, top and bottom. */
  height: number;
  top: number;
  bottom: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function bandOf(comps: Component[]): Band {
  const maxH = Math.max(...comps.map((c) => c.y1 - c.y0));
  const tall = comps.filter((c) => c.y1 - c.y0 >= 0.5 * maxH);
  return { height: median(tall.map((c) => c.y1 - c.y0)), top: median(tall.map((c) => c.y0)), bottom: median(tall.map((c) => c.y1)) };
}

const overlap = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);

function merged(cs: Component[]): Component {
  return {
    x0: Math.min(...cs.map((c) => c.x0)),
    x1: Math.max(...cs.map((c) => c.x1)),
    y0: Math.min(...cs.map((c) => c.y0)),
    y1: Math.max(...cs.map((c) => c.y1)),
    area: cs.reduce((s, c) => s + c.area, 0),
    pixels: cs.flatMap((c) => c.pixels),
  };
}

/** Marks and ink pieces, left to right, for one row of components (a fraction's parts are rows of their own). */
function rowUnits(comps: Component[], band: Band): Unit[] {
  // Pieces of one digit (a 5's flag, a 4's two strokes) overlap in x: one unit.
  const sorted = [...comps].sort((a, b) => a.x0 - b.x0);
  const groups: Component[][] = [];
  for (const c of sorted) {
    const last = groups[groups.length - 1];
    const flat = (k: Component) => k.y1 - k.y0 < 0.3 * band.height;
    if (last && !flat(c) && last.some((k) => !flat(k) && overlap(k, c) >= 0.5 * Math.min(k.x1 - k.x0, c.x1 - c.x0))) last.push(c);
    else groups.push([c]);
  }
  const units: Unit[] = [];
  const H = band.height;
  for (const g of groups) {
    const c = merged(g);
    const w = c.x1 - c.x0;
    const h = c.y1 - c.y0;
    const cy = (c.y0 + c.y1) / 2;
    if (w < 0.4 * H && h < 0.4 * H) {
      // Small: a decimal point or comma when low in the band; a stray mark otherwise.
      // Too small, too faint or too hollow for a pencil dot: a speck of noise or paper.
      if (cy < band.top + 0.55 * H || Math.max(w, h) < 0.12 * H || c.area < 0.4 * w * h) continue;
      const comma = h > 1.5 * w || c.y1 > band.bottom + 0.12 * H;
      units.push({
        kind: "mark",
        options: comma
          ? [
              [",", 0.8],
              [".", 0.15],
              ["", 0.05],
            ]
          : [
              [".", 0.8],
              [",", 0.15],
              ["", 0.05],
            ],
        x0: c.x0,
        x1: c.x1,
      });
    } else if (h <= 0.35 * w && h < 0.3 * H) {
      // Flat: a minus sign in the middle of the band; a stroke on the baseline is left over from the rule.
      if (cy < band.top + 0.2 * H || cy > band.top + 0.8 * H) continue;
      units.push({
        kind: "mark",
        options: [
          ["-", 0.95],
          ["", 0.05],
        ],
        x0: c.x0,
        x1: c.x1,
      });
    } else units.push({ kind: "ink", pixels: c.pixels, x0: c.x0, x1: c.x1, y0: c.y0, y1: c.y1 });
  }
  // A number never ends in its decimal point or comma: a mark after the last digit is a full stop or a speck.
  const trailingPoint = (u: Unit | undefined) => u?.kind === "mark" && u.options.some(([t]) => t === "." || t === ",");
  while (trailingPoint(units.at(-1))) units.pop();
  return units;
}

/** The answer's units in reading order; a stacked fraction reads numerator, "/", denominator. */
export function unitsOf(ink: Ink): { units: Unit[]; band: Band } | null {
  let comps = components(ink.mask, ink.width, ink.height);
  if (!comps.length) return null;
  const maxSide = Math.max(...comps.map((c) => Math.max(c.y1 - c.y0, c.x1 - c.x0)));
  comps = comps.filter((c) => Math.max(c.y1 - c.y0, c.x1 - c.x0) >= Math.max(2, 0.08 * maxSide));
  const band = bandOf(comps);
  const bar = comps.find((c) => {
    const w = c.x1 - c.x0;
    if (w < 0.6 * band.height || c.y1 - c.y0 > 0.25 * w) return false;
    const within = (k: Component) => k !== c && (k.x0 + k.x1) / 2 >= c.x0 && (k.x0 + k.x1) / 2 <= c.x1;
    return comps.some((k) => within(k) && k.y1 <= c.y0 + 2) && comps.some((k) => within(k) && k.y0 >= c.y1 - 2);
  });
  if (!bar) return { units: rowUnits(comps, band), band };
  const inside = (k: Component) => (k.x0 + k.x1) / 2 >= bar.x0 - 2 && (k.x0 + k.x1) / 2 <= bar.x1 + 2 && k !== bar;
  const above = comps.filter((k) => inside(k) && k.y1 <= bar.y1);
  const below = comps.filter((k) => inside(k) && k.y0 >= bar.y0);
  const before = comps.filter((k) => k !== bar && !inside(k) && k.x1 <= bar.x0 + 2);
  const after = comps.filter((k) => k !== bar && !inside(k) && !before.includes(k));
  const part = (cs: Component[]) => (cs.length ? rowUnits(cs, bandOf(cs)) : []);
  const slash: Unit = { kind: "mark", options: [["/", 1]], x0: bar.x0, x1: bar.x1 };
  return { units: [...part(before), ...part(above), slash, ...part(below), ...part(after)], band };
}
