// Which answers are one group for a teacher (issue 32): case, spacing, a trailing full stop and number notation aside.
import { describe, expect, it } from "vitest";
import { groupKey } from "~/server/answer-groups.server";

describe("answer group keys", () => {
  it("puts answers that read the same in one group", () => {
    expect(groupKey("56")).toBe(groupKey(" 56. "));
    expect(groupKey("0.50")).toBe(groupKey("0.5"));
    expect(groupKey("1,000")).toBe(groupKey("1000"));
    expect(groupKey("Paris")).toBe(groupKey("paris"));
    expect(groupKey("12  cm")).toBe(groupKey("12 cm"));
    expect(groupKey(null)).toBe("");
  });

  it("keeps different answers apart", () => {
    expect(groupKey("56")).not.toBe(groupKey("65"));
    expect(groupKey("1/2")).not.toBe(groupKey("0.5"));
    expect(groupKey("-3")).not.toBe(groupKey("3"));
  });
});
