// What every local text reader gives back for one page image.
import type { PrintedLayout, ReadLine } from "../types";

export interface OcrPage {
  text: string;
  lines: ReadLine[];
  /** 0..1 */
  confidence: number;
  width: number;
  height: number;
}

export interface OcrEngine {
  /** Who reads ("pp-ocrv4"), recorded on each page reading. */
  name: string;
  /**
   * Reads one cleaned page: a grey binary PGM, as the clean-up (images.ts) produces. With the worksheet's printed
   * layout, text boxes that hold printed words only are taken from it instead of being recognised. With the values of
   * the key's numbers, only the numbers a bar or point would bring near one are read again alone (read-alone.ts).
   */
  recognize(image: Uint8Array, printed?: PrintedLayout, keyNumbers?: readonly number[]): Promise<OcrPage>;
  /** Bytes of wasm memory in use, to watch the isolate's budget. */
  memoryBytes(): number;
}
