// PP-OCRv4 (PaddleOCR's text detector and recogniser) through onnxruntime-web's single-threaded wasm, in workerd
// and in Node alike. paddleocr's DetectionService finds the text boxes; recognition is ours: each crop at its own
// width (the library pads every crop to the widest line's width; only crops of about one width share a run,
// rec-batches.ts), and a CTC decode that keeps each character's position, so words get boxes and a space the model
// half-saw between two characters is kept.
// See docs/decisions/0018-pp-ocr-engine.md.
import { DetectionService, Image } from "paddleocr";
import type { OcrEngine, OcrPage } from "./engine";
import type { BoundingBox, PrintedLayout, ReadLine, ReadWord } from "../types";
import { decodePgm, estimateLineHeight, type GreyImage } from "./cleanup";
import { inAnswerZone, mapFromAnchors, printedBoxesAt, printedPartsAt, type Affine } from "../registration";
import { confirmsLayout, fitBoxesToLayout, glimpsePlan } from "../box-registration";
import { groupRows } from "./rows";
import { addInkSpaces } from "./spaces";
import { settleDivision } from "./operators";
import { splitTallBox, typicalHeight } from "./tall-boxes";
import { doubtfulWords, settleDoubtful, unreadInk } from "./unread-ink";
import { markLostPoints } from "./lost-points";
import { aloneSheets, holds, lineAt, markReadAlone, wordAt, wordsToReadAlone } from "./read-alone";
import { markOnRule } from "./on-rule";
import { circledWords, findRings, withoutRings } from "./circled";
import { findTickBoxes, tickedWords, withoutTicks } from "./ticked";
import { filledWords, findBubbles, withoutBubbles } from "./bubbles";
import { ctcDecode, type Decoded } from "./ctc";
import { boxCrop, boxLine, partCrops, partLine, REC_HEIGHT, type BoxCrop, type DetectedBox } from "./box-crops";
import { framesOf, padded, similarWidths, type RecCrop } from "./rec-batches";
import { printDarknessOf } from "../handwriting/darkness";
import { joinHandwriting } from "../handwriting/words";

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
/**
 * The same for a mark inside one of a class set's answer zones, on a page read little (a letter written on a
 * matching exercise's blank, "I" read at 0.57): an answer is looked for there, and a letter or digit read is kept.
 */
const ZONE_MARK_SURE = 0.4;

