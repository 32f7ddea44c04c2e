// Renders a student's filled page as a teacher's camera gives it, under the capture conditions of
// tests/eval/grading/render.ts: a clean scan, a photographed page (tilt, blur, noise, uneven light, JPEG 70) and a
// phone snap (the page smaller on a desk, skewed, darker, JPEG 55), with that file's own specs and noise.
import { createCanvas } from "@napi-rs/canvas";
import { noiseSource, SPECS, type Render } from "../../../tests/eval/grading/render";
import { fontFamily } from "./fonts";
import { PAGE, type FilledPage } from "./layouts";

export type { Render };
export const RENDERS: Render[] = ["clean", "photographed", "phone-snap"];

/** Pen colours of the students' answers (a page's answers share one). */
const INKS = ["#1b2a6e", "#202020", "#0d3b66"];

export async function renderPage(page: FilledPage, render: Render, seed: number): Promise<Uint8Array> {
  const spec = SPECS[render];
  const { width, height } = spec;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  // The desk under the page.
  ctx.fillStyle = render === "phone-snap" ? "#6b6258" : "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((spec.angle * Math.PI) / 180);
  // A phone held at a slight angle: the page leans (an affine stand-in for perspective).
  ctx.transform(1, spec.skew * 0.3, spec.skew, 1, 0, 0);
  ctx.translate(-width / 2, -height / 2);
  const px = spec.page.x * width;
  const py = spec.page.y * height;
  const pw = spec.page.w * width;
  const ph = spec.page.h * height;
  ctx.fillStyle = "#fbfaf6";
  ctx.fillRect(px, py, pw, ph);
  if (spec.blur) ctx.filter = `blur(${spec.blur}px)`;
  // Page units onto the page rectangle.
  ctx.translate(px, py);
  ctx.scale(pw / PAGE.width, ph / PAGE.height);
  ctx.strokeStyle = "#2a2a2a";
  ctx.lineWidth = 1.3;
  const ink = INKS[seed % INKS.length]!;
  for (const r of page.rules) {
    ctx.beginPath();
    if (r.kind === "ellipse") {
      // The student's pen, a little heavier than the sheet's rules.
      ctx.save();
      ctx.strokeStyle = ink;
      ctx.lineWidth = 1.8;
      ctx.ellipse(r.x + r.w / 2, r.y + (r.h ?? 0) / 2, r.w / 2, (r.h ?? 0) / 2, 0, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.restore();
      continue;
    }
    if (r.kind === "tick" || r.kind === "cross") {
      ctx.save();
      ctx.strokeStyle = ink;
      ctx.lineWidth = 2;
      const [w, h] = [r.w, r.h ?? 0];
      if (r.kind === "tick") {
        ctx.moveTo(r.x, r.y + h * 0.6);
        ctx.lineTo(r.x + w * 0.3, r.y + h);
        ctx.lineTo(r.x + w, r.y);
      } else {
        ctx.moveTo(r.x, r.y);
        ctx.lineTo(r.x + w, r.y + h);
        ctx.moveTo(r.x + w, r.y);
        ctx.lineTo(r.x, r.y + h);
      }
      ctx.stroke();
      ctx.restore();
      continue;
    }
    if (r.kind === "disc") {
      // A bubble filled in with the student's pencil.
      ctx.save();
      ctx.fillStyle = ink;
      ctx.ellipse(r.x + r.w / 2, r.y + (r.h ?? 0) / 2, r.w / 2, (r.h ?? 0) / 2, 0, 0, 2 * Math.PI);
      ctx.fill();
      ctx.restore();
      continue;
    }
    if (r.kind === "bubble") ctx.ellipse(r.x + r.w / 2, r.y + (r.h ?? 0) / 2, r.w / 2, (r.h ?? 0) / 2, 0, 0, 2 * Math.PI);
    else if (r.kind === "box") ctx.rect(r.x, r.y, r.w, r.h ?? 0);
    else {
      ctx.moveTo(r.x, r.y);
      ctx.lineTo(r.x + r.w, r.y);
    }
    ctx.stroke();
  }
  for (const m of page.marks) {
    ctx.save();
    ctx.fillStyle = m.face === "print" ? "#1c1c1c" : ink;
    ctx.font = `${m.size}px ${fontFamily(m.face)}`;
    ctx.translate(m.x, m.y);
    if (m.angle) ctx.rotate((m.angle * Math.PI) / 180);
    ctx.fillText(m.text, 0, 0);
    ctx.restore();
  }
  ctx.restore();
  // Copied from tests/eval/grading/render.ts.
  if (spec.noise || spec.shade) {
    const img = ctx.getImageData(0, 0, width, height);
    const rnd = noiseSource(seed);
    for (let y = 0; y < height; y++) {
      const light = 1 - spec.shade * (y / height) * 0.8;
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const n = (rnd() - 0.5) * 2 * spec.noise;
        const shade = light - spec.shade * 0.5 * (x / width);
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! * shade + n));
      }
    }
    ctx.putImageData(img, 0, 0);
  }
  const bytes = spec.format === "png" ? await canvas.encode("png") : await canvas.encode("jpeg", spec.quality);
  return new Uint8Array(bytes);
}
