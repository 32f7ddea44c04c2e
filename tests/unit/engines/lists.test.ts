// Lists and sets in any order, with the separators students write and the ones a reader gives (0025).
import { describe, expect, it } from "vitest";
import { judgeList } from "../../../workers/grading/judging/lists";

describe("lists", () => {
  it("takes 'and' after a comma as a separator, not part of the last item", () => {
    expect(judgeList("red, blue, yellow", "red, blue, and yellow").credit).toBe(1);
    expect(judgeList("1, 2, 3, 6", "6, 3, 2, and 1").credit).toBe(1);
  });

  it("reads word items separated by full stops or by nothing, multi-word items included", () => {
    expect(judgeList("red, blue, yellow", "red. blue. yellow").credit).toBe(1);
    expect(judgeList("red, blue, yellow", "yellow red blue").credit).toBe(1);
    expect(judgeList("carbon dioxide, oxygen, water", "water oxygen carbon dioxide").credit).toBe(1);
    expect(judgeList("red, blue, yellow", "red blue").credit).toBe(0.5);
    expect(judgeList("red, blue, yellow", "red green purple").credit).toBe(0);
  });

  it("takes singular and plural as the same item", () => {
    expect(judgeList("solid, liquid, gas", "solids, liquids and gases").credit).toBe(1);
  });

  it("splits items that are several missing ones run together: digits with a doubt, points (commas) without", () => {
    const digits = judgeList("1, 2, 3, 4, 6, 12", "1 2 346 12");
    expect(digits.credit).toBe(1);
    expect(digits.doubt).toMatch(/3 4 6 may have lost a space/);
    expect(judgeList("1, 2, 3, 4, 6, 12", "1 2 347 12").credit).toBe(0);
    // Two run-together items split together: "123" is 12 and 3 so that "2641" can be 2, 6, 4 and 1.
    expect(judgeList("1, 2, 3, 4, 6, 12", "123 2641").credit).toBe(1);
    const points = judgeList("2, 4, 6, 8", "2.4.6.8");
    expect([points.credit, points.doubt]).toEqual([1, undefined]);
  });

  it("reads digit look-alikes in a list of numbers, and doubts an item that is no number", () => {
    expect(judgeList("1, 2, 3, 4, 6, 12", "1 2 3 4 6 l2").credit).toBe(1);
    expect(judgeList("5, 10, 15, 20", "S, 10, 15, 20").credit).toBe(1);
    const odd = judgeList("1, 2, 3, 4, 6, 12", "1, 2, 3, 4, b, 12");
    expect(odd.credit).toBe(0);
    expect(odd.doubt).toMatch(/"b" is not a number/);
  });

  it("reads semicolons read as colons, and a decimal in a list of whole numbers as two items, one of them flagged", () => {
    expect(judgeList("3, 6, 12, 4, 2, 1", "3: 6: 12:4: 2: 1").credit).toBe(1);
    const point = judgeList("12, 24, 16, 28, 20", "12,24,16,28,20.18");
    expect(point.credit).toBe(0.5);
    expect(point.doubt).toMatch(/20 18/);
  });
});
