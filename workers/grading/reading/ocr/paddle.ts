// PP-OCRv4 (PaddleOCR's text detector and recogniser) through onnxruntime-web's single-threaded wasm, in workerd
// and in Node alike. paddleocr's DetectionService finds the text boxes; recognition is ours: one crop at a time
// at its own width (the library pads every crop to the widest line's width), and a CTC decode that keeps each
// character's position, so words get boxes and a space the model half-saw between two characters is kept.
// See docs/decisions/0018-pp-ocr-engine.md.
import { DetectionService, Image } from "paddleocr";
import type { OcrEngine, OcrPage } from "./engine";
import type { BoundingBox, PrintedLayout, ReadLine, ReadWord } from "../types";
import { decodePgm, type GreyImage } from "./cleanup";
import { lineTensor } from "./line-tensor";
import { mapFromAnchors, printedBoxesAt, printedPartsAt, type Affine, type PrintedPart } from "../registration";
import { confirmsLayout, fitBoxesToLayout, glimpsePlan } from "../box-registration";
import { groupRows } from "./rows";
import { addInkSpaces } from "./spaces";
import { settleDivision } from "./operators";
import { palestColumn } from "./ink-gaps";
import { splitTallBox, typicalHeight } from "./tall-boxes";
import { doubtfulWords, settleDoubtful, unreadInk } from "./unread-ink";
import { markLostPoints } from "./lost-points";
import { ctcDecode, wordsOf, type Decoded } from "./ctc";
import { joinHandwriting, printDarknessOf } from "../handwriting/words";

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
/**
 * Development only (scripts/handwriting/tune.ts): what PP-OCR read on a page before the handwriting pass, kept and
 * given back, so that a retrained handwriting classifier is measured on the same pages without reading them again.
 */
export const printedPass: { replay?: ReadLine[]; record?: (lines: ReadLine[]) => void } = {};
const REC_HEIGHT = 48;
/**
 * Boxes read first on a class set's page to register it onto the printed layout: the widest, printed lines mostly.
 * MIN_ANCHORS of them, far apart on the page, are read first; more (widest first, up to ANCHOR_BOXES) only while
 * the page does not register: every printed line read as an anchor is a line the layout would have given free.
 */
const ANCHOR_BOXES = 8;
const MIN_ANCHORS = 3;
/** The widest boxes the first anchors are chosen among. */
const ANCHOR_CHOICE = 6;
/**
 * The first anchors are glimpsed: only their start, this many of the detected box's heights wide (a box is about
 * twice its text's height), is recognised: its words register the page as well as the whole line's, and the line
 * itself is then taken from the layout like any printed line.
 */
const GLIMPSE_BOX_HEIGHTS = 7;
/**
 * A registration found from the boxes' geometry is confirmed by glimpses of two printed lines far apart (a map
 * right at one line may be off at the other end of a photographed page); at most this many are glimpsed.
 */
const CONFIRMATIONS = 2;
const CONFIRM_TRIES = 3;

/** A mark of ink no word covered (unread-ink.ts) is a line when recognised with at least this confidence. */
const UNREAD_SURE = 0.8;

type Ort = typeof import("onnxruntime-web/wasm");
type Session = Awaited<ReturnType<Ort["InferenceSession"]["create"]>>;
type DetectedBox = Awaited<ReturnType<DetectionService["run"]>>[number];
type KnownBox = NonNullable<ReturnType<typeof printedBoxesAt>>;
type PartsOf = NonNullable<ReturnType<typeof printedPartsAt>>;

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

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

/** A box of the page as the detector gives one, its corners included (read like any detected box). */
function detected({ x, y, width, height }: BoundingBox): DetectedBox {
  const points = [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ];
  return { x, y, width, height, points } as DetectedBox;
}

/**
 * The first anchors: the widest box, then among the next widest, each time the one farthest (up or down) from
 * those chosen, so that the registration is fitted over the page's height, not on neighbouring lines.
 */
