// PP-OCRv4 (PaddleOCR's text detector and recogniser) through onnxruntime-web's single-threaded wasm, in workerd
// and in Node alike. paddleocr's DetectionService finds the text boxes; recognition is ours: one crop at a time
// at its own width (the library pads every crop to the widest line's width), and a CTC decode that keeps each
// character's position, so words get boxes and a space the model half-saw between two characters is kept.
// See docs/decisions/0018-pp-ocr-engine.md.
import { DetectionService, Image } from "paddleocr";
import type { OcrEngine, OcrPage } from "./engine";
import type { ReadLine, ReadWord } from "../types";
import { decodePgm } from "./cleanup";
import { groupRows } from "./rows";

export interface PaddleAssets {
  /** onnxruntime-web's ort-wasm-simd-threaded.wasm, compiled. */
  ortWasm: WebAssembly.Module;
  detModel: Uint8Array;
  recModel: Uint8Array;
  /** The recogniser's classes after the CTC blank, one a line (a space included). */
  characters: string[];
}

/** The detector's input: the page's long side is brought to this (bounds the wasm heap; see the decision). */
export const DETECTION_SIDE = 640;
const REC_HEIGHT = 48;
/** A space between two characters when the model gave it at least this probability in the frames between them. */
const SOFT_SPACE = 0.08;
/** A doubled character's halves: the blank rose to this between them, and fell below STRONG_RUN on each side. */
const SOFT_BLANK = 0.2;
const STRONG_RUN = 0.05;

type Ort = typeof import("onnxruntime-web/wasm");
type Session = Awaited<ReturnType<Ort["InferenceSession"]["create"]>>;

function greyToRgb(grey: Uint8Array): Uint8Array {
  const rgb = new Uint8Array(grey.length * 3);
  for (let i = 0, j = 0; i < grey.length; i++, j += 3) rgb[j] = rgb[j + 1] = rgb[j + 2] = grey[i];
  return rgb;
}

/**
 * onnxruntime-web's Emscripten glue wants to fetch and compile its wasm; workerd forbids both. Give it a
 * dummy binary and hand back the compiled module while the first session starts the runtime.
 */
async function withCompiledOrt<T>(
  ort: Ort,
  compiled: WebAssembly.Module,
  start: () => Promise<T>,
): Promise<{ value: T; memory: () => number }> {
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  ort.env.wasm.wasmBinary = new Uint8Array([0, 0x61, 0x73, 0x6d]);
  let memory: WebAssembly.Memory | undefined;
  const wasm = WebAssembly as unknown as { instantiate: (bytes: unknown, imports: WebAssembly.Imports) => Promise<unknown> };
  const original = wasm.instantiate;
  wasm.instantiate = async (_bytes: unknown, imports: WebAssembly.Imports) => {
    const instance = new WebAssembly.Instance(compiled, imports);
    // The threaded build imports its memory; others export it.
    const candidates = [...Object.values(instance.exports), ...Object.values(imports).flatMap((m) => Object.values(m))];
    memory ??= candidates.find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
    return { instance, module: compiled };
  };
  try {
    const value = await start();
    return { value, memory: () => memory?.buffer.byteLength ?? 0 };
  } finally {
    wasm.instantiate = original;
  }
}

interface Decoded {
  text: string;
  chars: { char: string; frame: number; score: number }[];
}

/**
 * Greedy CTC decode over softmax outputs [frames × classes], class 0 = blank. A doubled character ("55", "ll")
 * needs a blank frame between its two halves; where the blank only rose (a soft blank, SOFT_BLANK) between two
 * strong runs of the same character, the character is kept twice.
 */
export function ctcDecode(probs: Float32Array, frames: number, classes: number, characters: string[]): Decoded {
  const space = characters.indexOf(" ") + 1;
  const chars: Decoded["chars"] = [];
  let last = 0;
  let spaceSince = 0;
  // Within a character's run: 0 = not yet strong, 1 = strong, 2 = the blank rose after it was strong.
  let run = 0;
  for (let t = 0; t < frames; t++) {
    const row = t * classes;
    let best = 0;
    for (let c = 1; c < classes; c++) if (probs[row + c] > probs[row + best]) best = c;
    if (space > 0) spaceSince = Math.max(spaceSince, probs[row + space]);
    if (best === last) {
      if (best === 0 || best === space) continue;
      const blank = probs[row];
      if (run === 2 && blank < STRONG_RUN) {
        chars.push({ char: characters[best - 1] ?? "", frame: t, score: probs[row + best] });
        run = 1;
      } else if (run === 1 && blank >= SOFT_BLANK) run = 2;
      else if (run === 0 && blank < STRONG_RUN) run = 1;
      continue;
    }
    run = probs[row] < STRONG_RUN ? 1 : 0;
    last = best;
    if (best === 0 || best === space) continue;
    if (chars.length && spaceSince >= SOFT_SPACE && chars.at(-1)!.char !== " ") {
      chars.push({ char: " ", frame: t, score: spaceSince });
    }
    chars.push({ char: characters[best - 1] ?? "", frame: t, score: probs[row + best] });
    spaceSince = 0;
  }
  return { text: chars.map((c) => c.char).join(""), chars };
}

