// The same composed answer lines read by the page reader (PP-OCRv4, as
// eval:reading runs it) and by the handwriting reader: the figure decision 0035 rests on. Dev split only
// (this compares readers; it tunes nothing). Each line goes to PP-OCR as its own PNG/JPEG region.
//   npx tsx scripts/handwriting/compare-ppocr.ts [--lines 60] [--condition phone]
import { createCanvas } from "@napi-rs/canvas";
import { parseArgs } from "node:util";
import { getOcrEngine, readDocument } from "../../workers/grading/engines";
import { readHandwriting } from "../../workers/grading/reading/handwriting/reader";
import { seeded } from "./augment";
import { CONDITIONS, capture, composeLine, type Condition } from "./compose";
import { loadSplit, type LabelledDigit } from "./mnist";

const { values: args } = parseArgs({ options: { lines: { type: "string", default: "60" }, condition: { type: "string" } } });
const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
const compose = seeded(4242);
const lines = Array.from({ length: Number(args.lines) }, () => composeLine(compose, pool));
await getOcrEngine();
console.log("condition      lines  PP-OCR exact  handwriting exact  either right, reader chosen by confidence");
for (const condition of args.condition ? [args.condition as Condition] : CONDITIONS) {
  const photo = seeded(4242 + CONDITIONS.indexOf(condition));
  let ocr = 0;
  let hand = 0;
  let chosen = 0;
  for (const line of lines) {
    const crop = await capture(line, condition, photo);
    // The region as an image file, the way the page reader takes it.
    const canvas = createCanvas(crop.width, crop.height);
    const ctx = canvas.getContext("2d");
    const img = ctx.createImageData(crop.width, crop.height);
    for (let i = 0; i < crop.data.length; i++) {
      img.data[i * 4] = img.data[i * 4 + 1] = img.data[i * 4 + 2] = crop.data[i];
      img.data[i * 4 + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    const reading = await readDocument(new Uint8Array(await canvas.encode("png")));
    const ocrText = reading.text.replace(/\s+/g, "");
    const best = readHandwriting(crop).readings[0];
    if (ocrText === line.truth) ocr++;
    if (best.text === line.truth) hand++;
    // Choosing per region: the handwriting reader unless it is unsure and PP-OCR read digits only.
    const pick = best.probability < 0.5 && /^\d+$/.test(ocrText) ? ocrText : best.text;
    if (pick === line.truth) chosen++;
  }
  const pct = (n: number) => `${((100 * n) / lines.length).toFixed(1)}%`;
  console.log(
    `${condition.padEnd(13)} ${String(lines.length).padStart(6)}  ${pct(ocr).padStart(12)}  ${pct(hand).padStart(17)}  ${pct(chosen).padStart(10)}`,
  );
}
