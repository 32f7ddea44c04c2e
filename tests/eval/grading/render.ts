// Renders an evaluation worksheet as a teacher's camera would give it: a clean scan, a photographed page
// (tilt, blur, noise, uneven light, JPEG) and a phone snap (the page smaller on a desk, skewed, darker, JPEG 55).
import { createRequire } from "node:module";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";

const require = createRequire(import.meta.url);

export type Render = "clean" | "photographed" | "phone-snap";
export const RENDERS: Render[] = ["clean", "photographed", "phone-snap"];

let registered = false;
function font(): string {
  if (!registered) {
    GlobalFonts.registerFromPath(require.resolve("@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2"), "GradewellEval");
    registered = true;
  }
  return "GradewellEval";
}

export function noiseSource(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface Spec {
  width: number;
  height: number;
  /** Page rectangle inside the picture, as fractions. */
  page: { x: number; y: number; w: number; h: number };
  angle: number;
  skew: number;
  blur: number;
  noise: number;
  shade: number;
  format: "png" | "jpeg";
  quality: number;
}

export const SPECS: Record<Render, Spec> = {
  clean: {
    width: 1700,
    height: 2200,
    page: { x: 0, y: 0, w: 1, h: 1 },
    angle: 0,
    skew: 0,
    blur: 0,
    noise: 0,
    shade: 0,
    format: "png",
    quality: 100,
  },
  photographed: {
    width: 1700,
    height: 2200,
    page: { x: 0, y: 0, w: 1, h: 1 },
    angle: -2,
    skew: 0,
    blur: 0.9,
    noise: 16,
    shade: 0.2,
    format: "jpeg",
    quality: 70,
  },
  "phone-snap": {
    width: 1536,
    height: 2048,
    page: { x: 0.05, y: 0.04, w: 0.9, h: 0.92 },
    angle: 1.5,
    skew: 0.03,
    blur: 1.1,
    noise: 14,
    shade: 0.32,
    format: "jpeg",
    quality: 55,
  },
};

export async function renderWorksheet(lines: string[], render: Render, seed: number): Promise<Uint8Array> {
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
  ctx.fillStyle = "#1c1c1c";
  const fontSize = Math.round(pw / 58);
  ctx.font = `${fontSize}px ${font()}`;
  const lineHeight = Math.round(fontSize * 1.75);
  lines.forEach((line, i) => ctx.fillText(line, px + pw * 0.07, py + ph * 0.06 + i * lineHeight));
  ctx.restore();
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
