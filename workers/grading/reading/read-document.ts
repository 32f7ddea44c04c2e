// readDocument: any accepted upload → pages of text with positions and confidences.
import { detectFileType, UnsupportedFileError, type FileKind } from "../../../core/files/file-type";
import { checkDecodeBudget, DECODE_BUDGET } from "./budget";
import { pgmToJpeg, prepareImage, type PreparedImage } from "./images";
import { VISION_BELOW_CONFIDENCE, VISION_CONFIDENCE } from "./ocr/vision";
import * as ort from "onnxruntime-web/wasm";
import { loadOcrAssets } from "./ocr/assets";
import { decodePgm } from "./ocr/cleanup";
import { lineStrips } from "./crops";
import type { OcrEngine } from "./ocr/engine";
import { createPaddleEngine } from "./ocr/paddle";
import { hasUsableTextLayer, openPdf, pdfPageImage, readPdfPageText } from "./pdf";
import type { DocumentReading, PageReading, ReadLine, ReadOptions, ReadingMethod } from "./types";
import { readDocText, readDocxText } from "./word";

/** Uploads above this are refused before any work (the web worker should refuse them first). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
/** More pages than this are not read: a worksheet is a few pages, not a book. */
export const MAX_PAGES = DECODE_BUDGET.maxPages;

// One OCR engine per isolate: the models take a moment to load and the wasm heap never shrinks.
let enginePromise: Promise<OcrEngine> | undefined;
export function getOcrEngine(): Promise<OcrEngine> {
  enginePromise ??= loadOcrAssets()
    .then((assets) => createPaddleEngine(ort, assets))
    .catch((error) => {
      enginePromise = undefined;
      throw error;
    });
  return enginePromise;
}

function checkAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw signal.reason ?? new Error("Reading was cancelled.");
}

function textPage(number: number, text: string, method: ReadingMethod, started: number): PageReading {
  const lines: ReadLine[] = text
    .split("\n")
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t, i) => ({
      text: t,
      confidence: 1,
      bbox: { x: 0, y: i, width: t.length, height: 1 },
      words: t.split(/\s+/).map((w) => ({ text: w, confidence: 1, bbox: { x: 0, y: i, width: w.length, height: 1 } })),
    }));
  return { number, text, lines, width: 0, height: 0, confidence: 1, method, durationMs: performance.now() - started };
}

/** Lines of a transcript (a hosted model's, a Word file's) with one confidence and line-number boxes. */
function transcriptLines(text: string, confidence: number): ReadLine[] {
  return text
    .split("\n")
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t, i) => ({
      text: t,
      confidence,
      bbox: { x: 0, y: i, width: t.length, height: 1 },
      words: t.split(/\s+/).map((w) => ({ text: w, confidence, bbox: { x: 0, y: i, width: w.length, height: 1 } })),
    }));
}

/** The hosted vision model's reading of a page, when configured and the page needs it; the local one otherwise. */
async function withVision(page: PageReading, prepared: PreparedImage, opts: ReadOptions): Promise<PageReading> {
  const vision = opts.vision;
  if (!vision || vision.mode === "answers") return page; // only answers' crops leave (grading/answer-reader-step.ts)
  if (vision.mode === "low-confidence" && page.confidence >= VISION_BELOW_CONFIDENCE && page.text.trim()) return page;
  try {
    const text = await vision.read(pgmToJpeg(prepared.bytes), "image/jpeg", opts.signal);
    if (!text.trim()) return { ...page, visionError: "The vision model returned no text." };
    return {
      ...page,
      text,
      lines: transcriptLines(text, VISION_CONFIDENCE),
      confidence: VISION_CONFIDENCE,
      reader: `${vision.provider}:${vision.modelId}`,
    };
  } catch (error) {
    checkAborted(opts.signal);
    return { ...page, visionError: error instanceof Error ? error.message : String(error) };
  }
}