function spreadAnchors(byWidth: DetectedBox[]): DetectedBox[] {
  const choice = byWidth.slice(0, ANCHOR_CHOICE);
  const chosen = choice.slice(0, 1);
  const middle = (b: DetectedBox) => b.y + b.height / 2;
  while (chosen.length < Math.min(MIN_ANCHORS, choice.length)) {
    const apart = (b: DetectedBox) => Math.min(...chosen.map((c) => Math.abs(middle(b) - middle(c))));
    const next = choice.filter((b) => !chosen.includes(b)).reduce((best, b) => (apart(b) > apart(best) ? b : best));
    chosen.push(next);
  }
  return chosen;
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

  const recWidth = (cropW: number, cropH: number) => Math.max(REC_HEIGHT, Math.min(4000, Math.ceil((REC_HEIGHT * cropW) / cropH)));

  async function recognise(tensor: Float32Array, width: number): Promise<Decoded & { width: number }> {
    const input = new ort.Tensor("float32", tensor, [1, 3, REC_HEIGHT, width]);
    const outputs = await recSession.run({ [recInput]: input });
    const out = outputs[recSession.outputNames[0]];
    input.dispose?.();
    const [, frames, classes] = out.dims as number[];
    const probs = out.data as Float32Array;
    const decoded = ctcDecode(probs, frames, classes, assets.characters);
    // A "÷" whose dots faded, read "+" (ocr/operators.ts).
    const signs = settleDivision(decoded.chars, probs, frames, classes, assets.characters, { tensor, width, height: REC_HEIGHT });
    out.dispose?.();
    // A space the model missed but the line's pixels show (ocr/spaces.ts).
    const chars = addInkSpaces(signs, tensor, width, REC_HEIGHT, width / frames);
    return { text: chars.map((c) => c.char).join(""), chars, width: frames };
  }

  /**
   * Recognises one detected text box as a line with word boxes; undefined when nothing is read in it. With `glimpse`,
   * only the start of a wide line is (that many box heights), and its last word, perhaps cut, is left out.
   */
  async function readBox(
    grey: GreyImage,
    image: Image,
    box: DetectedBox,
    glimpse = Infinity,
    part?: { from: number; to: number },
  ): Promise<ReadLine | undefined> {
    let p = box.points;
    // The crop's size as the library computes it; a box standing upright (turned text) keeps its path.
    let cropW = p ? Math.max(Math.floor(distance(p[0], p[1])), Math.floor(distance(p[2], p[3])), 1) : box.width;
    const cropH = p ? Math.max(Math.floor(distance(p[0], p[3])), Math.floor(distance(p[1], p[2])), 1) : box.height;
    if (cropW < 2 || cropH < 2) return undefined;
    let decoded: Decoded & { width: number };
    let span = cropW;
    let left = box.x;
    const cut = p && cropH / cropW < 1.5 && glimpse * cropH < cropW;
    const along = (a: { x: number; y: number }, b: { x: number; y: number }, f: number) => ({
      x: a.x + (b.x - a.x) * f,
      y: a.y + (b.y - a.y) * f,
    });
    if (p && cut) {
      const f = (glimpse * cropH) / cropW;
      p = [p[0], along(p[0], p[1], f), along(p[3], p[2], f), p[3]];
      span = cropW = Math.max(2, Math.floor(cropW * f));
    } else if (p && part) {
      // Only a span of the box (read little): its crop, and its words placed where the span lies in the box.
      const { from, to } = part;
      p = [along(p[0], p[1], from), along(p[0], p[1], to), along(p[3], p[2], to), along(p[3], p[2], from)];
      span = cropW = Math.max(2, Math.floor(cropW * (to - from)));
      left = box.x + from * box.width;
    }
    if (p && cropH / cropW < 1.5) {
      const width = recWidth(cropW, cropH);
      decoded = await recognise(lineTensor(grey, p, cropW, cropH, width, REC_HEIGHT), width);
    } else {
      const crop = p ? image.cropRotated(p) : image.crop(box);
      const width = recWidth(crop.width, crop.height);
      span = crop.width;
      const tensor = crop.resize({ width, height: REC_HEIGHT }).tensor({
        mean_values: [127.5, 127.5, 127.5],
        norm_values: [1 / 127.5, 1 / 127.5, 1 / 127.5],
        channel_order: "bgr",
      });
      decoded = await recognise(tensor, width);
    }
    const words = wordsOf(decoded, left, box.y, box.height, span / decoded.width);
    if (cut) words.pop();
    if (!words.length) return undefined;
    return {
      text: words.map((w) => w.text).join(" "),
      confidence: decoded.chars.reduce((s, c) => s + c.score, 0) / decoded.chars.length,
      bbox: { x: box.x, y: box.y, width: box.width, height: box.height },
      words,
    };
  }

  /**
   * A box that starts with print and holds more: its printed words from the layout, and only the spans between and
   * after them recognised; a recognised word lying on a printed one (a margin's stroke) is left out.
   */
  async function readPart(grey: GreyImage, image: Image, box: DetectedBox, part: PrintedPart): Promise<ReadLine> {
    const read: ReadLine[] = [];
    // Each span's ends moved to the palest ink column near them, within a text height (ink-gaps.ts).
    const h = box.height / 2;
    const at = (f: number) => box.x + f * box.width;
    // A span starts after a printed word: its gap is looked for mostly ahead; it ends before one: mostly behind.
    const cut = (f: number, ahead: number, behind: number) =>
      (palestColumn(grey, box, at(f), at(f) - behind * h, at(f) + ahead * h) - box.x) / box.width;
    for (const { from, to } of part.unread) {
      const span = { from: from > 0 ? cut(from, 1.2, 0.6) : 0, to: to < 1 ? cut(to, 0.6, 1.2) : 1 };
      const line = span.to - span.from > 0 ? await readBox(grey, image, box, Infinity, span) : undefined;
      if (line) read.push(line);
    }
    const onPrint = (w: ReadWord) => {
      const x = w.bbox.x + w.bbox.width / 2;
      return part.words.some((p) => x >= p.bbox.x && x <= p.bbox.x + p.bbox.width);
    };
    const words = [...part.words, ...read.flatMap((l) => l.words.filter((w) => !onPrint(w)))].sort((a, b) => a.bbox.x - b.bbox.x);
    const confidences = read.length ? read.map((l) => l.confidence) : part.words.map((w) => w.confidence);
    return { text: words.map((w) => w.text).join(" "), confidence: Math.min(...confidences), bbox: { ...box }, words };
  }

  /** A box recognised whole, or, when it is tall for its page and holds a wide gap, piece by piece (tall-boxes.ts). */
  async function readWhole(grey: GreyImage, image: Image, box: DetectedBox, typical: number): Promise<ReadLine | undefined> {
    const pieces = box.points ? splitTallBox(grey, box, typical) : undefined;
    if (!pieces) return readBox(grey, image, box);
    const read: ReadLine[] = [];
    for (const piece of pieces) {
      const line = await readBox(grey, image, detected(piece));
      if (line) read.push(line);
    }
    if (!read.length) return undefined;
    const chars = read.reduce((n, l) => n + l.text.length, 0);
    return {
      text: read.map((l) => l.text).join(" "),
      confidence: read.reduce((sum, l) => sum + l.confidence * l.text.length, 0) / chars,
      bbox: { x: box.x, y: box.y, width: box.width, height: box.height },
      words: read.flatMap((l) => l.words),
    };
  }

  /**
   * Every box's line: taken from the printed layout when `known` gives it, its unprinted spans alone recognised
   * when `parts` gives them, recognised whole otherwise.
   */
  async function readBoxes(
    grey: GreyImage,
    image: Image,
    boxes: DetectedBox[],
    known?: KnownBox,
    parts?: PartsOf,
    typical = typicalHeight(boxes),
  ): Promise<ReadLine[]> {
    const lines: ReadLine[] = [];
    for (const box of boxes) {
      const print = known?.(box);
      const part = box.points && !print ? parts?.(box) : undefined;
      const line = print ?? (part ? await readPart(grey, image, box, part) : await readWhole(grey, image, box, typical));
      if (line) lines.push(line);
    }
    return lines;
  }

  /**
   * A class set's page: the widest boxes are read first, to register the page onto the worksheet's printed layout;
   * the boxes that hold printed words only are then taken from it, not recognised again (0038). The anchors are
   * glimpsed first; when their starts do not register the page, they are read whole, then more of them.
   */
  async function readAgainstLayout(grey: GreyImage, image: Image, boxes: DetectedBox[], printed: PrintedLayout): Promise<ReadLine[]> {
    // Once registered: boxes of print only from the layout, the rest of a box after print read alone.
    const against = (map: Affine | undefined): [KnownBox?, PartsOf?] =>
      map ? [printedBoxesAt(map, printed), printedPartsAt(map, printed)] : [];
    // Registered from the boxes' geometry, confirmed by glimpses of two printed lines (box-registration.ts).
    const fit = fitBoxesToLayout(boxes, printed);
    let confirmations = 0;
    for (const { box, heights } of fit ? glimpsePlan(fit, printed).slice(0, CONFIRM_TRIES) : []) {
      const glimpse = await readBox(grey, image, box as DetectedBox, heights);
      const confirmed = glimpse && confirmsLayout(glimpse, fit!.map, printed);
      if (confirmed === false) break;
      if (confirmed && ++confirmations === CONFIRMATIONS) {
        const [known, parts] = against(fit!.map);
        if (known) return readBoxes(grey, image, boxes, known, parts);
      }
    }
    const byWidth = [...boxes].sort((a, b) => b.width - a.width);
    const anchors = spreadAnchors(byWidth);
    const glimpses: ReadLine[] = [];
    for (const box of anchors) {
      const line = await readBox(grey, image, box, GLIMPSE_BOX_HEIGHTS);
      if (line) glimpses.push(line);
    }
    // Else registered on the words read.
    const glimpsed = mapFromAnchors(glimpses, printed);
    if (glimpsed) return readBoxes(grey, image, boxes, ...against(glimpsed));
    // The anchors read whole, as any box: a tall one in pieces (the page's median box height says which is tall).
    const typical = typicalHeight(boxes);
    const lines: ReadLine[] = [];
    for (const box of anchors) {
      const line = await readWhole(grey, image, box, typical);
      if (line) lines.push(line);
    }
    let map = mapFromAnchors(lines, printed);
    for (const box of byWidth) {
      if (map || anchors.length >= ANCHOR_BOXES) break;
      if (anchors.includes(box)) continue;
      anchors.push(box);
      const line = await readWhole(grey, image, box, typical);
      if (line) lines.push(line);
      if (line) map = mapFromAnchors(lines, printed);
    }
    const rest = boxes.filter((b) => !anchors.includes(b));
    const [known, parts] = against(map);
    return [...lines, ...(await readBoxes(grey, image, rest, known, parts, typical))];
  }

  async function readLines(grey: GreyImage, printed?: PrintedLayout): Promise<ReadLine[]> {
    const image = new Image(grey.width, grey.height, 3, greyToRgb(grey.data));
    const boxes: DetectedBox[] = (await detector.run(image)).filter((b) => b.width >= 4 && b.height >= 4);
    const lines = printed ? await readAgainstLayout(grey, image, boxes, printed) : await readBoxes(grey, image, boxes);
    // Ink no word read covers (a short answer the detector missed, writing in a box taken for print): read alone.
    // Kept only when read surely: on a handwritten page the marks are mostly a number's digits beside the ones
    // PP-OCR read ("2" of "246"), which the handwriting pass reads with their ink reached, and read alone are "o", "a".
    // So is the ink of a short word read unsurely inside a longer box (doubtfulWords): a letter alone replaces it.
    const doubtful = doubtfulWords(lines);
    const kept = doubtful.size ? lines.map((l) => ({ ...l, words: l.words.filter((w) => !doubtful.has(w)) })) : lines;
    const marks: { box: BoundingBox; line: ReadLine }[] = [];
    for (const box of unreadInk(grey, kept, typicalHeight(boxes) / 2)) {
      const line = await readBox(grey, image, detected(box));
      if (line && line.confidence >= UNREAD_SURE) marks.push({ box, line });
    }
    const settled = settleDoubtful(lines, doubtful, marks);
    return [...settled.lines, ...settled.apart];
  }

  async function recognize(bytes: Uint8Array, printed?: PrintedLayout): Promise<OcrPage> {
    const grey = decodePgm(bytes);
    const lines = printedPass.replay ?? (await readLines(grey, printed));
    printedPass.record?.(lines);
    // Handwritten numbers are read again by the handwriting reader, and both readings kept (decision 0042): by rows,
    // as an answer written after "=" may be boxed apart from its question, or split over two boxes.
    // And a number's point the recogniser left out, where the ink shows it, is noted on its word (lost-points.ts).
    const rows = markLostPoints(grey, joinHandwriting(grey, groupRows(lines), printDarknessOf(grey, lines)));
    const text = rows.map((r) => r.text).join("\n");
    const chars = rows.reduce((n, r) => n + r.text.length, 0);
    const confidence = chars ? rows.reduce((s, r) => s + r.confidence * r.text.length, 0) / chars : 0;
    return { text, lines: rows, confidence, width: grey.width, height: grey.height };
  }

  return { name: "pp-ocrv4", recognize, memoryBytes };
}
