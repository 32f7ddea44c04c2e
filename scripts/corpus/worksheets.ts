// The engines' corpus: typed worksheets with known keys and expected scores, rendered on demand as
// images (clean, photographed, poor), PDFs with and without a text layer, and DOCX.
// Used by tests/unit/engines, tests/integration/engines.test.ts (via a fixture) and scripts/bench-engines.ts.
import { createRequire } from "node:module";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { Document, Packer, Paragraph } from "docx";
import { PDFDocument, StandardFonts } from "pdf-lib";

const require = createRequire(import.meta.url);

export interface Worksheet {
  id: string;
  title: string;
  gradeLevel: number;
  points: number;
  studentName: string;
  /** The student's page, line by line, exactly as typed. */
  lines: string[];
  key: string;
  /** Points each question should get. */
  expected: Record<number, number>;
}

export const WORKSHEETS: Worksheet[] = [
  {
    id: "math-grade5",
    title: "Fractions and decimals",
    gradeLevel: 5,
    points: 16,
    studentName: "Maya Lopez",
    lines: [
      "Name: Maya Lopez",
      "Grade 5 Math Practice - Fractions and Decimals",
      "",
      "1. 12 x 8 = 96",
      "2. 3/4 + 1/4 = 1",
      "3. What is 0.5 written as a fraction?",
      "Answer: 1/2",
      "4. 45 + 38 = 73",
      "5. A rectangle is 4 cm by 3 cm. What is its area?",
      "Answer: 12",
      "6. Solve: 2x + 3 = 13",
      "Answer: x = 5",
      "7. What is 25% of 80?",
      "Answer: 20",
      "8. Which is larger: 0.7 or 0.65?",
      "Answer: 0.65",
    ],
    key: ["1. 96", "2. 1", "3. 1/2 | 0.5", "4. 83", "5. 12 cm2", "6. x = 5", "7. 20", "8. 0.7"].join("\n"),
    expected: { 1: 2, 2: 2, 3: 2, 4: 0, 5: 1, 6: 2, 7: 2, 8: 0 },
  },
  {
    id: "science-grade7",
    title: "Cells",
    gradeLevel: 7,
    points: 12,
    studentName: "Jordan Lee",
    lines: [
      "Name: Jordan Lee",
      "Grade 7 Science Quiz: Cells",
      "",
      "1. What do plants use to make food from sunlight?",
      "Answer: photosynthesis",
      "2. Which organelle is the powerhouse of the cell?",
      "A) nucleus   B) mitochondria   C) ribosome",
      "Answer: B",
      "3. What gas do plants release?",
      "Answer: oxygen",
      "4. What is the basic unit of life?",
      "Answer: the cel",
      "5. Which part controls the cell?",
      "A) nucleus   B) membrane   C) wall",
      "Answer: C",
      "6. Name the green pigment in leaves.",
      "Answer:",
    ],
    key: ["1. photosynthesis", "2. B", "3. oxygen | O2", "4. cell", "5. A", "6. chlorophyll"].join("\n"),
    expected: { 1: 2, 2: 2, 3: 2, 4: 2, 5: 0, 6: 0 },
  },
  {
    id: "math-grade3-out-of-order",
    title: "Math check",
    gradeLevel: 3,
    points: 8,
    studentName: "Sam Carter",
    lines: ["Name: Sam Carter", "Grade 3 Math Check", "", "Q3: 7 + 6 = 13", "Q1: 9 - 4 = 5", "Q2: 6 x 3 = 17", "Q4: 20 / 4 = 5"],
    key: ["Q1: 5", "Q2: 18", "Q3: 13", "Q4: 5"].join("\n"),
    expected: { 1: 2, 2: 0, 3: 2, 4: 2 },
  },
];

export type ImageQuality = "clean" | "photo" | "poor";
export const IMAGE_QUALITIES: ImageQuality[] = ["clean", "photo", "poor"];

let fontRegistered = false;
/** DejaVu Sans from an npm package, so the corpus renders the same on every machine. */
function font(): string {
  if (!fontRegistered) {
    GlobalFonts.registerFromPath(require.resolve("@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2"), "GradewellCorpus");
    fontRegistered = true;
  }
  return "GradewellCorpus";
}

