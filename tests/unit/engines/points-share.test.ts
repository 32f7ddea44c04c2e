import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";

describe("points shared among questions without their own", () => {
  it("add up to the assignment's points exactly", () => {
    const key = parseAnswerKey("1. 3/4\n2. 12\n3. 5", { totalPoints: 10 });
    expect(key.questions.map((q) => q.points)).toEqual([3.34, 3.33, 3.33]);
    expect(key.totalPoints).toBe(10);
  });

  it("share what stated points leave", () => {
    const key = parseAnswerKey("1. 3/4 (4 points)\n2. 12\n3. 5", { totalPoints: 10 });
    expect(key.questions.map((q) => q.points)).toEqual([4, 3, 3]);
  });
});
