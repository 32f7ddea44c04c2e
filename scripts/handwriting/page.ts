// A typed worksheet answered by hand: printed sums ("4. 37 + 48 =") in black, and the child's answer after each,
// composed from real MNIST digits of one split (compose.ts: pencil grey, size and slant varying, some digits
// touching, on a ruled answer line). Half the answers are right, half a close slip of the right one. The page is
// then scanned or photographed as a whole: clean (a scan), photo (turned, shadowed, noisy, JPEG 80) and phone (the
// same, softer, 1000 px wide, JPEG 35), the parameters of eval:reading's tilt/shadow and phone conditions without
// the keystone. Used by eval-pages.ts and to write the integration test's fixture.
import { createCanvas, GlobalFonts, loadImage } from "@napi-rs/canvas";
import { createRequire } from "node:module";
import { between, seeded, type Rng } from "./augment";
import { composeLine, type ComposedLine } from "./compose";
import type { LabelledDigit } from "./mnist";

const require = createRequire(import.meta.url);
export type PageCondition = "clean" | "photo" | "phone";
export const PAGE_CONDITIONS: PageCondition[] = ["clean", "photo", "phone"];
const PAGE_W = 1700;
const ROW = 120;

/** A close slip of a number: one digit off by one, a digit dropped or added, or two swapped. */
export function slip(text: string, rng: Rng): string {
  for (;;) {
    const i = Math.floor(rng() * text.length);
    const kind = rng();
    let out: string;
    if (kind < 0.6) out = text.slice(0, i) + String((Number(text[i]) + (rng() < 0.5 ? 9 : 1)) % 10) + text.slice(i + 1);
    else if (kind < 0.8 && text.length > 1) out = text.slice(0, i) + text.slice(i + 1);
    else
      out =
        text.length > 1 && i < text.length - 1
          ? text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2)
          : text + String(Math.floor(rng() * 10));
    if (out !== text && out !== "" && !/^0\d/.test(out)) return out;
  }
}

export interface HandwrittenPage {
  /** The scan or photo as uploaded. */
  bytes: Uint8Array;
  /** The teacher's key ("1. 85" a line). */
  key: string;
  questions: { number: number; text: string; right: string; wrote: string; touching: boolean }[];
}

/** The page upright, grey 0..1 (1 paper), before capture. */
function draw(rng: Rng, pool: Map<number, LabelledDigit[]>, count: number) {
  const family = "HwPage-sans";
  if (!GlobalFonts.has(family))
    GlobalFonts.registerFromPath(require.resolve("@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2"), family);
  const height = 220 + count * ROW;
  const canvas = createCanvas(PAGE_W, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, PAGE_W, height);
  ctx.fillStyle = "#1c1c24";
  ctx.font = `34px ${family}`;
  ctx.fillText("Addition and subtraction", 120, 110);
  const questions: HandwrittenPage["questions"] = [];
  const answers: { line: ComposedLine; x: number; y: number }[] = [];
  for (let n = 1; n <= count; n++) {
    const a = 10 + Math.floor(rng() * 490);
    const b = 2 + Math.floor(rng() * 480);
    const add = rng() < 0.6 || a <= b;
    const right = String(add ? a + b : a - b);
    const wrote = rng() < 0.5 ? right : slip(right, rng);
    const text = `${n}. ${a} ${add ? "+" : "-"} ${b} =`;
    const y = 200 + (n - 1) * ROW;
    ctx.fillText(text, 120, y);
    const line = composeLine(rng, pool, wrote);
    answers.push({ line, x: 130 + ctx.measureText(text).width + between(rng, 30, 70), y });
    questions.push({ number: n, text, right, wrote, touching: line.touching });
  }
  const img = ctx.getImageData(0, 0, PAGE_W, height);
  for (const { line, x, y } of answers) {
    const { grey, width, height: h } = line.region;
    // The region's ruled line sits at about 0.65 of its height: put it just under the printed baseline.
    const top = Math.round(y - 0.62 * h);
    for (let yy = 0; yy < h; yy++)
      for (let xx = 0; xx < width; xx++) {
        const px = Math.round(x) + xx;
        const py = top + yy;
        if (px < 0 || px >= PAGE_W || py < 0 || py >= height) continue;
        const i = (py * PAGE_W + px) * 4;
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.min(img.data[i + c], Math.round(255 * grey[yy * width + xx]));
      }
  }
  ctx.putImageData(img, 0, 0);
  return { canvas, questions };
}

/** The page as the condition captures it. */
export async function composePage(
  seed: number,
  pool: Map<number, LabelledDigit[]>,
  condition: PageCondition,
  count = 10,
): Promise<HandwrittenPage> {
  const rng = seeded(seed);
  const { canvas, questions } = draw(rng, pool, count);
  const key = questions.map((q) => `${q.number}. ${q.right}`).join("\n");
  if (condition === "clean") return { bytes: new Uint8Array(await canvas.encode("png")), key, questions };
  const photo = seeded(seed * 31 + PAGE_CONDITIONS.indexOf(condition));
  const phone = condition === "phone";
  const scale = phone ? 1000 / PAGE_W : 1;
  const w = Math.round(canvas.width * scale);
  const h = Math.round(canvas.height * scale);
  const out = createCanvas(w, h);
  const ctx = out.getContext("2d");
  const paper = phone ? [244, 238, 222] : [246, 240, 226];
  ctx.fillStyle = `rgb(${paper.join(",")})`;
  ctx.fillRect(0, 0, w, h);
  ctx.filter = `blur(${phone ? 0.8 * scale : 0.4}px)`;
  ctx.translate(w / 2, h / 2);
  ctx.rotate(((photo() < 0.5 ? -1 : 1) * between(photo, phone ? 1 : 1.5, phone ? 2.5 : 3.5) * Math.PI) / 180);
  ctx.scale(scale, scale);
  ctx.globalCompositeOperation = "multiply";
  ctx.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = "none";
  ctx.globalCompositeOperation = "source-over";
  const img = ctx.getImageData(0, 0, w, h);
  const shadow = phone ? between(photo, 0.35, 0.5) : between(photo, 0.45, 0.6);
  const edge = w * between(photo, 0.2, 0.6);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const light = 1 - shadow / (1 + Math.exp(-(x - edge + (y - h / 2) * 0.35) / (w * 0.08)));
      const n = (photo() + photo() + photo() - 1.5) * 11;
      for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c] * light + n));
    }
  ctx.putImageData(img, 0, 0);
  const bytes = new Uint8Array(await out.encode("jpeg", phone ? 35 : 80));
  await loadImage(bytes); // a JPEG the decoder takes
  return { bytes, key, questions };
}
