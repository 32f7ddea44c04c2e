import { describe, expect, it } from "vitest";
import { characterEdits } from "../../../tools/reading/edits";

describe("the reading evaluation's edit list", () => {
  it("names each substitution, lost and added character once, in reading order", () => {
    const edits = characterEdits("9. 20 ÷ 4 = 5\nName: Ava", "9. 20 + 4 =5 Name. Avva");
    expect(edits.map((e) => e.kind)).toEqual(["'÷'->'+'", "del ' '", "':'->'.'", "ins 'v'"]);
    expect(edits[0].truth).toContain("20 ÷ 4");
    expect(edits[0].read).toContain("20 + 4");
  });

  it("finds nothing to list when the reading matches (spacing and underscores aside)", () => {
    expect(characterEdits("Answer: ____ 12", "Answer:   12")).toEqual([]);
  });
});
