import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { prepareImage, readImageInfo } from "../../../workers/grading/reading/images";
import { readDocument } from "../../../workers/grading/reading/read-document";
import {
  characterErrorRate,
  renderSidewaysJpegWithExif,
  renderWorksheetImage,
  worksheetDocx,
  worksheetPdfScanned,
  worksheetPdfWithText,
  worksheetText,
  WORKSHEETS,
} from "../../../tools/worksheets/worksheets";

const [math, science] = WORKSHEETS;
const expectedTotal = (ws: (typeof WORKSHEETS)[number]) => Object.values(ws.expected).reduce((a, b) => a + b, 0);
const grade = (ws: (typeof WORKSHEETS)[number], reading: Awaited<ReturnType<typeof readDocument>>) =>
  gradeSubmission({
    reading,
    key: parseAnswerKey(ws.key, { totalPoints: ws.points }),
    assignment: { points: ws.points, gradeLevel: ws.gradeLevel },
  });

describe("readDocument", { timeout: 60_000 }, () => {
  it("OCRs a clean typed page with words, lines, boxes and confidence", async () => {
    const reading = await readDocument(await renderWorksheetImage(science.lines, "clean"));
    expect(reading).toMatchObject({ kind: "png", method: "ocr" });
    const page = reading.pages[0];
    // 1700 x 2200 is shrunk to 2000 px on the long side.
    expect(page).toMatchObject({ width: 1545, height: 2000, scaledFrom: { width: 1700, height: 2200 } });
    expect(page.confidence).toBeGreaterThan(0.85);
    expect(characterErrorRate(worksheetText(science), reading.text)).toBeLessThan(0.05);
    const nameLine = page.lines.find((l) => l.text.includes("Jordan"))!;
    expect(nameLine.words.map((w) => w.text)).toContain("Jordan");
    expect(nameLine.bbox.x).toBeGreaterThan(100);
    expect(nameLine.bbox.y).toBeLessThan(300);
    expect(grade(science, reading).total).toBe(expectedTotal(science));
  });

  it("turns a sideways phone photo upright from its EXIF orientation", async () => {
    const photo = await renderSidewaysJpegWithExif(science.lines);
    expect(readImageInfo(photo, "jpeg")).toMatchObject({ orientation: 6, width: 2200, height: 1700 });
    const reading = await readDocument(photo);
    expect(reading.pages[0].rotation).toBe(90);
    expect(reading.pages[0].width).toBeLessThan(reading.pages[0].height);
    expect(characterErrorRate(worksheetText(science), reading.text)).toBeLessThan(0.05);
  });

  it("uses a PDF's text layer, reading every page, extra and empty ones included", async () => {
    const pages = [["Cover sheet", "Unit 3 homework"], math.lines.slice(0, 8), [], math.lines.slice(8)];
    const reported: number[] = [];
    const reading = await readDocument(await worksheetPdfWithText(pages), { onPage: (p) => reported.push(p.number) });
    expect(reading).toMatchObject({ kind: "pdf", method: "text-layer", confidence: 1 });
    expect(reported).toEqual([1, 2, 3, 4]);
    expect(reading.pages[2].text).toBe("");
    expect(reading.pages[1].lines[0]).toMatchObject({ text: "Name: Maya Lopez", confidence: 1 });
    expect(grade(math, reading).total).toBe(expectedTotal(math));
  });

  it("OCRs a scanned PDF that has no text layer", async () => {
    const reading = await readDocument(await worksheetPdfScanned([science.lines], "clean"));
    expect(reading).toMatchObject({ kind: "pdf", method: "ocr" });
    expect(characterErrorRate(worksheetText(science), reading.text)).toBeLessThan(0.08);
    expect(grade(science, reading).total).toBe(expectedTotal(science));
  });

  it("reads a DOCX", async () => {
    const reading = await readDocument(await worksheetDocx(math.lines));
    expect(reading).toMatchObject({ kind: "docx", method: "docx", confidence: 1 });
    expect(grade(math, reading).total).toBe(expectedTotal(math));
  });

  it("reads a blank photo as an empty page that needs the teacher", async () => {
    const reading = await readDocument(await renderWorksheetImage([], "clean"));
    expect(reading.text).toBe("");
    expect(reading.confidence).toBe(0);
    const result = grade(math, reading);
    expect(result.needsReview).toBe(true);
    expect(result.flags.map((f) => f.type)).toContain("empty-submission");
  });

  it("refuses 0-byte, unknown and corrupt files with clear messages", async () => {
    await expect(readDocument(new Uint8Array())).rejects.toThrow(/empty/);
    await expect(readDocument(new TextEncoder().encode("%PDF-1.7\nnot really a pdf"))).rejects.toThrow(/PDF could not be opened/);
    const png = await renderWorksheetImage(["x"], "photo");
    await expect(readDocument(png.slice(0, 2000))).rejects.toThrow(/photo could not be opened/);
    const docx = await worksheetDocx(["hello"]);
    const broken = docx.slice();
    broken.fill(0, 200, broken.length - 200);
    await expect(readDocument(broken)).rejects.toThrow(/could not be opened/);
  });

  it("refuses a photo whose pixels would not fit in memory before decoding it", async () => {
    // A PNG header claiming 20000 x 20000 pixels: refused from the header alone.
    const header = new Uint8Array(64);
    header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(header.buffer).setUint32(16, 20000);
    new DataView(header.buffer).setUint32(20, 20000);
    await expect(readDocument(header)).rejects.toThrow(/too large to read \(20000 × 20000 pixels/);
  });

  it("shrinks a 40 MB photo to the OCR size instead of failing", async () => {
    // 3600 x 3600 pixels of noise: a PNG of about 40 MB, under the 50 MB upload limit.
    const size = 3600;
    const canvas = createCanvas(size, size);
    const ctx = canvas.getContext("2d");
    const img = ctx.createImageData(size, size);
    let s = 1;
    for (let i = 0; i < img.data.length; i++) {
      s = (s * 1664525 + 1013904223) >>> 0;
      img.data[i] = i % 4 === 3 ? 255 : s >>> 24;
    }
    ctx.putImageData(img, 0, 0);
    const png = new Uint8Array(await canvas.encode("png"));
    expect(png.byteLength).toBeGreaterThan(35 * 1024 * 1024);
    const prepared = await prepareImage(png, "png");
    expect(Math.max(prepared.width, prepared.height)).toBe(2000);
    expect(prepared.scaledFrom).toEqual({ width: size, height: size });
  });

  it("refuses a file over the upload limit", async () => {
    const big = new Uint8Array(51 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7"));
    await expect(readDocument(big)).rejects.toThrow(/too large to read \(51 MB\)/);
  });

  it("stops when its signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled by the teacher"));
    const pdf = await PDFDocument.create();
    pdf.addPage();
    await expect(readDocument(await pdf.save(), { signal: controller.signal })).rejects.toThrow(/cancelled/);
  });

  it("reads non-English typed text (the model is English: accents may be lost, confidence shows it)", async () => {
    const lines = ["Nombre: Lucía Pérez", "1. ¿Cuál es la capital de España?", "Respuesta: Madrid", "2. Respuesta: cuarenta y dos"];
    const reading = await readDocument(await renderWorksheetImage(lines, "clean"));
    const result = gradeSubmission({
      reading,
      key: parseAnswerKey("1. Madrid\n2. cuarenta y dos", { totalPoints: 2 }),
      assignment: { points: 2 },
    });
    expect(result.total).toBe(2);
  });
});
