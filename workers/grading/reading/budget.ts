// Decode budgets: what reading an upload would cost (pages, pixels, decoded bytes) is worked out from headers,
// dictionaries and zip directories before anything is decoded, so one oversized upload fails its own
// submission with a reason instead of filling the isolate that grades everyone's work (docs/decisions/0010).
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFContext, type PDFObject } from "pdf-lib";
import { UnsupportedFileError, type FileKind } from "../../../core/files/file-type";
import { frameSize, isFrameHeader, jpegSegments, u32be } from "./jpeg-segments";

const MiB = 1024 * 1024;

export const DECODE_BUDGET = {
  /** A worksheet is a few pages, not a book. */
  maxPages: 30,
  /** Pixels of one image: a 16 MP phone photo fits, a 30000 × 30000 bomb does not. */
  maxImagePixels: 16_800_000,
  /** Bytes one image decodes to (width × height × channels × bytes per sample): an RGBA image at the pixel cap. */
  maxImageBytes: 4 * 16_800_000,
  /** Bytes all the images of one PDF page decode to: pdf.js decodes every image of a page at once. */
  maxPageImageBytes: 96 * MiB,
  /** Entries in a Word file's zip, and bytes its parts inflate to (checked by inflating, never trusted). */
  maxZipEntries: 2_000,
  maxZipInflatedBytes: 64 * MiB,
} as const;

const MP = (pixels: number) => `${Math.round(pixels / 1e6)} megapixels`;

function tooLarge(message: string): never {
  throw new UnsupportedFileError(message, "too-large");
}

/** An image of width × height with `channels` samples of `bitsPerSample` bits each, checked against the budget. */
export function checkImageBudget(width: number, height: number, channels = 4, bitsPerSample = 8, what = "This photo") {
  const pixels = width * height;
  const bytes = Math.ceil((pixels * channels * bitsPerSample) / 8);
  // A one-bit scan (600 dpi black and white) decodes to an eighth of the bytes: it may have more pixels.
  const pixelCap = DECODE_BUDGET.maxImagePixels * (channels === 1 && bitsPerSample === 1 ? 8 : 1);
  if (pixels > pixelCap || bytes > DECODE_BUDGET.maxImageBytes) {
    tooLarge(
      `${what} is too large to read (${width} × ${height} pixels, ${MP(pixels)}). ` +
        `Please upload images of at most ${MP(DECODE_BUDGET.maxImagePixels)}, for example by scanning at 300 dpi or choosing a smaller photo size.`,
    );
  }
  return bytes;
}

/** Throws an UnsupportedFileError ("too-large") when decoding these bytes would exceed the budget. */
export async function checkDecodeBudget(bytes: Uint8Array, kind: FileKind): Promise<void> {
  if (kind === "png") checkPng(bytes);
  else if (kind === "jpeg") checkJpeg(bytes);
  else if (kind === "heic") checkHeic(bytes);
  else if (kind === "docx") await checkDocx(bytes);
  else if (kind === "pdf") await checkPdf(bytes);
}

function ascii(b: Uint8Array, start: number, end: number) {
  return String.fromCharCode(...b.subarray(start, end));
}

/** PNG: IHDR gives size, bit depth and colour type. A damaged header is left to the decoder's own error. */
function checkPng(bytes: Uint8Array) {
  if (bytes.length < 26 || ascii(bytes, 12, 16) !== "IHDR") return;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[bytes[25]] ?? 4;
  // Decoders expand to RGBA: count at least that.
  checkImageBudget(u32be(bytes, 16), u32be(bytes, 20), Math.max(4, channels), Math.max(8, bytes[24]));
}

/** JPEG: every frame header (SOFn) met before the scan data; decoded to RGBA. */
function checkJpeg(bytes: Uint8Array) {
  // Up to the start of scan: no frame header after it matters.
  for (const { marker, at } of jpegSegments(bytes, { stopAtScan: true })) {
    if (isFrameHeader(marker)) {
      const { width, height } = frameSize(bytes, at);
      checkImageBudget(width, height, Math.max(4, bytes[at + 9]));
    }
  }
}

/** HEIC: the largest 'ispe' (image spatial extent) property anywhere in the file, before libheif is loaded. */
function checkHeic(bytes: Uint8Array) {
  let width = 0;
  let height = 0;
  for (let i = 4; i + 16 <= bytes.length; i++) {
    if (bytes[i] === 0x69 && bytes[i + 1] === 0x73 && bytes[i + 2] === 0x70 && bytes[i + 3] === 0x65 && u32be(bytes, i - 4) === 20) {
      const w = u32be(bytes, i + 8);
      const h = u32be(bytes, i + 12);
      if (w * h > width * height) [width, height] = [w, h];
    }
  }
  if (width && height) checkImageBudget(width, height);
}

