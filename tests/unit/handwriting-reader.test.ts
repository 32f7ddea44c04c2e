// The handwriting reader on real handwriting: answer lines composed from MNIST digits in the allowed range
// (the dev split; never the reserved 30%), pencil grey on a printed answer line, some digits touching.
import { describe, expect, it } from "vitest";
import { drawDigit, seeded } from "../../scripts/handwriting/augment";
import { capture, composeLine } from "../../scripts/handwriting/compose";
import { loadSplit, type LabelledDigit } from "../../scripts/handwriting/mnist";
import type { InkImage } from "../../workers/grading/reading/handwriting/glyph";
import { readHandwriting, support, type GreyImage } from "../../workers/grading/reading/handwriting/reader";

const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);

/** A blank answer region with a printed rule; `put` inks a glyph (ink 0..1) at (x, y top-left), pencil grey. */
function region(width: number, height: number) {
  const data = new Uint8Array(width * height).fill(250);
  for (let x = 6; x < width - 6; x++) data[(height - 14) * width + x] = data[(height - 13) * width + x] = 110;
  const put = (g: InkImage, ox: number, oy: number) => {
    for (let y = 0; y < g.height; y++)
      for (let x = 0; x < g.width; x++) {
        const i = (oy + y) * width + ox + x;
        data[i] = Math.min(data[i], Math.round(250 * (1 - 0.7 * g.ink[y * g.width + x])));
      }
  };
  const blob = (cx: number, cy: number, rx: number, ry: number) => {
    for (let y = Math.floor(cy - ry); y <= cy + ry; y++)
      for (let x = Math.floor(cx - rx); x <= cx + rx; x++) if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) data[y * width + x] = 80;
  };
  const image = (): GreyImage => ({ data, width, height });
  return { put, blob, image };
}
const digit = (d: number, n = 3, height = 44) => drawDigit(pool.get(d)![n].pixels, { height, slant: 0.15, width: 1, turn: 0, stroke: 0.3 });

describe("handwriting reader", () => {
  it("reads composed lines of real handwritten digits, with the truth ranked first on most", async () => {
    // 20 answers of 1–4 digits; the dev split reads about 90% of clean lines exactly (eval:handwriting).
    const rng = seeded(5);
    let exact = 0;
    let offered = 0;
    for (let i = 0; i < 20; i++) {
      const line = composeLine(rng, pool);
      const read = readHandwriting(await capture(line, "clean", rng));
      if (read.readings[0].text === line.truth) exact++;
      if (read.readings.some((r) => r.text === line.truth)) offered++;
      // The truth is better supported than the same answer with a digit lost.
      expect(read.support(line.truth)).toBeGreaterThan(read.support(line.truth.slice(1) || "0"));
    }
    expect(exact).toBeGreaterThanOrEqual(15);
    expect(offered).toBeGreaterThanOrEqual(18);
  });

  it('gives the dropped-digit misreading of 375 ("35") next to no support', async () => {
    const rng = seeded(11);
    const line = composeLine(rng, pool, "375");
    const read = readHandwriting(await capture(line, "clean", rng));
    expect(read.support("35")).toBeLessThan(0.02);
    expect(read.support("375")).toBeGreaterThan(read.support("35"));
  });

  it("separates two digits that touch", () => {
    const r = region(220, 90);
    const three = digit(3);
    const seven = digit(7);
    r.put(three, 40, 20);
    r.put(seven, 40 + three.width - 3, 20);
    const read = readHandwriting(r.image());
    expect(read.readings[0].text).toBe("37");
    expect(read.support("37")).toBeGreaterThan(0.5);
    expect(read.support("3")).toBeLessThan(0.2);
  });

  it("reads a decimal point and a minus sign by their shape and place", () => {
    const r = region(260, 90);
    const three = digit(3);
    r.put(three, 40, 20);
    r.blob(40 + three.width + 9, 60, 3.5, 3.5);
    r.put(digit(5), 40 + three.width + 20, 20);
    expect(readHandwriting(r.image()).readings[0].text).toBe("3.5");

    const m = region(200, 90);
    for (let x = 30; x < 56; x++) for (let y = 40; y < 44; y++) m.put({ ink: Float32Array.of(1), width: 1, height: 1 }, x, y);
    m.put(digit(4), 70, 20);
    expect(readHandwriting(m.image()).readings[0].text).toBe("-4");
  });

  it("reads a stacked fraction as numerator / denominator", () => {
    const r = region(160, 150);
    r.put(digit(3, 2, 40), 55, 8);
    for (let x = 45; x < 105; x++) for (let y = 56; y < 59; y++) r.put({ ink: Float32Array.of(1), width: 1, height: 1 }, x, y);
    r.put(digit(4, 2, 40), 55, 64);
    expect(readHandwriting(r.image()).readings[0].text).toBe("3/4");
  });

  it("finds nothing on a blank answer line, and scores a reading by how well the ink supports it", () => {
    const blank = region(200, 80).image();
    expect(readHandwriting(blank).readings[0].text).toBe("");
    expect(support(blank, "12")).toBe(0);
    const r = region(200, 90);
    const one = digit(1, 0);
    r.put(one, 50, 20);
    r.put(digit(2, 0), 50 + one.width + 12, 20);
    const crop = r.image();
    expect(support(crop, "12")).toBeGreaterThan(0.6);
    expect(support(crop, "13")).toBeLessThan(0.2);
    expect(support(crop, " 1 2 ")).toBeCloseTo(support(crop, "12"));
  });
});
