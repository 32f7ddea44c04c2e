// What the Add Conference Item dialog accepts (spec section 5): .pdf, .doc, .docx, .jpg, .jpeg, .png, .gif,
// checked by content. GIF is not a grading input, so it is recognised here rather than in the engines' detector.
import { detectFileType, UnsupportedFileError } from "../../core/files/file-type";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "./storage.server";

export type ConferenceFileKind = "pdf" | "doc" | "docx" | "png" | "jpeg" | "gif";

export const CONFERENCE_MIME_TYPES: Record<ConferenceFileKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

export const CONFERENCE_ACCEPT = ".pdf,.doc,.docx,.jpg,.jpeg,.png,.gif";
export const UNSUPPORTED_CONFERENCE_FILE = "This file is not a PDF, Word document or picture (PDF, DOC, DOCX, JPG, JPEG, PNG or GIF).";

function isGif(bytes: Uint8Array): boolean {
  if (bytes.length < 6) return false;
  const head = String.fromCharCode(...bytes.subarray(0, 6));
  return head === "GIF87a" || head === "GIF89a";
}

export function detectConferenceFileType(bytes: Uint8Array): ConferenceFileKind {
  if (isGif(bytes)) return "gif";
  let kind;
  try {
    kind = detectFileType(bytes);
  } catch (error) {
    if (error instanceof UnsupportedFileError && error.reason === "empty") throw error;
    throw new UnsupportedFileError(UNSUPPORTED_CONFERENCE_FILE);
  }
  if (kind === "heic") throw new UnsupportedFileError(UNSUPPORTED_CONFERENCE_FILE);
  return kind;
}

export type CheckedConferenceFile = { bytes: Uint8Array; kind: ConferenceFileKind; contentType: string; fileName: string; size: number };

export async function checkConferenceFile(file: File): Promise<CheckedConferenceFile> {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new UnsupportedFileError(`"${file.name}" is larger than the ${MAX_UPLOAD_LABEL} limit per file.`, "too-large");
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectConferenceFileType(bytes);
  const base = file.name
    .replace(/[\\/]/g, "_")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what the file name loses
    .replace(/[\u0000-\u001f]/g, "")
    .trim()
    .slice(0, 200);
  const fileName = base || `upload.${kind === "jpeg" ? "jpg" : kind}`;
  return { bytes, kind, contentType: CONFERENCE_MIME_TYPES[kind], fileName, size: bytes.byteLength };
}