// ---- Word (zip) -------------------------------------------------------------------------------------------

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeader: number;
}

function u16le(b: Uint8Array, i: number) {
  return b[i] | (b[i + 1] << 8);
}
function u32le(b: Uint8Array, i: number) {
  return (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;
}

function zipEntries(bytes: Uint8Array): ZipEntry[] | undefined {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (u32le(bytes, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = u16le(bytes, end + 10);
  if (count > DECODE_BUDGET.maxZipEntries) {
    tooLarge(`This Word document has too many parts (${count}). Please save it again as a plain document and re-upload.`);
  }
  const entries: ZipEntry[] = [];
  let p = u32le(bytes, end + 16);
  for (let n = 0; n < count && p + 46 <= bytes.length && u32le(bytes, p) === 0x02014b50; n++) {
    const nameLength = u16le(bytes, p + 28);
    entries.push({
      name: ascii(bytes, p + 46, p + 46 + nameLength),
      method: u16le(bytes, p + 10),
      compressedSize: u32le(bytes, p + 20),
      localHeader: u32le(bytes, p + 42),
    });
    p += 46 + nameLength + u16le(bytes, p + 30) + u16le(bytes, p + 32);
  }
  return entries;
}

/** Inflates a zip entry only to count its bytes, stopping as soon as the running total is over the budget. */
async function inflatedSize(bytes: Uint8Array, entry: ZipEntry, allowance: number): Promise<number> {
  const h = entry.localHeader;
  if (h + 30 > bytes.length || u32le(bytes, h) !== 0x04034b50) return 0;
  const start = h + 30 + u16le(bytes, h + 26) + u16le(bytes, h + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.length;
  if (entry.method !== 8) return 0;
  const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > allowance) break;
    }
  } catch {
    // A damaged entry: mammoth reports the damage with its own message.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return total;
}

/** DOCX: mammoth inflates the document's XML parts whole; their real inflated size is counted first. Media
 * (word/media) is never decoded to read the text, so only the parts mammoth reads are counted. */
async function checkDocx(bytes: Uint8Array) {
  const entries = zipEntries(bytes);
  if (!entries) return;
  let total = 0;
  for (const entry of entries) {
    if (entry.name.startsWith("word/media/") || entry.name.endsWith("/")) continue;
    total += await inflatedSize(bytes, entry, DECODE_BUDGET.maxZipInflatedBytes - total);
    if (total > DECODE_BUDGET.maxZipInflatedBytes) {
      tooLarge(
        `This Word document is too large to read (its text parts unpack to more than ${DECODE_BUDGET.maxZipInflatedBytes / MiB} MB). Please save it again and re-upload.`,
      );
    }
  }
}

// ---- PDF --------------------------------------------------------------------------------------------------

/** Samples per pixel of an image's colour space (Indexed and unknown spaces count as what pdf.js expands them to). */
function colorComponents(context: PDFContext, space: PDFObject | undefined): number {
  const value = space instanceof PDFRef ? context.lookup(space) : space;
  if (value instanceof PDFName) {
    const name = value.decodeText();
    if (name === "DeviceGray" || name === "CalGray" || name === "G") return 1;
    if (name === "DeviceCMYK" || name === "CMYK") return 4;
    return 3;
  }
  if (value instanceof PDFArray && value.size() > 0) {
    const family = value.lookup(0);
    const name = family instanceof PDFName ? family.decodeText() : "";
    if (name === "ICCBased") {
      const profile = value.lookup(1);
      const n = profile instanceof PDFRawStream ? profile.dict.lookup(PDFName.of("N")) : undefined;
      return n instanceof PDFNumber ? Math.max(1, Math.min(4, n.asNumber())) : 3;
    }
    if (name === "DeviceN") return Math.max(1, Math.min(32, (value.lookup(1) as PDFArray | undefined)?.size?.() ?? 1));
    if (name === "CalGray") return 1;
    return 3; // Indexed (expanded to RGB), Lab, CalRGB, Separation (to RGB)
  }
  return 3;
}

function numberIn(dict: PDFDict, ...keys: string[]): number {
  for (const key of keys) {
    const value = dict.lookup(PDFName.of(key));
    if (value instanceof PDFNumber) return value.asNumber();
  }
  return 0;
}

function filters(dict: PDFDict): string[] {
  const value = dict.lookup(PDFName.of("Filter"));
  if (value instanceof PDFName) return [value.decodeText()];
  if (value instanceof PDFArray) return value.asArray().map((v) => (v instanceof PDFName ? v.decodeText() : ""));
  return [];
}

/** Bytes pdf.js decodes an image stream (and its soft mask) to; throws when one image is over budget. */
function imageBytes(context: PDFContext, stream: PDFRawStream, seen: Set<PDFObject>): number {
  if (seen.has(stream)) return 0;
  seen.add(stream);
  const dict = stream.dict;
  let width = numberIn(dict, "Width", "W");
  let height = numberIn(dict, "Height", "H");
  const mask = dict.lookup(PDFName.of("ImageMask")) ?? dict.lookup(PDFName.of("IM"));
  const channels = mask ? 1 : colorComponents(context, dict.lookup(PDFName.of("ColorSpace")) ?? dict.lookup(PDFName.of("CS")));
  const bits = mask ? 1 : numberIn(dict, "BitsPerComponent", "BPC") || 8;
  // A JPEG's own frame header decides what the decoder allocates, whatever the dictionary says.
  const fs = filters(dict);
  if (fs.length === 1 && (fs[0] === "DCTDecode" || fs[0] === "DCT")) {
    const jpeg = jpegFrameSize(stream.contents);
    if (jpeg) [width, height] = [Math.max(width, jpeg.width), Math.max(height, jpeg.height)];
  }
  // pdf.js expands colour and grey images to RGB; one-bit images and masks stay packed.
  const decoded = bits === 1 && channels === 1 ? [1, 1] : [Math.max(channels, 3), Math.max(bits, 8)];
  let bytes = checkImageBudget(width, height, decoded[0], decoded[1], "A page image in this PDF");
  for (const key of ["SMask", "Mask"]) {
    const related = dict.lookup(PDFName.of(key));
    if (related instanceof PDFRawStream) bytes += imageBytes(context, related, seen);
  }
  return bytes;
}

function jpegFrameSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  for (const { marker, at } of jpegSegments(bytes, { stopAtScan: true, limit: 1_000_000 })) {
    if (isFrameHeader(marker)) return frameSize(bytes, at);
  }
  return undefined;
}

/** Every image a page's resources can paint, through nested forms (each stream counted once). */
function resourceImageBytes(context: PDFContext, resources: PDFObject | undefined, seen: Set<PDFObject>): number {
  const dict = resources instanceof PDFRef ? context.lookup(resources) : resources;
  if (!(dict instanceof PDFDict)) return 0;
  const xobjects = dict.lookup(PDFName.of("XObject"));
  if (!(xobjects instanceof PDFDict)) return 0;
  let total = 0;
  for (const [, ref] of xobjects.entries()) {
    const stream = ref instanceof PDFRef ? context.lookup(ref) : ref;
    if (!(stream instanceof PDFRawStream) || seen.has(stream)) continue;
    const subtype = stream.dict.lookup(PDFName.of("Subtype"));
    if (subtype === PDFName.of("Image")) {
      total += imageBytes(context, stream, seen);
    } else if (subtype === PDFName.of("Form")) {
      seen.add(stream);
      total += resourceImageBytes(context, stream.dict.lookup(PDFName.of("Resources")), seen);
    }
  }
  return total;
}

async function checkPdf(bytes: Uint8Array) {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    checkPdfStructure(doc);
  } catch (error) {
    if (error instanceof UnsupportedFileError) throw error;
    // pdf.js is more forgiving than pdf-lib: let it try, with its own image-size cap (openPdf) as the net.
  }
}

function checkPdfStructure(doc: PDFDocument) {
  const count = doc.getPageCount();
  if (count > DECODE_BUDGET.maxPages) {
    tooLarge(
      `This PDF has ${count} pages; Gradewell reads at most ${DECODE_BUDGET.maxPages} pages a submission. Please split it into one file per student.`,
    );
  }
  for (const page of doc.getPages()) {
    const total = resourceImageBytes(doc.context, page.node.Resources(), new Set());
    if (total > DECODE_BUDGET.maxPageImageBytes) {
      tooLarge(
        `A page of this PDF holds more image data than Gradewell reads at once (${Math.round(total / MiB)} MB decoded, at most ${DECODE_BUDGET.maxPageImageBytes / MiB} MB). Please scan it again at 300 dpi.`,
      );
    }
  }
}
