// Readings of an answer as paths through a lattice of cuts. Each ink unit (one digit or several touching) gets
// candidate cuts at the valleys of its column profile; every piece between two cuts (up to three cuts apart) is
// classified, and the classifier's "not one digit" class makes a bad cut cost what it should. A reading's
// probability is the sum over the paths that spell it, divided by the sum over all paths.
import type { InkLattice } from "../types";
import { normaliseGlyph } from "./glyph";
import type { Band, Unit } from "./units";

/** A piece between two cuts: its texts and probabilities (a digit piece's sum below 1 by what "not one digit" took). */
export type Edge = InkLattice["edges"][number];

export interface Reading {
  text: string;
  probability: number;
}

export type Classify = (glyph: Float32Array) => Float32Array;

/** The prior cost of one cut through a unit (chosen on dev lines, decision 0034). */
export const CUT_PRIOR = 0.2;

/** Cut positions inside a unit wider than a narrow digit: the lowest valleys of its column profile. */
function cutsOf(unit: Extract<Unit, { kind: "ink" }>, width: number, band: Band): number[] {
  const w = unit.x1 - unit.x0;
  if (w < 0.55 * band.height) return [];
  const profile = new Float32Array(w);
  for (const p of unit.pixels) profile[(p % width) - unit.x0]++;
  const smooth = profile.map((_, i) => (profile[Math.max(0, i - 1)] + profile[i] + profile[Math.min(w - 1, i + 1)]) / 3);
  const margin = Math.max(2, Math.round(0.18 * band.height));
  const valleys: number[] = [];
  for (let i = margin; i < w - margin; i++) if (smooth[i] <= smooth[i - 1] && smooth[i] <= smooth[i + 1]) valleys.push(i);
  const chosen: number[] = [];
  const gap = Math.max(2, 0.15 * band.height);
  for (const v of valleys.sort((a, b) => smooth[a] - smooth[b]))
    if (chosen.length < 7 && chosen.every((c) => Math.abs(c - v) >= gap)) chosen.push(v);
  return chosen.sort((a, b) => a - b).map((c) => c + unit.x0);
}