/** Deterministic noise, so a quality means the same pixels every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface RenderSpec {
  width: number;
  fontSize: number;
  angle: number;
  blur: number;
  noise: number;
  shade: number;
  format: "png" | "jpeg";
  jpegQuality: number;
}

const SPECS: Record<ImageQuality, RenderSpec> = {
  clean: { width: 1700, fontSize: 34, angle: 0, blur: 0, noise: 0, shade: 0, format: "png", jpegQuality: 100 },
  photo: { width: 1700, fontSize: 34, angle: 2.5, blur: 1, noise: 18, shade: 0.18, format: "jpeg", jpegQuality: 70 },
  poor: { width: 1300, fontSize: 26, angle: 4, blur: 1.2, noise: 12, shade: 0.3, format: "jpeg", jpegQuality: 40 },
};

export function worksheetText(ws: Worksheet): string {
  return ws.lines.join("\n");
}

export async function renderWorksheetImage(lines: string[], quality: ImageQuality, seed = 7): Promise<Uint8Array> {
  const spec = SPECS[quality];
  const width = spec.width;
  const lineHeight = Math.round(spec.fontSize * 1.9);
  const height = Math.round(width * 1.294);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((spec.angle * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  if (spec.blur) ctx.filter = `blur(${spec.blur}px)`;
  ctx.fillStyle = "#1a1a1a";
  ctx.font = `${spec.fontSize}px ${font()}`;
  const left = Math.round(width * 0.08);
  lines.forEach((line, i) => ctx.fillText(line, left, Math.round(height * 0.08) + i * lineHeight));
  ctx.restore();
  if (spec.noise || spec.shade) {
    const img = ctx.getImageData(0, 0, width, height);
    const rnd = random(seed);
    for (let y = 0; y < height; y++) {
      // Uneven light: darker towards one corner, as under a desk lamp.
      const light = 1 - spec.shade * (y / height) * 0.8;
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const n = (rnd() - 0.5) * 2 * spec.noise;
        const shade = light - spec.shade * 0.4 * (x / width);
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c] * shade + n));
      }
    }
    ctx.putImageData(img, 0, 0);
  }
  const bytes = spec.format === "png" ? await canvas.encode("png") : await canvas.encode("jpeg", spec.jpegQuality);
  return new Uint8Array(bytes);
}

/** The page as a phone would save it held sideways: pixels turned 90° clockwise... no: counter-
 * clockwise, with EXIF orientation 6 telling viewers to turn it 90° clockwise back upright. */
export async function renderSidewaysJpegWithExif(lines: string[]): Promise<Uint8Array> {
  const upright = await renderWorksheetImage(lines, "clean");
  const { loadImage } = await import("@napi-rs/canvas");
  const img = await loadImage(Buffer.from(upright));
  const canvas = createCanvas(img.height, img.width);
  const ctx = canvas.getContext("2d");
  // Turn 90° counter-clockwise.
  ctx.translate(0, img.width);
  ctx.rotate(-Math.PI / 2);
  ctx.drawImage(img, 0, 0);
  const jpeg = new Uint8Array(await canvas.encode("jpeg", 90));
  return withExifOrientation(jpeg, 6);
}

/** Inserts an APP1 Exif segment with one IFD0 entry, Orientation, after the JPEG's SOI marker. */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
  const payload = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff];
  const length = payload.length + 2;
  const app1 = [0xff, 0xe1, length >> 8, length & 0xff, ...payload];
  const out = new Uint8Array(jpeg.length + app1.length);
  out.set(jpeg.subarray(0, 2));
  out.set(app1, 2);
  out.set(jpeg.subarray(2), 2 + app1.length);
  return out;
}

/** A PDF whose pages carry real text (a typed worksheet exported from a word processor). */
export async function worksheetPdfWithText(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const helvetica = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 22, size: 12, font: helvetica }));
  }
  return pdf.save();
}

/** A scanned PDF: each page is only an image, no text layer. */
export async function worksheetPdfScanned(pages: string[][], quality: ImageQuality = "photo"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const lines of pages) {
    const bytes = await renderWorksheetImage(lines, quality);
    const image = SPECS[quality].format === "png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
    const page = pdf.addPage([612, 792]);
    page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return pdf.save();
}

export async function worksheetDocx(lines: string[]): Promise<Uint8Array> {
  const doc = new Document({ sections: [{ children: lines.map((line) => new Paragraph({ text: line })) }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** Character error rate: edit distance between the read and the true text over the true text's length. */
export function characterErrorRate(truth: string, read: string): number {
  const a = truth.replace(/\s+/g, " ").trim();
  const b = read.replace(/\s+/g, " ").trim();
  if (!a.length) return b.length ? 1 : 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length] / a.length;
}
