// Development only: the crops the handwriting reader read on one dev page, as PNGs with their readings.
//   npx tsx scripts/handwriting/debug-crops.ts -- --seed 199900 --condition clean --out /tmp/crops
import { createCanvas } from "@napi-rs/canvas";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { getOcrEngine, readDocument } from "../../workers/grading/engines";
import { cropLog } from "../../workers/grading/reading/handwriting/words";
import { loadSplit, type LabelledDigit } from "./mnist";
import { composePage, type PageCondition } from "./page";

const { values: args } = parseArgs({
  options: { seed: { type: "string" }, condition: { type: "string", default: "clean" }, out: { type: "string", default: "/tmp/crops" } },
});
const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
mkdirSync(args.out!, { recursive: true });
await getOcrEngine();
const seed = Number(args.seed);
const page = await composePage(seed, pool, args.condition as PageCondition);
console.log(page.questions.map((q) => `${q.number}. wrote ${q.wrote} key ${q.right}`).join("\n"));
let n = 0;
cropLog.record = (crop, a) => {
  const c = createCanvas(crop.width, crop.height);
  const ctx = c.getContext("2d");
  const img = ctx.createImageData(crop.width, crop.height);
  for (let i = 0; i < crop.data.length; i++) img.data.set([crop.data[i], crop.data[i], crop.data[i], 255], 4 * i);
  ctx.putImageData(img, 0, 0);
  const file = `${args.out}/${args.condition}-${seed}-${n++}.png`;
  writeFileSync(file, c.toBuffer("image/png"));
  console.log(
    file,
    `ocr ${a.ocr.text}@${a.ocr.confidence.toFixed(2)}`,
    a.readings
      .slice(0, 4)
      .map((r) => `${r.text}:${r.share.toFixed(3)}`)
      .join(" "),
  );
};
const read = await readDocument(page.bytes);
for (const l of read.pages[0].lines) console.log(l.text);
