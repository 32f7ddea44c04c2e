// Tesseract's Emscripten core, instantiated by hand: no worker threads (workerd has none) and the
// wasm arrives as an already compiled module (workerd forbids compiling wasm from bytes at run time).
import createTesseractCore from "tesseract.js-core/tesseract-core-simd-lstm.js";
import type { ReadLine, ReadWord } from "../types";

export interface OcrAssets {
  /** tesseract-core-simd-lstm.wasm, compiled. */
  coreWasm: WebAssembly.Module;
  /** eng.traineddata, gzipped or raw. */
  model: Uint8Array;
}

export interface OcrPage {
  text: string;
  lines: ReadLine[];
  /** 0..1 */
  confidence: number;
  width: number;
  height: number;
}

export interface OcrEngine {
  /** Reads one encoded page image (PNG or JPEG bytes; leptonica decodes them). */
  recognize(image: Uint8Array): OcrPage;
  /** Bytes of wasm memory in use, to watch the isolate's budget. */
  memoryBytes(): number;
}

const GZIP_MAGIC = [0x1f, 0x8b];

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function prepareGlobalsForEmscripten() {
  // Under nodejs_compat the Emscripten glue believes it runs in Node and reads these.
  const g = globalThis as Record<string, unknown>;
  if (typeof g.__dirname === "undefined") g.__dirname = "/";
  if (typeof g.location === "undefined") g.location = { href: "file:///" };
}

export async function createTesseractEngine(assets: OcrAssets): Promise<OcrEngine> {
  prepareGlobalsForEmscripten();
  const model = assets.model[0] === GZIP_MAGIC[0] && assets.model[1] === GZIP_MAGIC[1] ? await gunzip(assets.model) : assets.model;

  let memory: WebAssembly.Memory | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const core: any = await (createTesseractCore as unknown as (opts: object) => Promise<unknown>)({
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      const instance = new WebAssembly.Instance(assets.coreWasm, imports);
      memory = Object.values(instance.exports).find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
      done(instance, assets.coreWasm);
      return instance.exports;
    },
    print() {},
    printErr() {},
  });
  core.FS.mkdir("/tessdata");
  core.FS.writeFile("/tessdata/eng.traineddata", model);
  const api = new core.TessBaseAPI();
  // 1 = OEM_LSTM_ONLY
  if (api.Init("/tessdata", "eng", 1) !== 0) throw new Error("The text recognition model could not be loaded.");
  core.FS.unlink("/tessdata/eng.traineddata");
  // PSM 4, one column of lines of varying sizes: a worksheet's shape. Auto segmentation (3) split
  // photographed "Q3: 7 + 6 = 13" lines into two columns (corpus, photo quality: 14/18 graded
  // exactly with 3, 17/18 with 4); single block (6) fell apart on tilted photos.
  api.SetPageSegMode(4);
  api.SetVariable("user_defined_dpi", "300");

  return {
    recognize(image) {
      core.FS.writeFile("/input", image);
      try {
        // (exif orientation 1 = upright, angle 0): the caller has already turned the image.
        api.SetImageFile(1, 0);
        const text: string = api.GetUTF8Text() ?? "";
        const tsv: string = api.GetTSVText(0) ?? "";
        const confidence = Math.max(0, api.MeanTextConf()) / 100;
        const { lines, width, height } = parseTsv(tsv);
        return { text: tidyText(text), lines, confidence: text.trim() ? confidence : 0, width, height };
      } finally {
        api.Clear();
        core.FS.unlink("/input");
      }
    },
    memoryBytes() {
      return memory?.buffer.byteLength ?? 0;
    },
  };
}

function tidyText(text: string): string {
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Tesseract's TSV: level page block par line word left top width height conf text. */
export function parseTsv(tsv: string): { lines: ReadLine[]; width: number; height: number } {
  const lines: ReadLine[] = [];
  let width = 0;
  let height = 0;
  let current: ReadLine | undefined;
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    if (cols.length < 11) continue;
    const level = Number(cols[0]);
    const bbox = { x: Number(cols[6]), y: Number(cols[7]), width: Number(cols[8]), height: Number(cols[9]) };
    if (level === 1) {
      width = bbox.width;
      height = bbox.height;
    } else if (level === 4) {
      current = { text: "", confidence: 0, bbox, words: [] };
      lines.push(current);
    } else if (level === 5 && current) {
      const text = cols.slice(11).join("\t").trim();
      if (!text) continue;
      const word: ReadWord = { text, confidence: Math.max(0, Number(cols[10])) / 100, bbox };
      current.words.push(word);
    }
  }
  const filled = lines.filter((l) => l.words.length > 0);
  for (const line of filled) {
    line.text = line.words.map((w) => w.text).join(" ");
    line.confidence = line.words.reduce((s, w) => s + w.confidence, 0) / line.words.length;
  }
  return { lines: filled, width, height };
}
