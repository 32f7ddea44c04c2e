// npm run bench:engines — figures for the reading engines on the generated corpus: OCR character error rate and
// seconds a page per image quality, feedback speed. Grading accuracy is NOT measured here: the corpus is what the
// unit tests assert on. It is measured on held-out worksheets by `npm run eval:grading` (docs/decisions/0009).
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import {
  characterErrorRate,
  IMAGE_QUALITIES,
  renderSidewaysJpegWithExif,
  renderWorksheetImage,
  worksheetDocx,
  worksheetPdfScanned,
  worksheetPdfWithText,
  worksheetText,
  WORKSHEETS,
  type Worksheet,
} from "../../tools/worksheets/worksheets";
import {
  getOcrEngine,
  gradeSubmission,
  parseAnswerKey,
  readDocument,
  streamFeedback,
  type DocumentReading,
} from "../../workers/grading/engines";

const require = createRequire(import.meta.url);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

interface Row {
  source: string;
  cer: number[];
  seconds: number[];
  confidence: number[];
}

const rows = new Map<string, Row>();
function row(source: string): Row {
  if (!rows.has(source)) rows.set(source, { source, cer: [], seconds: [], confidence: [] });
  return rows.get(source)!;
}

function score(source: string, ws: Worksheet, reading: DocumentReading, seconds: number, ocr: boolean) {
  const r = row(source);
  if (ocr) r.cer.push(characterErrorRate(worksheetText(ws), reading.text));
  r.seconds.push(seconds / Math.max(1, reading.pages.length));
  r.confidence.push(reading.confidence);
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await fn();
  return [value, (performance.now() - t) / 1000];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

console.log("Gradewell engines benchmark (Node %s, %s)", process.versions.node, new Date().toISOString());
const [, startup] = await timed(() => getOcrEngine());
console.log(`OCR engine start (compile wasm, gunzip + load model): ${startup.toFixed(2)} s\n`);

for (const ws of WORKSHEETS) {
  for (const quality of IMAGE_QUALITIES) {
    const image = await renderWorksheetImage(ws.lines, quality);
    const [reading, s] = await timed(() => readDocument(image));
    score(`photo: ${quality}`, ws, reading, s, true);
  }
  const sideways = await renderSidewaysJpegWithExif(ws.lines);
  const [r1, s1] = await timed(() => readDocument(sideways));
  score("photo: sideways (EXIF 6)", ws, r1, s1, true);
  const scanned = await worksheetPdfScanned([ws.lines], "photo");
  const [r2, s2] = await timed(() => readDocument(scanned));
  score("PDF: scanned (photo)", ws, r2, s2, true);
  const pdf = await worksheetPdfWithText([ws.lines]);
  const [r3, s3] = await timed(() => readDocument(pdf));
  score("PDF: text layer", ws, r3, s3, false);
  const docx = await worksheetDocx(ws.lines);
  const [r4, s4] = await timed(() => readDocument(docx));
  score("DOCX", ws, r4, s4, false);
}

const table = [...rows.values()].map((r) => ({
  source: r.source,
  "char error rate": r.cer.length ? pct(mean(r.cer)) : "n/a (text)",
  "s / page": mean(r.seconds).toFixed(2),
  "read conf": mean(r.confidence).toFixed(2),
}));
console.table(table);
console.log("Grading accuracy and review-flag recall/precision: npm run eval:grading (held-out worksheets, inside workerd).");

// Feedback: time to first token and tokens a second from the local model, through streamText.
const ws = WORKSHEETS[0];
const result = gradeSubmission({
  text: worksheetText(ws),
  key: parseAnswerKey(ws.key, { totalPoints: ws.points }),
  assignment: { points: ws.points, gradeLevel: ws.gradeLevel },
});
const firsts: number[] = [];
const rates: number[] = [];
let tokens = 0;
for (let run = 0; run < 20; run++) {
  const t0 = performance.now();
  const stream = streamFeedback({ result, studentText: worksheetText(ws), assignment: { points: ws.points, gradeLevel: ws.gradeLevel } });
  let first = 0;
  tokens = 0;
  for await (const delta of stream.textStream) {
    if (!delta) continue;
    if (!tokens) first = performance.now() - t0;
    tokens++;
  }
  const seconds = (performance.now() - t0) / 1000;
  firsts.push(first);
  rates.push(tokens / seconds);
}
firsts.sort((a, b) => a - b);
console.log(
  `Local feedback: time to first token median ${firsts[10].toFixed(2)} ms (max ${firsts.at(-1)!.toFixed(2)} ms); ${Math.round(mean(rates))} tokens/s; ${tokens} tokens a feedback.`,
);

const engine = await getOcrEngine();
console.log(`\nOCR wasm heap after the corpus: ${mb(engine.memoryBytes())}; process RSS ${mb(process.memoryUsage().rss)}.`);
const sizes = {
  "onnxruntime ort.wasm": statSync("workers/grading/reading/ocr/models/ort.wasm").size,
  "PP-OCRv4 det.onnx (int8-stored)": statSync("workers/grading/reading/ocr/models/det.onnx").size,
  "PP-OCRv4 rec.onnx (Latin, int8-stored)": statSync("workers/grading/reading/ocr/models/rec.onnx").size,
  "libheif.wasm": statSync(require.resolve("libheif-js/libheif-wasm/libheif.wasm")).size,
  "photon_rs_bg.wasm": statSync(require.resolve("@cf-wasm/photon/photon.wasm")).size,
};
console.log(
  "Engine files:",
  Object.entries(sizes)
    .map(([k, v]) => `${k} ${mb(v)}`)
    .join("; "),
);
