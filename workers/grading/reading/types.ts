import type { FileKind } from "../../../core/files/file-type";
import type { VisionReader } from "./ocr/vision";

/** A box on the page image, in pixels from the top-left corner. */
export interface BoundingBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ReadWord {
  text: string;
  /** 0..1 */
  confidence: number;
  bbox: BoundingBox;
  /** Set on a word that looks like a handwritten number: what each reader made of its ink (decision 0042). */
  alternatives?: WordAlternatives;
  /** Taken from the worksheet's printed layout, not recognised (read little): print, never read again as handwriting. */
  printed?: true;
  /** A number read without a point whose ink shows one between its digits: its text with the point (ocr/lost-points.ts). */
  pointSeen?: string;
  /**
   * A plain number whose crop, recognised by itself, reads its digits with a bar or a point the line's reading lost
   * ("17" alone "1/7", "714" alone "7/4"): that reading (ocr/read-alone.ts).
   */
  readAlone?: string;
  /**
   * An option the student chose with their pen: a loop of ink closes the word in (ocr/circled.ts), or it follows a
   * printed box they ticked or crossed (ocr/ticked.ts), or a bubble they filled in stands for it (ocr/bubbles.ts).
   */
  chosen?: "circled" | "ticked" | "filled";
  /** A rule of ink runs under the word and on past it: written on a blank's line, or in a ruled cell (ocr/on-rule.ts). */
  onRule?: true;
}

/**
 * The readings of a handwritten number's ink, so that the grading side can verify an answer rather than trust one
 * transcript: the handwriting reader's best readings with their calibrated probabilities, an upper bound on the
 * probability of any reading not listed, and what PP-OCR read.
 */
export interface WordAlternatives {
  /**
   * Best first: the calibrated probability that the ink spells exactly this text (spaces ignored), and the reading's
   * raw share of all the readings the ink allows (shares add up; calibrate a sum of them as a whole).
   */
  readings: { text: string; probability: number; share: number }[];
  /** The raw share of every reading not listed. */
  rest: number;
  /** PP-OCR's text and confidence for the same ink. */
  ocr: { text: string; confidence: number };
  /** The handwriting reader's lattice, to weigh a reading not listed (the key's answer) against the ink. */
  lattice?: InkLattice;
  /**
   * Why the ink was read by the handwriting reader: an answer's place (after "="), pencil-grey ink, PP-OCR unsure,
   * or a digit-like misread ("/3", "45 4").
   */
  why: "answer" | "pencil" | "unsure" | "misread";
}

/**
 * Every way the handwriting reader could cut and read a crop's ink (reading/handwriting/lattice.ts): pieces between
 * cut points (nodes 0 … nodes − 1), each with its texts and their weights; a reading's share is the weight of the
 * paths that spell it over `total`.
 */
export interface InkLattice {
  nodes: number;
  total: number;
  edges: { from: number; to: number; options: [string, number][] }[];
}

export interface ReadLine {
  text: string;
  /** 0..1 */
  confidence: number;
  bbox: BoundingBox;
  words: ReadWord[];
}

export type ReadingMethod = "text-layer" | "ocr" | "docx" | "doc";

export interface PageReading {
  /** 1-based */
  number: number;
  text: string;
  lines: ReadLine[];
  /** Size of the page image the boxes refer to (for text layers: the page in PDF points). */
  width: number;
  height: number;
  /** 0..1; 1 for text taken from a text layer or a Word file. */
  confidence: number;
  method: ReadingMethod;
  /** Degrees the photo was turned (EXIF) before reading. */
  rotation?: number;
  /** Set when a photo was shrunk before reading. */
  scaledFrom?: { width: number; height: number };
  /** Who read the page: the local engine ("pp-ocrv4") or a hosted vision model ("openai:gpt-4o-mini"). */
  reader?: string;
  /** Why the hosted vision model's reading was not used (the local reading was kept). */
  visionError?: string;
  /**
   * The cleaned page around each line of text, as grey JPEGs: where each answer's crop is cut from for the
   * teacher's review (pages read by the local engine only: a hosted model's lines carry no boxes).
   */
  strips?: PageStrip[];
  durationMs: number;
}

/**
 * A piece of the cleaned page around one line of text (reading/crops.ts), with its place on the page. An answer's
 * crop lies inside its line's strip: only the strips travel and are kept, not the whole page (docs/decisions/0052).
 */
export interface PageStrip extends BoundingBox {
  /** Grey JPEG of the strip. */
  jpeg: Uint8Array;
}

export interface DocumentReading {
  kind: FileKind;
  method: ReadingMethod;
  pages: PageReading[];
  /** All pages' text, pages separated by a blank line. */
  text: string;
  /** Mean of the non-empty pages' confidences, weighted by their text length; 0 when nothing was read. */
  confidence: number;
  durationMs: number;
}

/**
 * A worksheet's printed text known before a page is read (a class set's template, answers/template.ts), in the
 * frame of the page it was found on: the printed words as read there, with their boxes, and the punctuation
 * between them. A page registers onto it by its words, and a text box that holds printed words only needs no
 * recognition. Nothing a student wrote is in it.
 */
export interface PrintedLayout {
  words: ReadWord[];
  /** The printed text's height in that frame. */
  textHeight: number;
  /**
   * Where a class set's students wrote their answers, in that frame: each place where two pages or more, read alone,
   * had one (answers/answer-zones.ts). None in a blank worksheet's template, nor in one stored before 0080.
   */
  answerZones?: BoundingBox[];
}

export interface ReadOptions {
  onPage?(page: PageReading): void;
  signal?: AbortSignal;
  /** A hosted vision model for pages the local engine reads poorly (or every page): only when the teacher allows it. */
  vision?: VisionReader;
  /** The worksheet's printed layout: lines that register onto it are taken from it, not recognised again. */
  printed?: PrintedLayout;
  /**
   * The values of the numbers the answer key is written with (answers/answer-key.ts keyNumberValues): a number at a
   * line's end is read again alone only where a bar or point would bring it near one (ocr/read-alone.ts, 0124).
   * Unset, every such number is.
   */
  keyNumbers?: readonly number[];
}