/** The classifier's input for a unit's pixels in columns [from, to) (harvest.ts cuts training glyphs with it too). */
export function piece(ink: Float32Array, width: number, pixels: number[], from: number, to: number): Float32Array | null {
  const inside = pixels.filter((p) => p % width >= from && p % width < to);
  if (!inside.length) return null;
  let y0 = Infinity;
  let y1 = -1;
  for (const p of inside) {
    const y = Math.floor(p / width);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const w = to - from;
  const h = y1 - y0 + 1;
  const img = new Float32Array(w * h);
  for (const p of inside) img[(Math.floor(p / width) - y0) * w + (p % width) - from] = ink[p];
  return normaliseGlyph({ ink: img, width: w, height: h });
}

export class Lattice {
  readonly edges: Edge[] = [];
  nodes = 1;
  /** How many pieces were classified (the cost of the reading). */
  classified = 0;

  constructor(units: Unit[], band: Band, ink: Float32Array, width: number, classify: Classify, cut = CUT_PRIOR) {
    for (const unit of units) {
      const start = this.nodes - 1;
      if (unit.kind === "mark") {
        this.edges.push({ from: start, to: start + 1, options: unit.options });
        this.nodes++;
        continue;
      }
      const points = [unit.x0, ...cutsOf(unit, width, band), unit.x1];
      for (let i = 0; i < points.length - 1; i++)
        for (let j = i + 1; j < points.length; j++) {
          const whole = i === 0 && j === points.length - 1;
          if (!whole && (j - i > 3 || (j - i > 1 && points[j] - points[i] > 1.4 * band.height))) continue;
          const glyph = piece(ink, width, unit.pixels, points[i], points[j]);
          this.classified++;
          const p = glyph ? classify(glyph) : null;
          // Each cut costs the prior `cut`: a unit is one digit unless its pieces read much better than its whole.
          const prior = j === points.length - 1 ? 1 : cut;
          const options: [string, number][] = p
            ? Array.from({ length: 10 }, (_, d) => [String(d), prior * p[d]] as [string, number])
            : [["", 1e-6]];
          this.edges.push({ from: start + i, to: start + j, options });
        }
      this.nodes += points.length - 1;
    }
  }

  private out(node: number) {
    return this.edges.filter((e) => e.from === node);
  }

  /** The sum over all paths of the product of their pieces' total probability. */
  total(): number {
    return pathSum(this, (options) => options.reduce((s, [, p]) => s + p, 0));
  }

  /** The best readings by a beam over the lattice (`width` texts kept at each node). */
  readings(count = 5, width = 16): Reading[] {
    const z = this.total();
    if (!(z > 0)) return [{ text: "", probability: 0 }];
    const beams: Map<string, number>[] = Array.from({ length: this.nodes }, () => new Map());
    beams[0].set("", 1);
    for (let n = 0; n < this.nodes; n++) {
      const kept = [...beams[n]].sort((a, b) => b[1] - a[1]).slice(0, width);
      for (const e of this.out(n)) {
        const options = [...e.options].sort((a, b) => b[1] - a[1]).slice(0, 4);
        for (const [text, p] of kept) for (const [t, q] of options) beams[e.to].set(text + t, (beams[e.to].get(text + t) ?? 0) + p * q);
      }
    }
    return [...beams[this.nodes - 1]]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([text, p]) => ({ text, probability: p / z }));
  }

  /** The probability that the ink spells exactly `text`, summed over every path (no beam). */
  support(text: string): number {
    return spelled(this, text, this.total());
  }

  /**
   * The lattice as a word carries it to the grading side, to verify any reading against the ink (the key's answer,
   * not only the readings listed): options under PRUNED of their piece's best are left out, shares kept to 4 digits.
   */
  carried(): InkLattice {
    const edges = this.edges.map(({ from, to, options }) => {
      const top = Math.max(...options.map(([, p]) => p));
      return {
        from,
        to,
        options: options.filter(([, p]) => p >= PRUNED * top).map(([t, p]) => [t, Number(p.toPrecision(4))] as [string, number]),
      };
    });
    return { nodes: this.nodes, total: Number(this.total().toPrecision(6)), edges };
  }
}

/** A piece's option this far below its best is not carried (a key that needs it has no support worth verifying). */
const PRUNED = 1e-4;

/** The sum over all paths from the first node to the last of the product of `weigh(options)` along them. */
function pathSum(lattice: Pick<InkLattice, "nodes" | "edges">, weigh: (options: [string, number][]) => number): number {
  const z = new Float64Array(lattice.nodes);
  z[0] = 1;
  for (const e of [...lattice.edges].sort((a, b) => a.from - b.from)) z[e.to] += z[e.from] * weigh(e.options);
  return z[lattice.nodes - 1];
}

/** The share of the lattice's paths (of total `z`) that spell exactly `text`. */
function spelled(lattice: Pick<InkLattice, "nodes" | "edges">, text: string, z: number): number {
  if (!(z > 0)) return text === "" ? 1 : 0;
  const len = text.length;
  const dp = Array.from({ length: lattice.nodes }, () => new Float64Array(len + 1));
  dp[0][0] = 1;
  for (const e of [...lattice.edges].sort((a, b) => a.from - b.from))
    for (let k = 0; k <= len; k++) {
      if (!dp[e.from][k]) continue;
      for (const [t, q] of e.options) if (text.startsWith(t, k)) dp[e.to][k + t.length] += dp[e.from][k] * q;
    }
  return dp[lattice.nodes - 1][len] / z;
}

/** How well a carried lattice's ink supports `text` (spaces ignored), 0..1. */
export function inkSupport(lattice: InkLattice, text: string): number {
  return Math.min(1, spelled(lattice, text.replace(/\s+/g, "").replace(/[−–]/g, "-"), lattice.total));
}
