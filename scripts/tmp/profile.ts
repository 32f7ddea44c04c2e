import { generatePage, pageSpecs } from "../../tests/fixtures/reading/pages";
import { prepareImage } from "../../workers/grading/engines/images";
import { getOcrEngine } from "../../workers/grading/engines/index";
const engine = await getOcrEngine();
console.log("heap after start", (engine.memoryBytes() / 2 ** 20).toFixed(0));
for (const spec of pageSpecs("dev", { font: "sans", layout: "answer-lines" }).filter((_, i) => i % 3 === 0).slice(0, 5)) {
  const page = await generatePage(spec);
  let t = performance.now();
  const prep = await prepareImage(page.bytes, page.bytes[0] === 0x89 ? "png" : "jpeg");
  const tPrep = performance.now() - t;
  t = performance.now();
  const r = await engine.recognize(prep.bytes);
  console.log(spec.condition, prep.width, prep.height, "prep", tPrep.toFixed(0), "ocr", (performance.now() - t).toFixed(0), "lines", r.lines.length, "heap MB", (engine.memoryBytes() / 2 ** 20).toFixed(0));
}
