import { describe, expect, it } from "vitest";
import { compareAnswer, normalizeText, parseAnswerValue, parseNumber } from "../../../workers/grading/values/values";

const credit = (key: string, student: string) => compareAnswer(parseAnswerValue(key), student).credit;

describe("numbers", () => {
  it("parses integers, decimals, thousands, fractions, mixed numbers, percents, units, money and x = 5", () => {
    expect(parseNumber("1,200")?.value).toBe(1200);
    expect(parseNumber("-3.5")?.value).toBe(-3.5);
    expect(parseNumber("3/4")?.value).toBe(0.75);
    expect(parseNumber("1 1/2")?.value).toBe(1.5);
    expect(parseNumber("25%")).toMatchObject({ value: 25, percent: true });
    expect(parseNumber("12 cm")).toMatchObject({ value: 12, unit: "cm" });
    expect(parseNumber("12 centimeters")).toMatchObject({ value: 12, unit: "cm" });
    expect(parseNumber("$4.50")).toMatchObject({ value: 4.5, unit: "$" });
    expect(parseNumber("x = 5")).toMatchObject({ value: 5, variable: "x" });
    expect(parseNumber("five")).toBeUndefined();
  });

  it("accepts equivalent forms", () => {
    expect(credit("x = 5", "5")).toBe(1);
    expect(credit("5", "x=5")).toBe(1);
    expect(credit("0.5", "1/2")).toBe(1);
    expect(credit("1/2", "0.50")).toBe(1);
    expect(credit("1 1/2", "3/2")).toBe(1);
    expect(credit("25%", "0.25")).toBe(1);
    expect(credit("0.25", "25%")).toBe(1);
    expect(credit("0.33", "1/3")).toBe(1);
    expect(credit("1200", "1,200")).toBe(1);
    expect(credit("96", "The answer is 96.")).toBe(1);
  });

  it("does not round a wrong answer into a right one", () => {
    expect(credit("0.7", "0.65")).toBe(0);
    expect(credit("0.33", "0.3")).toBe(0);
    expect(credit("83", "73")).toBe(0);
    expect(credit("x = 5", "y = 5")).toBe(0);
  });

  it("gives half credit for a right number with its unit missing or wrong", () => {
    expect(credit("12 cm", "12")).toBe(0.5);
    expect(credit("12 cm", "12 m")).toBe(0.5);
    expect(credit("12 cm", "12 centimetres")).toBe(1);
    expect(credit("$4.50", "4.50")).toBe(1);
  });

  it("gives partial credit on lists", () => {
    expect(credit("2, 4, 6", "6, 4, 2")).toBe(1);
    expect(credit("2, 4, 6", "2, 4, 7")).toBeCloseTo(0.5, 5);
  });
});

describe("text and choices", () => {
  it("forgives case, punctuation, accents and small spelling slips", () => {
    expect(credit("photosynthesis", "Photosynthesis.")).toBe(1);
    expect(credit("photosynthesis", "photosynthsis")).toBe(1);
    expect(credit("cell", "the cel")).toBe(1);
    expect(credit("Canción", "cancion")).toBe(1);
    expect(credit("chlorophyll", "chloroplast")).toBe(0);
    expect(normalizeText("  Hello,   WORLD! ")).toBe("hello world");
  });

  it("gives half credit when half of a longer answer's words are there", () => {
    expect(credit("carbon dioxide and water", "carbon dioxide")).toBe(0.5);
    expect(credit("carbon dioxide and water", "water")).toBe(0);
  });

  it("reads choice letters in their usual shapes", () => {
    expect(credit("B", "b")).toBe(1);
    expect(credit("B", "(B)")).toBe(1);
    expect(credit("B", "B. mitochondria")).toBe(1);
    expect(credit("B", "C")).toBe(0);
    expect(credit("B) mitochondria", "mitochondria")).toBe(1);
  });

  it("scores a blank as no answer", () => {
    expect(compareAnswer(parseAnswerValue("7"), "____").reason).toBe("No answer given.");
  });
});