function wordsOf(decoded: Decoded, left: number, top: number, height: number, pxPerFrame: number): ReadWord[] {
  const words: ReadWord[] = [];
  let current: Decoded["chars"] = [];
  const flush = () => {
    if (!current.length) return;
    const x0 = left + Math.max(0, current[0].frame - 1) * pxPerFrame;
    const x1 = left + (current.at(-1)!.frame + 1.5) * pxPerFrame;
    words.push({
      text: current.map((c) => c.char).join(""),
      confidence: Math.min(...current.map((c) => c.score)),
      bbox: { x: Math.round(x0), y: Math.round(top), width: Math.max(1, Math.round(x1 - x0)), height: Math.round(height) },
    });
    current = [];
  };
  for (const c of decoded.chars) {
    if (c.char === " ") flush();
    else current.push(c);
  }
  flush();
  return words;
}

export async function createPaddleEngine(ort: Ort, assets: PaddleAssets): Promise<OcrEngine> {
  const options = { executionProviders: ["wasm"], graphOptimizationLevel: "all" } as const;
  const { value: detSession, memory: memoryBytes } = await withCompiledOrt(ort, assets.ortWasm, () =>
    ort.InferenceSession.create(assets.detModel, options),
  );
  const recSession: Session = await ort.InferenceSession.create(assets.recModel, options);
  const detector = new DetectionService(ort as never, detSession as never, {
    maxSideLength: DETECTION_SIDE,
    limitType: "max",
    textPixelThreshold: 0.3,
    boxScoreThreshold: 0.5,
    unclipRatio: 1.6,
  });
  const recInput = recSession.inputNames[0];

  async function recogniseCrop(crop: Image): Promise<Decoded & { width: number }> {
    const width = Math.max(REC_HEIGHT, Math.min(4000, Math.ceil((REC_HEIGHT * crop.width) / crop.height)));
    const resized = crop.resize({ width, height: REC_HEIGHT });
    const tensor = resized.tensor({
      mean_values: [127.5, 127.5, 127.5],
      norm_values: [1 / 127.5, 1 / 127.5, 1 / 127.5],
      channel_order: "bgr",
    });
    const input = new ort.Tensor("float32", tensor, [1, 3, REC_HEIGHT, width]);
    const outputs = await recSession.run({ [recInput]: input });
    const out = outputs[recSession.outputNames[0]];
    input.dispose?.();
    const [, frames, classes] = out.dims as number[];
    const decoded = ctcDecode(out.data as Float32Array, frames, classes, assets.characters);
    out.dispose?.();
    return { ...decoded, width: frames };
  }

  async function recognize(bytes: Uint8Array): Promise<OcrPage> {
    const grey = decodePgm(bytes);
    const image = new Image(grey.width, grey.height, 3, greyToRgb(grey.data));
    const boxes = (await detector.run(image)).filter((b) => b.width >= 4 && b.height >= 4);
    const lines: ReadLine[] = [];
    for (const box of boxes) {
      const crop = box.points ? image.cropRotated(box.points) : image.crop(box);
      if (crop.width < 2 || crop.height < 2) continue;
      const decoded = await recogniseCrop(crop);
      const words = wordsOf(decoded, box.x, box.y, box.height, crop.width / decoded.width);
      if (!words.length) continue;
      lines.push({
        text: words.map((w) => w.text).join(" "),
        confidence: decoded.chars.reduce((s, c) => s + c.score, 0) / decoded.chars.length,
        bbox: { x: box.x, y: box.y, width: box.width, height: box.height },
        words,
      });
    }
    const rows = groupRows(lines);
    const text = rows.map((r) => r.text).join("\n");
    const chars = rows.reduce((n, r) => n + r.text.length, 0);
    const confidence = chars ? rows.reduce((s, r) => s + r.confidence * r.text.length, 0) / chars : 0;
    return { text, lines: rows, confidence, width: grey.width, height: grey.height };
  }

  return { name: "pp-ocrv4", recognize, memoryBytes };
}
