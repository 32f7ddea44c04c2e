// Answer crops cut from the strips a page keeps around its lines (docs/decisions/0052): a crop of an answer's
// region comes out whole from its line's strip, and shows the same ink as the page there.
import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it } from "vitest";
import { answerRegion } from "../../../workers/grading/answers/regions";
import { cropBoxes, lineStrips } from "../../../workers/grading/reading/crops";
import type { GreyImage } from "../../../workers/grading/reading/ocr/cleanup";
import type { ReadLine, ReadWord } from "../../../workers/grading/reading/types";

function word(text: string, x: number, y: number): ReadWord {
  return { text, confidence: 0.95, bbox: { x, y, width: text.length * 14, height: 30 } };
}

function line(...words: ReadWord[]): ReadLine {
  const x = words[0]!.bbox.x;
  const right = Math.max(...words.map((w) => w.bbox.x + w.bbox.width));
  return {
    text: words.map((w) => w.text).join(" "),
    confidence: 0.95,
    bbox: { x, y: words[0]!.bbox.y, width: right - x, height: 30 },
    words,
  };
}

/** A white page with a dark bar under every word (its ink). */
function page(width: number, height: number, lines: ReadLine[]): GreyImage {
  const data = new Uint8Array(width * height).fill(250);
  for (const w of lines.flatMap((l) => l.words))
    for (let y = w.bbox.y + 5; y < w.bbox.y + w.bbox.height - 5; y++)
      data.fill(20, y * width + w.bbox.x, y * width + w.bbox.x + w.bbox.width);
  return { data, width, height };
}

const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
};

describe("answer crops from line strips", () => {
  const lines = [
    line(word("1.", 40, 40), word("12", 80, 40), word("x", 125, 40), word("8", 150, 40), word("=", 175, 40), word("96", 200, 40)),
    line(word("Answer:", 40, 100), word("12", 160, 100), word("cm", 200, 100)),
    // At the page's edge: the strip is clipped to the page.
    line(word("3.", 2, 165), word("0.65", 550, 165)),
  ];
  const grey = page(640, 200, lines);
  const strips = lineStrips(grey, lines, 70);

  it("keeps one strip a line, with its words and a margin, and far fewer pixels than the page", () => {
    expect(strips).toHaveLength(3);
    expect(strips[0]).toMatchObject({ x: 10, y: 25, width: 248, height: 60 });
    expect(strips[2]!.x).toBe(0);
    expect(strips[2]!.x + strips[2]!.width).toBeLessThanOrEqual(640);
    expect(strips[2]!.y + strips[2]!.height).toBeLessThanOrEqual(200);
    expect(strips.reduce((n, s) => n + s.width * s.height, 0)).toBeLessThan(0.6 * 640 * 200);
  });

  it("cuts each answer's region whole from its line's strip, ink where the page has it", () => {
    const onPage = lines.map((l) => ({ ...l, page: 1 }));
    const answers = [
      { answer: "96", line: 0, ink: lines[0]!.words[5]! },
      { answer: "12 cm", line: 1, ink: lines[1]!.words[2]! },
      { answer: "0.65", line: 2, ink: lines[2]!.words[1]! },
    ];
    const regions = answers.map(({ answer, line }, i) =>
      answerRegion(onPage, { number: i + 1, answer, line, readingConfidence: 0.95, source: "inline", matchedBy: "number" })!,
    );
    const pngs = cropBoxes({ strips, width: 640, height: 200 }, regions);
    regions.forEach((region, i) => {
      const png = pngs[i]!;
      const right = Math.min(640, Math.ceil(region.x + region.width));
      const bottom = Math.min(200, Math.ceil(region.y + region.height));
      expect(pngSize(png)).toEqual([right - Math.floor(region.x), bottom - Math.floor(region.y)]);
      const image = PhotonImage.new_from_byteslice(png);
      const pixels = image.get_raw_pixels();
      const [w, h] = [image.get_width(), image.get_height()];
      image.free();
      // The answer's ink is where the page has it; the crop's corner is the white margin.
      const at = (x: number, y: number) => pixels[(y * w + x) * 4]!;
      const { bbox } = answers[i]!.ink;
      expect(at(bbox.x + bbox.width / 2 - Math.floor(region.x), bbox.y + bbox.height / 2 - Math.floor(region.y))).toBeLessThan(80);
      expect(at(1, 1)).toBeGreaterThan(200);
      expect(h).toBeLessThanOrEqual(Math.ceil(region.height));
    });
  });

  it("answers null for a box that lies outside every strip or the page", () => {
    const [outside, offPage] = cropBoxes({ strips, width: 640, height: 200 }, [
      { x: 400, y: 40, width: 100, height: 30 },
      { x: 700, y: 10, width: 50, height: 20 },
    ]);
    expect(outside).toBeNull();
    expect(offPage).toBeNull();
  });
});
