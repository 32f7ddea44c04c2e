// The ensemble's views (decision 0129): each model reads a glyph leaned its own way. On glyphs cut from photographed
// answer lines of the dev split (harvest.ts: the reader's own segmentation, every capture condition), the views
// make the ensemble less sure of its misreads than the three models reading the same pixels.
import { describe, expect, it } from "vitest";
import { harvest } from "../../scripts/handwriting/harvest";
import { loadSplit } from "../../scripts/handwriting/mnist";
import { classifyGlyph, VIEWS } from "../../workers/grading/reading/handwriting/reader";

describe("the ensemble's views", () => {
  it("lowers the loss on captured dev glyphs, and is sure of no more misreads", async () => {
    const glyphs = await harvest(loadSplit("dev"), 500, 4242);
    expect(glyphs.length).toBeGreaterThan(1000);
    const score = (views: readonly number[]) => {
      let nll = 0;
      let sureWrong = 0;
      for (const g of glyphs) {
        const p = classifyGlyph(g.input, views);
        let best = 0;
        for (let c = 1; c < p.length; c++) if (p[c] > p[best]) best = c;
        if (best !== g.label && p[best] > 0.9) sureWrong++;
        nll -= Math.log(Math.max(1e-12, p[g.label]));
      }
      return { nll: nll / glyphs.length, sureWrong };
    };
    const one = score([0, 0, 0]);
    const views = score(VIEWS);
    expect(views.nll).toBeLessThan(one.nll - 0.005);
    expect(views.sureWrong).toBeLessThanOrEqual(one.sureWrong);
  });
});
