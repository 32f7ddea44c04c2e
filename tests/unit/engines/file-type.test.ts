import { describe, expect, it } from "vitest";
import { detectFileType, UnsupportedFileError } from "../../../core/files/file-type";
import { WORKSHEETS, renderWorksheetImage, worksheetDocx, worksheetPdfWithText } from "../../../tools/worksheets/worksheets";

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe("detectFileType", () => {
  it("knows each accepted kind by its bytes, whatever the name", async () => {
    const lines = WORKSHEETS[0].lines;
    expect(detectFileType(await worksheetPdfWithText([lines]))).toBe("pdf");
    expect(detectFileType(await worksheetDocx(lines))).toBe("docx");
    expect(detectFileType(await renderWorksheetImage(lines.slice(0, 2), "clean"))).toBe("png");
    expect(detectFileType(await renderWorksheetImage(lines.slice(0, 2), "photo"))).toBe("jpeg");
    const heic = new Uint8Array(32);
    heic.set([0, 0, 0, 24], 0);
    heic.set(ascii("ftypheic"), 4);
    expect(detectFileType(heic)).toBe("heic");
    const mif1 = new Uint8Array(32);
    mif1.set([0, 0, 0, 28], 0);
    mif1.set(ascii("ftypmif1\0\0\0\0mif1heic"), 4);
    expect(detectFileType(mif1)).toBe("heic");
    const doc = new Uint8Array(1024);
    doc.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    doc.set(
      Array.from("WordDocument").flatMap((c) => [c.charCodeAt(0), 0]),
      600,
    );
    expect(detectFileType(doc)).toBe("doc");
  });

  it("gives a 0-byte file its own message", () => {
    expect(() => detectFileType(new Uint8Array())).toThrow(/empty \(0 bytes\)/);
    try {
      detectFileType(new Uint8Array());
    } catch (e) {
      expect(e).toBeInstanceOf(UnsupportedFileError);
      expect((e as UnsupportedFileError).reason).toBe("empty");
    }
  });

  it("refuses other files with a message a teacher understands", () => {
    const message = "This file is not a PDF, Word document or photo (PDF, DOC, DOCX, PNG, JPG, JPEG or HEIC).";
    expect(() => detectFileType(ascii("just some text"))).toThrow(message);
    expect(() => detectFileType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toThrow(message); // GIF
    expect(() => detectFileType(ascii("PK\x03\x04xl/workbook.xml"))).toThrow(message); // a spreadsheet
    expect(() => detectFileType(ascii("\0\0\0\x18ftypmp42"))).toThrow(message); // a video
    const excel = new Uint8Array(1024);
    excel.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(() => detectFileType(excel)).toThrow(message);
  });

  it("has no heavy imports, so the web worker can use it", async () => {
    const { readFileSync } = await import("node:fs");
    const source = readFileSync(new URL("../../../core/files/file-type.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^import /m);
  });
});
