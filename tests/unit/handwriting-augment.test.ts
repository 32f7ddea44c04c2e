// The training-only elastic distortion (scripts/handwriting/augment.ts): seeded, it bends a digit's strokes without
// losing them, and at alpha 0 it leaves the digit as it was.
import { describe, expect, it } from "vitest";
import { elastic, seeded } from "../../scripts/handwriting/augment";
import { digitSample } from "../../scripts/handwriting/mnist";

const mass = (a: Float32Array) => a.reduce((s, v) => s + v, 0);

describe("elastic distortion", () => {
  const sample = digitSample(4, 0);

  it("leaves a digit as it was at alpha 0", () => {
    expect(Array.from(elastic(sample, seeded(1), 0))).toEqual(Array.from(sample));
  });

  it("moves the strokes, keeps their ink, and gives the same result for the same seed", () => {
    const bent = elastic(sample, seeded(1), 34);
    const moved = bent.reduce((s, v, i) => s + Math.abs(v - sample[i]), 0);
    expect(moved).toBeGreaterThan(0.1 * mass(sample));
    expect(mass(bent)).toBeGreaterThan(0.75 * mass(sample));
    expect(mass(bent)).toBeLessThan(1.25 * mass(sample));
    expect(Math.min(...bent)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...bent)).toBeLessThanOrEqual(1);
    expect(Array.from(elastic(sample, seeded(1), 34))).toEqual(Array.from(bent));
  });
});
