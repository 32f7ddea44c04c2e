// Uploaded files in R2, always under a key scoped to their teacher.
import { detectFileType, MIME_TYPES, UnsupportedFileError, type FileKind } from "../../core/files/file-type";
import { newId } from "./tokens.server";

/** Per-file limit, stated on the upload pages. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "25 MB";

export type CheckedUpload = { bytes: Uint8Array; kind: FileKind; contentType: string; fileName: string; size: number };

/** Reads an uploaded file and checks its type by content; throws UnsupportedFileError with a readable message. */
export async function checkUpload(file: File): Promise<CheckedUpload> {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new UnsupportedFileError(`"${file.name}" is larger than the ${MAX_UPLOAD_LABEL} limit per file.`, "too-large");
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectFileType(bytes);
  return { bytes, kind, contentType: MIME_TYPES[kind], fileName: cleanFileName(file.name, kind), size: bytes.byteLength };
}

export function cleanFileName(name: string, kind: FileKind): string {
  const base = name
    .replace(/[\\/]/g, "_")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what the file name loses
    .replace(/[\u0000-\u001f]/g, "")
    .trim()
    .slice(0, 200);
  return base || `upload.${kind === "jpeg" ? "jpg" : kind}`;
}

/** Every R2 object of a teacher's lies under this prefix (account deletion lists it). */
export function teacherKeyPrefix(teacherId: string): string {
  return `teachers/${teacherId}/`;
}

export function uploadKey(teacherId: string, area: string, fileName: string): { id: string; key: string } {
  const id = newId();
  return { id, key: `${teacherKeyPrefix(teacherId)}${area}/${id}/${encodeURIComponent(fileName)}` };
}
