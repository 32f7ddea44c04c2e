import { describe, expect, it } from "vitest";
import { AnswerKeyError, parseAnswerKey } from "../../../workers/grading/answers/answer-key";

describe("parseAnswerKey", () => {
  it("reads numbered answers in the usual styles with per-question points", () => {
    const key = parseAnswerKey(
      [
        "Answer key",
        "1. 96",
        "2) B",
        "Q3: x = 5 (2 points)",
        "Question 4 - 25% | 0.25",
        "5: photosynthesis [3 pts]",
        "6. 1 1/2",
        "7. 12 cm",
      ].join("\n"),
      { totalPoints: 15 },
    );
    expect(key.questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(key.questions[1].accepted[0].value).toMatchObject({ kind: "choice", letter: "B" });
    expect(key.questions[2]).toMatchObject({ points: 2, pointsGiven: true });
    expect(key.questions[2].accepted[0].value).toMatchObject({ kind: "number", value: 5, variable: "x" });
    expect(key.questions[3].accepted.map((a) => a.raw)).toEqual(["25%", "0.25"]);
    expect(key.questions[4].points).toBe(3);
    expect(key.questions[5].accepted[0].value).toMatchObject({ kind: "number", value: 1.5 });
    expect(key.questions[6].accepted[0].value).toMatchObject({ kind: "number", value: 12, unit: "cm" });
    // 15 - 2 - 3 = 10 points spread over the 5 questions without points.
    expect(key.questions.filter((q) => !q.pointsGiven).every((q) => q.points === 2)).toBe(true);
    expect(key.totalPoints).toBe(15);
  });

  it("spreads the assignment's points evenly over a 30-question key", () => {
    const text = Array.from({ length: 30 }, (_, i) => `${i + 1}. ${(i + 1) * 3}`).join("\n");
    const key = parseAnswerKey(text, { totalPoints: 60 });
    expect(key.questions).toHaveLength(30);
    expect(key.questions.every((q) => q.points === 2)).toBe(true);
    expect(key.questions[29].accepted[0].value).toMatchObject({ value: 90 });
    expect(key.totalPoints).toBe(60);
  });

  it("keeps fractions whole and splits words on 'or' and '/'", () => {
    const key = parseAnswerKey("1. 3/4\n2. colour / color\n3. Paris or paris, France\n4. oxygen\nAccept: O2", { totalPoints: 4 });
    expect(key.questions[0].accepted).toHaveLength(1);
    expect(key.questions[1].accepted.map((a) => a.raw)).toEqual(["colour", "color"]);
    expect(key.questions[2].accepted.map((a) => a.raw)).toEqual(["Paris", "paris, France"]);
    expect(key.questions[3].accepted.map((a) => a.raw)).toEqual(["oxygen", "O2"]);
  });

  it("keeps the answer of a key that repeats the question", () => {
    const key = parseAnswerKey("1. What is 12 x 8? Answer: 96", { totalPoints: 1 });
    expect(key.questions[0].accepted[0].raw).toBe("96");
  });

  it("says so when there is nothing numbered in the key", () => {
    expect(() => parseAnswerKey("the answers are all in my head", { totalPoints: 10 })).toThrow(AnswerKeyError);
  });
});
