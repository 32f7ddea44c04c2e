// The ensemble's views (decision 0129): each model reads a glyph leaned its own way. On glyphs cut from photographed
// answer lines of the dev split (harvest.ts: the reader's own segmentation, every capture condition), the views
// make the ensemble less sure of its misreads than the three models reading the same pixels.
import { describe, expect, it } from "vitest";
import { harvest, scoreGlyphs } from "../../scripts/handwriting/harvest";
import { loadSplit } from "../../scripts/handwriting/mnist";
import { classifyGlyph, VIEWS } from "../../workers/grading/reading/handwriting/reader";

describe("the ensemble's views", () => {
  it("lowers the loss on captured dev glyphs, and is sure of no more misreads", async () => {
    const glyphs = await harvest(loadSplit("dev"), 500, 4242);
    expect(glyphs.length).toBeGreaterThan(1000);
    const score = (views: readonly number[]) => scoreGlyphs(glyphs, (g) => classifyGlyph(g, views)).get("all")!;
    const one = score([0, 0, 0]);
    const views = score(VIEWS);
    expect(views.nll).toBeLessThan(one.nll - 0.005);
    expect(views.sureWrong).toBeLessThanOrEqual(one.sureWrong);
  });
});
