// Units as students write them and as a reader gives them, amounts across units and in two units at once (0025).
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { judgeAnswer, questionIntent } from "../../../workers/grading/judging/judge";
import { questionContexts } from "../../../workers/grading/answers/question-context";
import { convertAmount, parseCompoundAmount, readUnit } from "../../../workers/grading/values/units";

function judge(key: string, answer: string, page: string[] = []) {
  const q = parseAnswerKey(`1. ${key}`, { totalPoints: 2 }).questions[0]!;
  return judgeAnswer(q, answer, questionContexts(page).get(1));
}

describe("units", () => {
  it("knows the informal and British spellings students write, without a doubt", () => {
    expect(readUnit("cms")).toEqual({ unit: "cm" });
    expect(readUnit("kgs")).toEqual({ unit: "kg" });
    expect(readUnit("millilitres")).toEqual({ unit: "ml" });
    expect(readUnit("mg")).toEqual({ unit: "mg" });
    expect(readUnit("degrees Celsius")).toEqual({ unit: "°c" });
    for (const answer of ["250 cms", "250 centimetres"]) {
      const j = judge("250 cm", answer);
      expect([j.credit, j.doubt]).toEqual([1, undefined]);
    }
    expect(judge("25 °C", "25 degrees Celsius").credit).toBe(1);
  });

  it("reads the letters a reader gives for a unit's (rn for m, I for l, q for g), with a doubt", () => {
    expect(readUnit("crn")).toEqual({ unit: "cm", spelled: "crn" });
    expect(readUnit("grarns")).toEqual({ unit: "g", spelled: "grarns" });
    // An upper-case I after a lower-case letter is an l, not the mile "mi" spells.
    expect(readUnit("mI")).toEqual({ unit: "ml", spelled: "mI" });
    expect(readUnit("mi")).toEqual({ unit: "mi" });
    // A thin letter lost comes before a slip: "milliters" is milliliters, though one slip from millimeters too.
    expect(readUnit("milliters")).toEqual({ unit: "ml", spelled: "milliters" });
    // Digits alone are not a unit's letters: "1 9" is not 1 g.
    expect(readUnit("9")).toBeUndefined();
    const crn = judge("250 cm", "250 crn");
    expect(crn.credit).toBe(1);
    expect(crn.doubt).toMatch(/taken as cm/);
    // "mi" where the key has ml: an l read as i, right and flagged; miles for kilometres stays a unit slip.
    expect(judge("500 ml", "500 mi")).toMatchObject({ credit: 1, doubt: expect.stringMatching(/misread/) });
    expect(judge("5 km", "5 mi").credit).toBe(0.5);
  });

  it("takes the question's unit word as a reader gave it: the number alone is then the answer", () => {
    expect(questionIntent("How many grarns are in 2.5 kg?").units.has("g")).toBe(true);
    expect(questionIntent("How much is that in mI?").units.has("ml")).toBe(true);
    expect(judge("2500 g", "2500", ["1. How many grarns are in 2.5 kg?"]).credit).toBe(1);
  });

  it("reads a number in words with its unit", () => {
    expect(judge("250 cm", "two hundred fifty centimeters").credit).toBe(1);
    expect(judge("250 cm", "two hundred centimeters").credit).toBe(0);
  });

  it("compares amounts across units of one kind: metric, time, money, imperial; never across systems", () => {
    expect(convertAmount(2.5, "kg", "g")).toBe(2500);
    expect(convertAmount(1.5, "h", "min")).toBe(90);
    expect(convertAmount(4.5, "$", "¢")).toBe(450);
    expect(convertAmount(2, "ft", "in")).toBe(24);
    expect(convertAmount(1, "in", "cm")).toBeUndefined();
    expect(judge("90 min", "1.5 h")).toMatchObject({ credit: 0.5, doubt: expect.stringMatching(/another unit/) });
    expect(judge("$4.50", "450 cents").credit).toBe(0.5);
  });

  it("reads an amount in two units and marks the right one like another unit: half, flagged", () => {
    expect(parseCompoundAmount("2 m 50 cm")).toEqual({ value: 250, unit: "cm", units: ["m", "cm"] });
    expect(parseCompoundAmount("1 h and 30 min")).toMatchObject({ value: 90, unit: "min" });
    // Read with the words joined: "6m50 cm".
    expect(parseCompoundAmount("6m50 cm")).toEqual({ value: 650, unit: "cm", units: ["m", "cm"] });
    expect(judge("850 cm", "8m50 cm").credit).toBe(0.5);
    expect(parseCompoundAmount("$4 and 50 cents")).toMatchObject({ value: 450, unit: "¢" });
    expect(parseCompoundAmount("50 cm 2 m")).toBeUndefined();
    expect(parseCompoundAmount("2 kg 50 cm")).toBeUndefined();
    expect(judge("250 cm", "2 m 50 cm")).toMatchObject({ credit: 0.5, doubt: expect.stringMatching(/two units/) });
    expect(judge("250", "2 m 50 cm", ["1. How many cm are in 2.5 m?"]).credit).toBe(0.5);
    const wrong = judge("250 cm", "2 m 5 cm");
    expect([wrong.credit, wrong.doubt]).toEqual([0, undefined]);
    expect(judge("250 cm", "2 m 50 cm", ["1. Convert 2 m 50 cm to centimeters."]).credit).toBe(0);
  });

  it("reads a thousands point before the key's unit", () => {
    expect(judge("2500 mL", "2.500 mL").credit).toBe(1);
    expect(judge("2500", "2.500 mL", ["1. How many mL are in 2.5 L?"]).credit).toBe(1);
    expect(judge("2500 mL", "2.500 km").credit).toBe(0);
  });

  it("doubts a number that is the key's with a doubled digit read once", () => {
    const once = judge("5500 mL", "500 milliliters");
    expect(once.credit).toBe(0);
    expect(once.doubt).toMatch(/doubled digit/);
    expect(judge("5500 mL", "550 mL").doubt).toBeUndefined();
  });
});
