// Detect an upload's kind from its bytes, never its name. No heavy imports: the web worker uses
// this to validate uploads before they reach R2.

export type FileKind = "pdf" | "docx" | "doc" | "png" | "jpeg" | "heic";

export const ACCEPTED_FILE_KINDS: readonly FileKind[] = ["pdf", "docx", "doc", "png", "jpeg", "heic"];

export const MIME_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  png: "image/png",
  jpeg: "image/jpeg",
  heic: "image/heic",
};

export type UnsupportedFileReason = "empty" | "unsupported" | "corrupt" | "too-large";

export class UnsupportedFileError extends Error {
  readonly reason: UnsupportedFileReason;
  constructor(message: string, reason: UnsupportedFileReason = "unsupported") {
    super(message);
    this.name = "UnsupportedFileError";
    this.reason = reason;
  }
}

export const EMPTY_FILE_MESSAGE = "This file is empty (0 bytes). Please choose the file again or take a new photo.";
export const UNSUPPORTED_FILE_MESSAGE = "This file is not a PDF, Word document or photo (PDF, DOC, DOCX, PNG, JPG, JPEG or HEIC).";

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  let s = "";
  for (let i = start; i < Math.min(end, bytes.length); i++) s += String.fromCharCode(bytes[i]);
  return s;
}

/** ZIP local file names in the first part of the archive: a DOCX holds `word/document.xml`. */
function zipHasWordDocument(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length, 2_000_000);
  let i = 0;
  while (i + 30 <= limit) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x03 && bytes[i + 3] === 0x04) {
      const nameLength = bytes[i + 26] | (bytes[i + 27] << 8);
      const name = ascii(bytes, i + 30, i + 30 + nameLength);
      if (name.startsWith("word/")) return true;
      i += 30 + nameLength;
    } else {
      i++;
    }
  }
  // The central directory at the end names every entry.
  return ascii(bytes, Math.max(0, bytes.length - 65_536), bytes.length).includes("word/document.xml");
}

const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avci"]);

/** Tells what kind of file these bytes are, or throws an UnsupportedFileError a teacher can act on. */
export function detectFileType(bytes: Uint8Array): FileKind {
  if (bytes.length === 0) throw new UnsupportedFileError(EMPTY_FILE_MESSAGE, "empty");

  // PDF: "%PDF-" may follow a little junk (the spec allows it within the first 1024 bytes).
  const head = ascii(bytes, 0, 1024);
  if (head.includes("%PDF-")) return "pdf";

  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";

  // ISO base media file: size, "ftyp", major brand; compatible brands follow.
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0, 256);
    for (let i = 8; i + 4 <= Math.max(boxSize, 12); i += 4) {
      if (HEIF_BRANDS.has(ascii(bytes, i, i + 4))) return "heic";
    }
  }

  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && zipHasWordDocument(bytes)) return "docx";

  // OLE2 compound file (legacy .doc); Word's stream is named "WordDocument" in UTF-16.
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (hasUtf16(bytes, "WordDocument")) return "doc";
  }

  throw new UnsupportedFileError(UNSUPPORTED_FILE_MESSAGE, "unsupported");
}

function hasUtf16(bytes: Uint8Array, text: string): boolean {
  const needle: number[] = [];
  for (const ch of text) needle.push(ch.charCodeAt(0), 0);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
