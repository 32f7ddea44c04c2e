// Word files: DOCX through mammoth's raw text, legacy DOC through word-extractor.
import mammoth from "mammoth";
import WordExtractor from "word-extractor";
import { UnsupportedFileError } from "../../../core/files/file-type";

const CORRUPT_WORD_MESSAGE = "This Word document could not be opened: the file looks damaged. Please save it again and re-upload.";

export async function readDocxText(bytes: Uint8Array): Promise<string> {
  try {
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    // mammoth's Node build reads `buffer`, its browser build `arrayBuffer`: give both.
    const result = await mammoth.extractRawText({ arrayBuffer, buffer: new Uint8Array(arrayBuffer) });
    return tidy(result.value);
  } catch {
    throw new UnsupportedFileError(CORRUPT_WORD_MESSAGE, "corrupt");
  }
}

export async function readDocText(bytes: Uint8Array): Promise<string> {
  try {
    const extractor = new WordExtractor();
    const document = await extractor.extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return tidy(document.getBody());
  } catch {
    throw new UnsupportedFileError(CORRUPT_WORD_MESSAGE, "corrupt");
  }
}

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
