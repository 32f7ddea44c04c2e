// Crops recognised together (workers/grading/reading/ocr/rec-batches.ts): which crops share a run, and how each is
// padded into it.
import { describe, expect, it } from "vitest";
import { framesOf, MAX_BATCH, MAX_BATCH_WIDTH, MAX_PAD, padded, similarWidths } from "../../../workers/grading/reading/ocr/rec-batches";

describe("crops batched by width", () => {
  it("puts crops of about one width together, narrowest first, and every crop in exactly one batch", () => {
    const widths = [100, 300, 96, 120, 1000, 110, 290];
    const batches = similarWidths(widths);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(widths.map((_, i) => i));
    expect(batches).toEqual([[2, 0, 5, 3], [6, 1], [4]]);
    for (const batch of batches) {
      const sizes = batch.map((i) => widths[i]!);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(Math.min(...sizes) * MAX_PAD);
    }
  });

  it("keeps wide crops alone and batches at most MAX_BATCH crops", () => {
    expect(similarWidths([MAX_BATCH_WIDTH + 1, MAX_BATCH_WIDTH + 2])).toEqual([[0], [1]]);
    const many = similarWidths(Array.from({ length: MAX_BATCH + 3 }, () => 96));
    expect(many.map((b) => b.length)).toEqual([MAX_BATCH, 3]);
    expect(similarWidths([])).toEqual([]);
  });

  it("pads each crop on its right with paper, channel by channel, row by row", () => {
    const height = 2;
    const crop = (width: number, base: number) => ({
      width,
      tensor: Float32Array.from({ length: 3 * height * width }, (_, i) => base + i),
    });
    const out = padded([crop(2, 0), crop(3, 100)], height, 3);
    expect(Array.from(out)).toEqual([
      // the first crop: three channels of two rows, each row two columns and one of paper
      0,
      1,
      1,
      2,
      3,
      1,
      4,
      5,
      1,
      6,
      7,
      1,
      8,
      9,
      1,
      10,
      11,
      1,
      // the second, as wide as the batch
      ...Array.from({ length: 18 }, (_, i) => 100 + i),
    ]);
  });

  it("gives each crop the frames of its own columns", () => {
    expect(framesOf(96, 120, 15)).toBe(12);
    expect(framesOf(120, 120, 15)).toBe(15);
    expect(framesOf(1, 120, 15)).toBe(1);
  });
});
