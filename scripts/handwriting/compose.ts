// Answer lines as children write them, from real MNIST digits: numbers of 1–4 digits in pencil grey on a
// printed answer line, varying size and slant, some digits touching; then photographed under the capture
// conditions of eval:reading (tools/reading/pages.ts: clean, tilt, blur, noise, shadow, perspective,
// phone), applied to the answer region's crop with the same parameters. Used by eval.ts and the unit tests.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import type { GreyImage } from "../../workers/grading/reading/handwriting/segment";
import { between, drawDigit, type Rng } from "./augment";
import type { LabelledDigit } from "./mnist";

export type Condition = "clean" | "tilt" | "blur" | "noise" | "shadow" | "perspective" | "phone";
export const CONDITIONS: Condition[] = ["clean", "tilt", "blur", "noise", "shadow", "perspective", "phone"];

export interface ComposedLine {
  truth: string;
  /** Indices (digit, index) of the MNIST samples used, for the record. */
  samples: [number, number][];
  /** The answer region at page scale (1700 px wide page), upright, before any capture. */
  region: { grey: Float32Array; width: number; height: number };
  touching: boolean;
}

/** One answer: `digits` drawn from `pool` (by digit), on a ruled line. */
export function composeLine(rng: Rng, pool: Map<number, LabelledDigit[]>, text?: string): ComposedLine {
  const n = text ? text.length : 1 + Math.floor(rng() * 4);
  const truth =
    text ?? Array.from({ length: n }, (_, i) => String(i === 0 && n > 1 ? 1 + Math.floor(rng() * 9) : Math.floor(rng() * 10))).join("");
  const height = between(rng, 32, 58);
  const slant = between(rng, -0.15, 0.45);
  const stroke = rng() < 0.4 ? between(rng, 0.2, 0.9) : rng() < 0.5 ? -between(rng, 0.1, 0.5) : 0;
  const darkness = between(rng, 0.45, 0.85); // pencil grey: 0.45 light, 0.85 dark
  const samples: [number, number][] = [];
  const glyphs = [...truth].map((ch) => {
    const list = pool.get(Number(ch))!;
    const d = list[Math.floor(rng() * list.length)];
    samples.push([d.digit, d.index]);
    const h = height * between(rng, 0.85, 1.12);
    return {
      img: drawDigit(d.pixels, {
        height: h,
        slant: slant + between(rng, -0.08, 0.08),
        width: between(rng, 0.85, 1.15),
        turn: between(rng, -0.05, 0.05),
        stroke,
      }),
      drop: between(rng, -0.06, 0.06) * height,
    };
  });
  // Spacing: about a third of the gaps touch or overlap a little.
  let touching = false;
  const xs: number[] = [];
  let x = 0;
  glyphs.forEach((g, i) => {
    if (i > 0) {
      const touch = rng() < 0.35;
      touching ||= touch;
      x += touch ? -between(rng, 0.02, 0.18) * g.img.width : between(rng, 0.06, 0.4) * height;
    }
    xs.push(x);
    x += g.img.width;
  });
  const marginL = Math.round(between(rng, 20, 60));
  const width = Math.round(x + marginL + between(rng, 20, 80));
  const regionH = Math.round(height * 1.7 + 12);
  const baseline = Math.round(regionH - height * 0.35);
  const grey = new Float32Array(width * regionH).fill(1);
  // The printed answer line: dark grey, 2 px, a little below the writing's baseline.
  const ruleY = baseline + Math.round(between(rng, -2, 4));
  for (let xx = 8; xx < width - 8; xx++) for (let t = 0; t < 2; t++) grey[(ruleY + t) * width + xx] = 0.42;
  glyphs.forEach((g, i) => {
    const ox = marginL + Math.round(xs[i]);
    const oy = Math.round(baseline + g.drop - g.img.height);
    for (let yy = 0; yy < g.img.height; yy++)
      for (let xx = 0; xx < g.img.width; xx++) {
        const v = g.img.ink[yy * g.img.width + xx];
        const py = oy + yy;
        const px = ox + xx;
        if (v > 0 && py >= 0 && py < regionH && px >= 0 && px < width) grey[py * width + px] *= 1 - darkness * v;
      }
  });
  return { truth, samples, region: { grey, width, height: regionH }, touching };
}

