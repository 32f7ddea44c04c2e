// PDFs: the text layer where a page has one; a page without text (a scan) is read by OCR from its images.
import { PhotonImage } from "@cf-wasm/photon";
import { DECODE_BUDGET } from "./budget";
import { finishImage, OCR_LONG_SIDE, type PreparedImage } from "./images";
import { extractImages, getDocumentProxy } from "unpdf";
import { UnsupportedFileError } from "../../../core/files/file-type";
import type { ReadLine } from "./types";

export interface PdfPageText {
  number: number;
  text: string;
  lines: ReadLine[];
  width: number;
  height: number;
}

/** A page with fewer letters or digits than this in its text layer is treated as scanned. */
const MIN_TEXT_LAYER_CHARS = 8;

const CORRUPT_PDF_MESSAGE = "This PDF could not be opened: the file looks damaged or is password-protected. Please export it again.";

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PdfDocument = any;

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // pdf.js may detach the buffer it is given: hand it a copy.
    // maxImageSize: pdf.js drops an image over the pixel budget before decoding it (checkDecodeBudget has
    // already refused such files with a reason; this is the net for files pdf-lib could not parse).
    const options = { isEvalSupported: false, useSystemFonts: false, verbosity: 0, maxImageSize: DECODE_BUDGET.maxImagePixels };
    return await getDocumentProxy(bytes.slice(), options as never);
  } catch {
    throw new UnsupportedFileError(CORRUPT_PDF_MESSAGE, "corrupt");
  }
}

export async function readPdfPageText(pdf: PdfDocument, number: number): Promise<PdfPageText> {
  const page = await pdf.getPage(number);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = (content.items as TextItem[]).filter((item) => typeof item.str === "string");
  const lines = groupIntoLines(items, viewport.height);
  return {
    number,
    text: lines.map((l) => l.text).join("\n"),
    lines,
    width: Math.round(viewport.width),
    height: Math.round(viewport.height),
  };
}

export function hasUsableTextLayer(page: PdfPageText): boolean {
  return (page.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_TEXT_LAYER_CHARS;
}

function groupIntoLines(items: TextItem[], pageHeight: number): ReadLine[] {
  const placed = items
    .filter((item) => item.str.length > 0)
    .map((item) => {
      const fontHeight = Math.abs(item.height || item.transform[3] || 10);
      return {
        text: item.str,
        x: item.transform[4],
        y: pageHeight - item.transform[5] - fontHeight,
        width: item.width,
        height: fontHeight,
      };
    })
    .sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: (typeof placed)[] = [];
  for (const item of placed) {
    const row = rows.find((r) => Math.abs(r[0].y - item.y) < Math.max(2, item.height * 0.5));
    if (row) row.push(item);
    else rows.push([item]);
  }
  return rows
    .map((row) => row.sort((a, b) => a.x - b.x))
    .map((row) => {
      let text = "";
      let end = -Infinity;
      for (const item of row) {
        // pdf.js gives separate items for runs; insert a space where there is a visible gap.
        if (text && item.x - end > item.height * 0.2 && !text.endsWith(" ") && !item.text.startsWith(" ")) text += " ";
        text += item.text;
        end = item.x + item.width;
      }
      const x = Math.min(...row.map((i) => i.x));
      const y = Math.min(...row.map((i) => i.y));
      const right = Math.max(...row.map((i) => i.x + i.width));
      const bottom = Math.max(...row.map((i) => i.y + i.height));
      const bbox = { x: Math.round(x), y: Math.round(y), width: Math.round(right - x), height: Math.round(bottom - y) };
      return {
        text: text.replace(/\s+/g, " ").trim(),
        confidence: 1,
        bbox,
        words: text
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map((w) => ({ text: w, confidence: 1, bbox })),
      };
    })
    .filter((line) => line.text.length > 0);
}

/** The largest image on a page, cleaned and encoded for the OCR engine; undefined when the page has none. */
export async function pdfPageImage(pdf: PdfDocument, number: number): Promise<PreparedImage | undefined> {
  let images: { data: Uint8ClampedArray; width: number; height: number; channels: number }[];
  try {
    images = (await extractImages(pdf, number)) as never;
  } catch {
    return undefined;
  }
  if (!images.length) return undefined;
  const largest = images.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
  const { width, height, channels, data } = largest;
  // Shrink by whole pixels while converting (box average) so that a huge scan never gets a full-size RGBA
  // copy; finishImage then resizes the rest of the way to OCR_LONG_SIDE.
  const step = Math.max(1, Math.floor(Math.max(width, height) / OCR_LONG_SIDE));
  const w = Math.floor(width / step) || 1;
  const h = Math.floor(height / step) || 1;
  const rgba = new Uint8Array(w * h * 4);
  const area = step * step;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < step; dy++) {
        let q = ((y * step + dy) * width + x * step) * channels;
        for (let dx = 0; dx < step; dx++, q += channels) {
          r += data[q];
          g += channels >= 3 ? data[q + 1] : data[q];
          b += channels >= 3 ? data[q + 2] : data[q];
        }
      }
      const o = (y * w + x) * 4;
      rgba[o] = r / area;
      rgba[o + 1] = g / area;
      rgba[o + 2] = b / area;
      rgba[o + 3] = 255;
    }
  }
  // Scans are photographs of paper: the same clean-up as camera photos.
  const prepared = finishImage(new PhotonImage(rgba, w, h), 0);
  return step > 1 ? { ...prepared, scaledFrom: { width, height } } : prepared;
}
