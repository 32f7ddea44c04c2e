// The key's answer verified against the ink even when the handwriting reader did not list it (decision 0073): the
// reader's lattice travels with the word, and the grading side weighs the key by it. Real handwriting: MNIST digits
// of the dev split (allowed part).
import { describe, expect, it } from "vitest";
import { seeded } from "../../scripts/handwriting/augment";
import { composeLine } from "../../scripts/handwriting/compose";
import { loadSplit, type LabelledDigit } from "../../scripts/handwriting/mnist";
import { parseAnswerKey } from "../../workers/grading/answers/answer-key";
import { verifyHandwriting, withKeyReadings } from "../../workers/grading/judging/handwriting";
import { inkSupport } from "../../workers/grading/reading/handwriting/lattice";
import { readHandwriting } from "../../workers/grading/reading/handwriting/reader";
import type { InkLattice, WordAlternatives } from "../../workers/grading/reading/types";

const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);

/** Three pieces, one digit each: the first mostly a 9 (a 2 with a closed loop), then a sure 3 and a sure 4. */
const loopedTwo: InkLattice = {
  nodes: 4,
  total: 1,
  edges: [
    {
      from: 0,
      to: 1,
      options: [
        ["9", 0.6],
        ["5", 0.25],
        ["3", 0.1],
        ["2", 0.05],
      ],
    },
    { from: 1, to: 2, options: [["3", 1]] },
    { from: 2, to: 3, options: [["4", 1]] },
  ],
};

const listed = (readings: [string, number][], lattice?: InkLattice): WordAlternatives => ({
  readings: readings.map(([text, share]) => ({ text, share, probability: share })),
  rest: Math.max(0, 1 - readings.reduce((s, [, p]) => s + p, 0)),
  ocr: { text: "", confidence: 0 },
  why: "answer",
  lattice,
});

describe("the key weighed by the ink's lattice", () => {
  it("carries a lattice that supports any reading as the reader itself does", () => {
    const line = composeLine(seeded(7), pool, "234");
    const crop = {
      data: Uint8Array.from(line.region.grey, (g) => Math.round(250 * g)),
      width: line.region.width,
      height: line.region.height,
    };
    const read = readHandwriting(crop, { raw: true, count: 8 });
    const lattice = read.carried!();
    // Small enough to travel with every handwritten word.
    expect(JSON.stringify(lattice).length).toBeLessThan(8000);
    for (const candidate of [read.readings[0]!.text, "234", "2 3 4", "734", "99"]) {
      const own = read.support(candidate);
      expect(inkSupport(lattice, candidate)).toBeCloseTo(own, 3);
      expect(Math.abs(inkSupport(lattice, candidate) - own)).toBeLessThanOrEqual(0.01 * own + 1e-6);
    }
  });

  it("adds the key's answer the reader did not list, its share taken from the rest", () => {
    const alternatives = listed(
      [
        ["934", 0.6],
        ["534", 0.25],
        ["334", 0.1],
      ],
      loopedTwo,
    );
    const { readings, rest } = withKeyReadings(alternatives.readings, alternatives, "234");
    expect(readings.map((r) => r.text)).toEqual(["934", "534", "334", "234"]);
    expect(readings[3]!.share).toBeCloseTo(0.05, 6);
    expect(rest).toBeCloseTo(0, 6);
    // A key the reader listed, a key that is no number, and a word without its lattice add nothing.
    expect(withKeyReadings(alternatives.readings, alternatives, "934").readings).toHaveLength(3);
    expect(withKeyReadings(alternatives.readings, alternatives, "a square").readings).toHaveLength(3);
    expect(withKeyReadings(alternatives.readings, { ...alternatives, lattice: undefined }, "234").readings).toHaveLength(3);
  });

  it("flags the wrong mark when the ink gives the unlisted key a share, which the listed readings alone hide", () => {
    // A key whose first digit the classifier does not mistake for a 9 (READ_AS): only the lattice puts it in sight.
    const q = parseAnswerKey("1. 734", { totalPoints: 1 }).questions[0]!;
    const sureNine: InkLattice = {
      ...loopedTwo,
      edges: [
        {
          from: 0,
          to: 1,
          options: [
            ["9", 0.85],
            ["5", 0.1],
            ["3", 0.03],
            ["7", 0.02],
          ],
        },
        ...loopedTwo.edges.slice(1),
      ],
    };
    const readings: [string, number][] = [
      ["934", 0.85],
      ["534", 0.1],
      ["334", 0.03],
    ];
    const verdict = verifyHandwriting(q, "934", { text: "934", alternatives: listed(readings, sureNine) }, undefined, "734");
    expect(verdict.judgement.credit).toBe(0);
    expect(verdict.clear).toBe(false);
    expect(verdict.doubt).toMatch(/"734" \(\d+%\)/);
    // The same readings without the lattice: nothing says the rest is the key's, and the wrong mark stands.
    expect(verifyHandwriting(q, "934", { text: "934", alternatives: listed(readings) }, undefined, "734").clear).toBe(true);
    // A key of 234 is in sight without the lattice too: a 2 is read as 9 (decision 0075).
    const q234 = parseAnswerKey("1. 234", { totalPoints: 1 }).questions[0]!;
    expect(verifyHandwriting(q234, "934", { text: "934", alternatives: listed(readings) }, undefined, "234").clear).toBe(false);
  });
});
