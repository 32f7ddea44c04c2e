// Development only: where the handwriting pass (reading/handwriting/words.ts joinHandwriting) spends its time on dev
// pages, in Node. PP-OCR's lines are replayed from tune.ts's cache (run tune.ts first); each page is prepared as
// readDocument prepares it, then the pass is timed alone, stage by stage.
//   npx tsx scripts/handwriting/time-pass.ts -- [--pages 10] [--condition photo] [--repeat 3]
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { prepareImage } from "../../workers/grading/reading/images";
import { decodePgm } from "../../workers/grading/reading/ocr/cleanup";
import { groupRows } from "../../workers/grading/reading/ocr/rows";
import { classifierCost, readHandwriting, type GreyImage } from "../../workers/grading/reading/handwriting/reader";
import { printDarknessOf } from "../../workers/grading/reading/handwriting/darkness";
import { cropLog, joinHandwriting } from "../../workers/grading/reading/handwriting/words";
import type { ReadLine } from "../../workers/grading/reading/types";
import { loadSplit, type LabelledDigit } from "./mnist";
import { composePage, type PageCondition } from "./page";
import { ocrHash, TUNE_CACHE } from "./ocr-cache";

const { values: args } = parseArgs({
  options: {
    pages: { type: "string", default: "10" },
    condition: { type: "string", default: "photo" },
    repeat: { type: "string", default: "3" },
  },
});
const SEED = 1999_00; // tune.ts's dev pages
const condition = args.condition as PageCondition;

const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);

const pages: { grey: GreyImage; lines: ReadLine[] }[] = [];
for (let p = 0; p < Number(args.pages); p++) {
  const file = `${TUNE_CACHE}/ocr-${ocrHash}-${condition}-${SEED + p}.json`;
  if (!existsSync(file)) throw new Error(`no PP-OCR cache ${file}: run tune.ts first`);
  const { bytes } = await composePage(SEED + p, pool, condition);
  const prepared = await prepareImage(bytes, condition === "clean" ? "png" : "jpeg");
  pages.push({ grey: decodePgm(prepared.bytes), lines: JSON.parse(readFileSync(file, "utf8")) as ReadLine[] });
}

const crops: GreyImage[] = [];
let texts: string[] = [];
const runs: number[] = [];
for (let r = 0; r < Number(args.repeat); r++) {
  const seen: string[] = [];
  cropLog.record = (crop, a) => {
    if (r === 0) crops.push(crop);
    seen.push(a.readings.map((x) => `${x.text}:${x.share.toFixed(4)}`).join(" "));
  };
  const started = performance.now();
  for (const { grey, lines } of pages) joinHandwriting(grey, groupRows(lines), printDarknessOf(grey, lines));
  runs.push((performance.now() - started) / pages.length);
  texts = seen;
}
cropLog.record = undefined;
// Stage by stage over the crops the pass read (the last run: warm).
const before = { ...classifierCost };
const started = performance.now();
for (const crop of crops) readHandwriting(crop, { count: 8, raw: true });
const reading = performance.now() - started;
const pieces = classifierCost.glyphs - before.glyphs;
const forwards = classifierCost.forwards - before.forwards;
console.log(`${condition}: ${pages.length} pages, ${crops.length} crops (${(crops.length / pages.length).toFixed(1)} a page)`);
console.log(`joinHandwriting ms/page per run: ${runs.map((t) => t.toFixed(0)).join(", ")}`);
console.log(
  `readHandwriting alone: ${(reading / pages.length).toFixed(0)} ms/page, ${(reading / crops.length).toFixed(1)} ms/crop; ` +
    `${pieces} pieces (${(pieces / crops.length).toFixed(1)} a crop), ${forwards} model passes; ` +
    `classifier ${(classifierCost.ms - before.ms).toFixed(0)} ms (${((100 * (classifierCost.ms - before.ms)) / reading).toFixed(0)}%)`,
);
console.log(`readings digest ${createHash("sha256").update(texts.join("\n")).digest("hex").slice(0, 12)}`);