const jpegOf = { clean: null, tilt: 85, blur: 85, noise: 80, shadow: 80, perspective: 80, phone: 35 } as const;

/** The region as the condition's photo shows it, as grey bytes (decoded from the JPEG where there is one). */
export async function capture(line: ComposedLine, condition: Condition, rng: Rng): Promise<GreyImage> {
  const { grey, width, height } = line.region;
  const sign = rng() < 0.5 ? -1 : 1;
  const paper: [number, number, number] =
    condition === "shadow" ? [246, 240, 226] : condition === "phone" ? [244, 238, 222] : [255, 255, 255];
  const angle =
    condition === "tilt"
      ? sign * between(rng, 1.5, 3.5)
      : condition === "perspective"
        ? sign * rng()
        : condition === "phone"
          ? sign * between(rng, 1, 2.5)
          : 0;
  const blur = condition === "blur" ? between(rng, 1.6, 2.2) : condition === "phone" ? 0.8 : 0;
  const noise = condition === "noise" ? between(rng, 22, 32) : condition === "phone" ? 10 : 0;
  const shadow = condition === "shadow" ? between(rng, 0.45, 0.6) : condition === "phone" ? between(rng, 0.35, 0.5) : 0;
  // Perspective on a region: the keystone's local effect, a horizontal shear and a vertical squeeze.
  const shear = condition === "perspective" ? sign * between(rng, 0.03, 0.06) : condition === "phone" ? sign * between(rng, 0.01, 0.03) : 0;
  const scale = condition === "phone" ? 1000 / 1700 : 1;

  const src = createCanvas(width, height);
  const sctx = src.getContext("2d");
  const data = sctx.createImageData(width, height);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) data.data[i * 4 + c] = Math.round(grey[i] * paper[c]);
    data.data[i * 4 + 3] = 255;
  }
  sctx.putImageData(data, 0, 0);

  const outW = Math.max(8, Math.round(width * scale));
  const outH = Math.max(8, Math.round(height * scale));
  const out = createCanvas(outW, outH);
  const ctx = out.getContext("2d");
  ctx.fillStyle = `rgb(${paper.join(",")})`;
  ctx.fillRect(0, 0, outW, outH);
  if (blur) ctx.filter = `blur(${blur * scale}px)`;
  ctx.translate(outW / 2, outH / 2);
  ctx.rotate((angle * Math.PI) / 180);
  ctx.transform(1, 0, shear, 1 - Math.abs(shear), 0, 0);
  ctx.scale(scale, scale);
  ctx.drawImage(src, -width / 2, -height / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = "none";

  if (noise || shadow) {
    const img = ctx.getImageData(0, 0, outW, outH);
    const edgeX = outW * between(rng, 0.2, 0.8);
    for (let y = 0; y < outH; y++)
      for (let x = 0; x < outW; x++) {
        const i = (y * outW + x) * 4;
        const light = shadow ? 1 - shadow / (1 + Math.exp(-(x - edgeX + (y - outH / 2) * 0.35) / (outW * 0.15))) : 1;
        const n = noise ? (rng() + rng() + rng() - 1.5) * noise * 1.1 : 0;
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c] * light + n));
      }
    ctx.putImageData(img, 0, 0);
  }
  const quality = jpegOf[condition];
  let pixels: Uint8ClampedArray;
  if (quality === null) pixels = ctx.getImageData(0, 0, outW, outH).data;
  else {
    const decoded = await loadImage(await out.encode("jpeg", quality));
    const back = createCanvas(outW, outH).getContext("2d");
    back.drawImage(decoded, 0, 0);
    pixels = back.getImageData(0, 0, outW, outH).data;
  }
  const bytes = new Uint8Array(outW * outH);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Math.round(0.299 * pixels[i * 4] + 0.587 * pixels[i * 4 + 1] + 0.114 * pixels[i * 4 + 2]);
  return { data: bytes, width: outW, height: outH };
}
