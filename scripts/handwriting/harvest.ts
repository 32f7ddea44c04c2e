// Development and training only: labelled glyphs as the reader sees them on a photographed page. Answer lines are
// composed from one split's digits (compose.ts), captured under a capture condition (blur, noise, JPEG, shadow,
// tilt...), and cut by the reader's own segmentation (inkOf, unitsOf, the lattice's piece). A line whose ink falls
// into exactly as many pieces as it has digits gives one labelled glyph a digit; touching digits are left out.
// train.ts mixes the train split's into training (--captured); run alone it scores the models in use on a split:
//   npx tsx scripts/handwriting/harvest.ts [dev2] [--lines 3000] [--models a.ts,b.ts]
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { piece } from "../../workers/grading/reading/handwriting/lattice";
import { inkOf } from "../../workers/grading/reading/handwriting/segment";
import { unitsOf } from "../../workers/grading/reading/handwriting/units";
import { seeded } from "./augment";
import { capture, composeLine, CONDITIONS, type Condition } from "./compose";
import type { Example } from "./examples";
import type { LabelledDigit } from "./mnist";

export interface Harvested extends Example {
  condition: Condition;
}

/** Glyphs cut from `lines` composed and captured answer lines (seeded), each condition in turn. */
export async function harvest(digits: LabelledDigit[], lines: number, seed: number): Promise<Harvested[]> {
  const pool = new Map<number, LabelledDigit[]>();
  for (const d of digits) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
  const rng = seeded(seed);
  const out: Harvested[] = [];
  for (let i = 0; i < lines; i++) {
    const condition = CONDITIONS[i % CONDITIONS.length];
    const line = composeLine(rng, pool);
    const ink = inkOf(await capture(line, condition, rng));
    const found = unitsOf(ink);
    if (!found || found.units.length !== line.truth.length || found.units.some((u) => u.kind !== "ink")) continue;
    found.units.forEach((u, k) => {
      if (u.kind !== "ink") return;
      const input = piece(ink.ink, ink.width, u.pixels, u.x0, u.x1);
      if (input) out.push({ input, label: Number(line.truth[k]), condition });
    });
  }
  return out;
}

export interface GlyphScore {
  n: number;
  /** Read as their digit. */
  right: number;
  /** Mean negative log-probability of the digit. */
  nll: number;
  /** Read as another class at more than 0.9. */
  sureWrong: number;
}

/** How a classifier reads harvested glyphs: over all of them ("all") and per capture condition. */
export function scoreGlyphs(glyphs: Harvested[], classify: (glyph: Float32Array) => Float32Array): Map<string, GlyphScore> {
  const rows = new Map<string, GlyphScore>();
  for (const g of glyphs) {
    const p = classify(g.input);
    let best = 0;
    for (let c = 1; c < p.length; c++) if (p[c] > p[best]) best = c;
    for (const key of ["all", g.condition]) {
      const r = rows.get(key) ?? { n: 0, right: 0, nll: 0, sureWrong: 0 };
      r.n++;
      if (best === g.label) r.right++;
      else if (p[best] > 0.9) r.sureWrong++;
      r.nll -= Math.log(Math.max(1e-12, p[g.label]));
      rows.set(key, r);
    }
  }
  for (const r of rows.values()) r.nll /= r.n;
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args, positionals } = parseArgs({
    allowPositionals: true,
    options: { lines: { type: "string", default: "3000" }, models: { type: "string" } },
  });
  const split = positionals[0] ?? "dev2";
  if (split !== "dev" && split !== "dev2") throw new Error("dev or dev2: the held-out split is read by eval.ts only");
  const { loadSplit } = await import("./mnist");
  const { classifyGlyph } = await import("../../workers/grading/reading/handwriting/reader");
  const { activations, forward, softmax } = await import("../../workers/grading/reading/handwriting/net");
  const { unpack } = await import("../../workers/grading/reading/handwriting/weights");
  const glyphs = await harvest(loadSplit(split), Number(args.lines), 4242);
  console.log(`${split}: ${glyphs.length} glyphs from ${args.lines} lines`);
  // Classifiers to score: the reader's ensemble (with its views), or (--models a.ts,b.ts) each trained module alone and
  // all averaged, every module reading the glyph as cut (no views).
  const classifiers: [string, (g: Float32Array) => Float32Array][] = [];
  if (!args.models) classifiers.push(["models in use", classifyGlyph]);
  else {
    const act = activations();
    const loaded = await Promise.all(
      args.models.split(",").map(async (file) => {
        const { MODEL } = (await import(resolve(file))) as {
          MODEL: import("../../workers/grading/reading/handwriting/weights").PackedModel;
        };
        return { file, w: unpack(MODEL.tensors), t: MODEL.temperature };
      }),
    );
    for (const m of loaded) classifiers.push([m.file, (g) => softmax(forward(m.w, g, act), m.t)]);
    if (loaded.length > 1)
      classifiers.push([
        "all averaged",
        (g) => {
          const sum = new Float32Array(11);
          for (const m of loaded) softmax(forward(m.w, g, act), m.t).forEach((v, i) => (sum[i] += v / loaded.length));
          return sum;
        },
      ]);
  }
  for (const [name, classify] of classifiers) {
    console.log(name);
    for (const [k, r] of scoreGlyphs(glyphs, classify))
      console.log(
        `  ${k.padEnd(12)} ${String(r.n).padStart(5)}  ${((100 * r.right) / r.n).toFixed(2)}%  NLL ${r.nll.toFixed(4)}  wrong above 0.9: ${r.sureWrong}`,
      );
  }
}