type Ort = typeof import("onnxruntime-web/wasm");
type Session = Awaited<ReturnType<Ort["InferenceSession"]["create"]>>;
type KnownBox = NonNullable<ReturnType<typeof printedBoxesAt>>;
type PartsOf = NonNullable<ReturnType<typeof printedPartsAt>>;

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

  /** Decodes one crop's frames of the recogniser's output: its characters, a faded "÷" and a missed space settled. */
  function decode(probs: Float32Array, frames: number, classes: number, { tensor, width }: RecCrop): Decoded & { width: number } {
    const decoded = ctcDecode(probs, frames, classes, assets.characters);
    // A "÷" whose dots faded, read "+" (ocr/operators.ts).
    const signs = settleDivision(decoded.chars, probs, frames, classes, assets.characters, { tensor, width, height: REC_HEIGHT });
    // A space the model missed but the line's pixels show (ocr/spaces.ts).
    const chars = addInkSpaces(signs, tensor, width, REC_HEIGHT, width / frames);
    return { text: chars.map((c) => c.char).join(""), chars, width: frames };
  }

  /** Recognises the crops, those of about the same width in one run (rec-batches.ts); answers in the crops' order. */
  async function recognise(crops: readonly RecCrop[]): Promise<(Decoded & { width: number })[]> {
    const decoded: (Decoded & { width: number })[] = new Array(crops.length);
    for (const batch of similarWidths(crops.map((c) => c.width))) {
      const members = batch.map((i) => crops[i]!);
      const width = Math.max(...members.map((c) => c.width));
      const tensor = members.length === 1 ? members[0]!.tensor : padded(members, REC_HEIGHT, width);
      const input = new ort.Tensor("float32", tensor, [members.length, 3, REC_HEIGHT, width]);
      const outputs = await recSession.run({ [recInput]: input });
      const out = outputs[recSession.outputNames[0]];
      input.dispose?.();
      const [, frames, classes] = out.dims as number[];
      const probs = out.data as Float32Array;
      members.forEach((crop, n) => {
        const own = framesOf(crop.width, width, frames);
        const start = n * frames * classes;
        decoded[batch[n]!] = decode(probs.subarray(start, start + own * classes), own, classes, crop);
      });
      out.dispose?.();
    }
    return decoded;
  }

  /** Boxes' crops recognised together (one may be undefined: too small to read): their lines, in order. */
  async function readCrops(crops: readonly (BoxCrop | undefined)[]): Promise<(ReadLine | undefined)[]> {
    const read = crops.filter((c): c is BoxCrop => c !== undefined);
    const decoded = await recognise(read);
    return crops.map((c) => (c ? boxLine(c, decoded[read.indexOf(c)]!) : undefined));
  }

  /** Recognises one detected text box (boxCrop's arguments) as a line with word boxes. */
  async function readBox(...args: Parameters<typeof boxCrop>): Promise<ReadLine | undefined> {
    return (await readCrops([boxCrop(...args)]))[0];
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
    // The boxes' unprinted spans are cut first and recognised together.
    const printed = boxes.map((box) => known?.(box, boxes));
    const spans = boxes.map((box, i) => {
      const part = box.points && !printed[i] ? parts?.(box, boxes) : undefined;
      return part && { part, crops: partCrops(grey, image, box, part) };
    });
    const read = await readCrops(spans.flatMap((s) => s?.crops ?? []));
    const lines: ReadLine[] = [];
    for (const [i, box] of boxes.entries()) {
      const spanned = spans[i];
      const line =
        printed[i] ??
        (spanned ? partLine(box, spanned.part, read.splice(0, spanned.crops.length)) : await readWhole(grey, image, box, typical));
      if (line) lines.push(line);
    }
    return lines;
  }

  /**
   * A class set's page: the widest boxes are read first, to register the page onto the worksheet's printed layout;
   * the boxes that hold printed words only are then taken from it, not recognised again (0038). The anchors are
   * glimpsed first; when their starts do not register the page, they are read whole, then more of them.
   */
  async function readAgainstLayout(
    grey: GreyImage,
    image: Image,
    boxes: DetectedBox[],
    printed: PrintedLayout,
  ): Promise<{ lines: ReadLine[]; map?: Affine }> {
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
        if (known) return { lines: await readBoxes(grey, image, boxes, known, parts), map: fit!.map };
      }
    }
    const byWidth = [...boxes].sort((a, b) => b.width - a.width);
    const anchors = spreadAnchors(byWidth);
    const glimpses = (await readCrops(anchors.map((box) => boxCrop(grey, image, box, GLIMPSE_BOX_HEIGHTS)))).filter(
      (l): l is ReadLine => l !== undefined,
    );
    // Else registered on the words read.
    const glimpsed = mapFromAnchors(glimpses, printed);
    if (glimpsed) return { lines: await readBoxes(grey, image, boxes, ...against(glimpsed)), map: glimpsed };
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
    return { lines: [...lines, ...(await readBoxes(grey, image, rest, known, parts, typical))], map };
  }

  async function readLines(grey: GreyImage, printed?: PrintedLayout): Promise<ReadLine[]> {
    const image = new Image(grey.width, grey.height, 3, greyToRgb(grey.data));
    const boxes: DetectedBox[] = (await detector.run(image)).filter((b) => b.width >= 4 && b.height >= 4);
    const { lines, map } = printed ? await readAgainstLayout(grey, image, boxes, printed) : { lines: await readBoxes(grey, image, boxes) };
    // Ink no word read covers (a short answer the detector missed, writing in a box taken for print): read alone.
    // Kept only when read surely: on a handwritten page the marks are mostly a number's digits beside the ones
    // PP-OCR read ("2" of "246"), which the handwriting pass reads with their ink reached, and read alone are "o", "a".
    // So is the ink of a short word read unsurely inside a longer box (doubtfulWords): a letter alone replaces it.
    const doubtful = doubtfulWords(lines);
    const kept = doubtful.size ? lines.map((l) => ({ ...l, words: l.words.filter((w) => !doubtful.has(w)) })) : lines;
    // One at a time: the marks are mostly handwritten digits, and a page read whole is read as before 0078.
    const marks: { box: BoundingBox; line: ReadLine }[] = [];
    for (const box of unreadInk(grey, kept, typicalHeight(boxes) / 2)) {
      const line = await readBox(grey, image, detected(box));
      // In an answer zone of a page read little, a letter or digit read less surely is kept too (0081).
      const zoneMark = (l: ReadLine) => l.confidence >= ZONE_MARK_SURE && /[\p{L}\p{N}]/u.test(l.text) && inAnswerZone(box, printed, map);
      if (line && (line.confidence >= UNREAD_SURE || zoneMark(line))) marks.push({ box, line });
    }
    const settled = settleDoubtful(lines, doubtful, marks);
    return [...settled.lines, ...settled.apart];
  }

  /** Words read as small pages of their own, many to a sheet (read-alone.ts): what each reads alone. */
  async function readAlone(grey: GreyImage, words: readonly ReadWord[]): Promise<({ text: string; confidence: number } | undefined)[]> {
    const alone: ({ text: string; confidence: number } | undefined)[] = new Array(words.length);
    for (const { canvas, middles, words: on } of aloneSheets(grey, words)) {
      const image = new Image(canvas.width, canvas.height, 3, greyToRgb(canvas.data));
      const boxes = (await detector.run(image)).filter((b) => b.width >= 4 && b.height >= 4);
      // Only the boxes that hold a word's middle are recognised: the rest is the page around the words.
      const holding = boxes.filter((b) => middles.some((m) => holds(b, m)));
      const lines = (await readCrops(holding.map((b) => boxCrop(canvas, image, b)))).filter((l): l is ReadLine => l !== undefined);
      middles.forEach((middle, i) => (alone[on[i]!] = wordAt(lineAt(lines, middle), middle)));
    }
    return alone;
  }

  async function recognize(bytes: Uint8Array, printed?: PrintedLayout, keyNumbers?: readonly number[]): Promise<OcrPage> {
    // A student's loop around an option (circled.ts), a box they ticked and its tick (ticked.ts), a row of bubbles
    // one of which they filled in (bubbles.ts) are painted out before the page is read: read through, the loop hid
    // the option or became brackets in it, the tick a glyph, the filled bubble nothing.
    const page = decodePgm(bytes);
    const textHeight = estimateLineHeight(page);
    const [rings, boxes, bubbles] = [findRings(page, textHeight), findTickBoxes(page, textHeight), findBubbles(page, textHeight)];
    const grey = withoutBubbles(withoutTicks(withoutRings(page, rings), boxes), bubbles);
    const lines = printedPass.replay ?? (await readLines(grey, printed));
    printedPass.record?.(lines);
    // Handwritten numbers are read again by the handwriting reader, and both readings kept (decision 0042): by rows,
    // as an answer written after "=" may be boxed apart from its question, or split over two boxes.
    // And a number's point the recogniser left out, where the ink shows it, is noted on its word (lost-points.ts).
    // A word sitting on a rule (a blank's line) is marked so (on-rule.ts).
    const joined = markLostPoints(grey, joinHandwriting(grey, groupRows(lines), printDarknessOf(grey, lines), keyNumbers));
    // A short plain number is read again alone: a bar or point the line's reading lost is noted (read-alone.ts).
    const plain = wordsToReadAlone(joined, keyNumbers);
    const alone = await readAlone(grey, plain);
    const read = markOnRule(grey, markReadAlone(joined, plain, alone));
    // The words a ring closed in, a ticked box or a filled bubble stands for: an option the student chose.
    const marks = [
      ["circled", circledWords(rings, read)],
      ["ticked", tickedWords(boxes, read)],
      ["filled", filledWords(bubbles, read)],
    ] as const;
    const chosen = (w: ReadWord): ReadWord => {
      const mark = marks.find(([, words]) => words.has(w));
      return mark ? { ...w, chosen: mark[0] } : w;
    };
    const rows = marks.some(([, words]) => words.size) ? read.map((r) => ({ ...r, words: r.words.map(chosen) })) : read;
    const text = rows.map((r) => r.text).join("\n");
    const chars = rows.reduce((n, r) => n + r.text.length, 0);
    const confidence = chars ? rows.reduce((s, r) => s + r.confidence * r.text.length, 0) / chars : 0;
    return { text, lines: rows, confidence, width: grey.width, height: grey.height };
  }

  return { name: "pp-ocrv4", recognize, memoryBytes };
}
