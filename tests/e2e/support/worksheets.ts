// Students' work and an answer key drawn in Node for the browser tests: what a teacher would upload.
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** A worksheet photo-like PNG with the student's name and answers, drawn in Node. */
export function worksheetPng(name: string, answers: string[]): Buffer {
  const canvas = createCanvas(800, 600);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 800, 600);
  ctx.fillStyle = "#111111";
  ctx.font = "32px sans-serif";
  ctx.fillText(`Name: ${name}`, 40, 70);
  answers.forEach((answer, i) => ctx.fillText(`${i + 1}. ${answer}`, 40, 150 + i * 60));
  return canvas.toBuffer("image/png");
}

export async function answerKeyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  ["Answer key", "1. 3/4", "2. 12", "3. 0.5"].forEach((line, i) => page.drawText(line, { x: 60, y: 720 - i * 30, size: 18, font }));
  return Buffer.from(await pdf.save());
}
