import { seeded } from "../augment";
import { capture, composeLine } from "../compose";
import { loadSplit, type LabelledDigit } from "../mnist";
import { inkOf } from "../../../workers/grading/reading/handwriting/segment";
import { unitsOf } from "../../../workers/grading/reading/handwriting/units";
import { readHandwriting } from "../../../workers/grading/reading/handwriting/reader";
const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
const rng = seeded(5);
const crops = [];
for (let i = 0; i < 30; i++) crops.push(await capture(composeLine(rng, pool), "photo" as never === "x" ? "clean" : "clean", rng));
readHandwriting(crops[0]);
let tInk = 0, tUnits = 0, tAll = 0, pieces = 0;
for (const c of crops) {
  let t = performance.now(); const ink = inkOf(c); tInk += performance.now() - t;
  t = performance.now(); unitsOf(ink); tUnits += performance.now() - t;
  t = performance.now(); const r = readHandwriting(c, { count: 8, raw: true }); tAll += performance.now() - t; pieces += r.pieces;
}
console.log({ ink: tInk / 30, units: tUnits / 30, all: tAll / 30, pieces: pieces / 30, size: crops.map(c => c.width + "x" + c.height).slice(0, 5) });