/** The cleaned page's strips kept for answer crops: grey ink on white stays legible at this quality, at a third of 85's size. */
const PAGE_IMAGE_QUALITY = 70;

async function ocrImage(
  number: number,
  source: Uint8Array | PreparedImage,
  kind: "png" | "jpeg" | "heic",
  opts: ReadOptions = {},
): Promise<PageReading> {
  const started = performance.now();
  const prepared = source instanceof Uint8Array ? await prepareImage(source, kind) : source;
  const engine = await getOcrEngine();
  const page = await engine.recognize(prepared.bytes, opts.printed, opts.keyNumbers);
  const local: PageReading = {
    number,
    text: page.text,
    lines: page.lines,
    width: page.width || prepared.width,
    height: page.height || prepared.height,
    confidence: page.confidence,
    method: "ocr",
    rotation: prepared.rotation,
    scaledFrom: prepared.scaledFrom,
    reader: engine.name,
    durationMs: 0,
  };
  const read = await withVision(local, prepared, opts);
  // Only the strips around the lines of text are kept (crops.ts): an answer's crop lies inside its line's.
  const strips = read === local ? lineStrips(decodePgm(prepared.bytes), local.lines, PAGE_IMAGE_QUALITY) : undefined;
  return { ...read, strips, durationMs: performance.now() - started };
}

export async function readDocument(bytes: Uint8Array, opts: ReadOptions = {}): Promise<DocumentReading> {
  const started = performance.now();
  const kind: FileKind = detectFileType(bytes);
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new UnsupportedFileError(
      `This file is too large to read (${(bytes.byteLength / 1024 / 1024).toFixed(0)} MB). Please upload files of at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`,
      "too-large",
    );
  }
  await checkDecodeBudget(bytes, kind);
  const pages: PageReading[] = [];
  const emit = (page: PageReading) => {
    pages.push(page);
    opts.onPage?.(page);
  };

  if (kind === "png" || kind === "jpeg" || kind === "heic") {
    checkAborted(opts.signal);
    emit(await ocrImage(1, bytes, kind, opts));
  } else if (kind === "docx" || kind === "doc") {
    const t0 = performance.now();
    const text = kind === "docx" ? await readDocxText(bytes) : await readDocText(bytes);
    emit(textPage(1, text, kind, t0));
  } else {
    const pdf = await openPdf(bytes);
    try {
      const count = Math.min(pdf.numPages as number, MAX_PAGES);
      for (let n = 1; n <= count; n++) {
        checkAborted(opts.signal);
        const t0 = performance.now();
        const layer = await readPdfPageText(pdf, n);
        if (hasUsableTextLayer(layer)) {
          emit({ ...layer, confidence: 1, method: "text-layer", durationMs: performance.now() - t0 });
          continue;
        }
        const image = await pdfPageImage(pdf, n);
        if (image) {
          const page = await ocrImage(n, image, "png", opts);
          emit({ ...page, durationMs: performance.now() - t0 });
        } else {
          // An empty page (or one with too little text to matter): keep what little there is.
          emit({ ...layer, confidence: layer.text.trim() ? 1 : 0, method: "text-layer", durationMs: performance.now() - t0 });
        }
      }
    } finally {
      await pdf.destroy?.();
    }
  }

  const methods = new Set(pages.map((p) => p.method));
  const method: ReadingMethod = methods.has("ocr") ? "ocr" : (pages[0]?.method ?? "text-layer");
  const weighted = pages.reduce(
    (acc, p) => {
      const w = p.text.trim().length;
      return { sum: acc.sum + p.confidence * w, weight: acc.weight + w };
    },
    { sum: 0, weight: 0 },
  );
  return {
    kind,
    method,
    pages,
    text: pages
      .map((p) => p.text)
      .join("\n\n")
      .trim(),
    confidence: weighted.weight ? weighted.sum / weighted.weight : 0,
    durationMs: performance.now() - started,
  };
}
