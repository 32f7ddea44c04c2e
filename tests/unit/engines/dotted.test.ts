// Questions labelled "Q1", "Q2", … with the answer written on a printed row of dots under each: the labels are
// question numbers (one misread past repair is found between its neighbours), and dots left at an answer's ends
// are not part of it.
import { describe, expect, it } from "vitest";
import { parseAnswerKey, QUESTION_NUMBER } from "../../../workers/grading/answers/answer-key";
import { extractFromLines, extractFromReading } from "../../../workers/grading/answers/student-work";
import { ocrPage, ocrReading, row } from "./ocr-pages";

describe("questions labelled Q1, Q2, …", () => {
  it("takes 'Q3 What…' for question 3, with or without a stop", () => {
    expect("Q3 What do bees make?".match(QUESTION_NUMBER)?.slice(1)).toEqual(["3", "What do bees make?"]);
    expect("Question 12 Write 3/4 as a percent.".match(QUESTION_NUMBER)?.[1]).toBe("12");
    expect("Q3. What".match(QUESTION_NUMBER)?.[1]).toBe("3");
    // Not a label: a word that starts with a q, a number that starts a sentence.
    expect("Quick 3 things".match(QUESTION_NUMBER)).toBeNull();
    expect("3 apples fell".match(QUESTION_NUMBER)).toBeNull();
  });

  it("reads each answer from the dotted line under its question, the dots at its ends left out", () => {
    const key = parseAnswerKey("1. 1/4\n2. 70%\n3. honey\n4. 450 cm", { totalPoints: 8 });
    const work = extractFromLines(
      [
        "Q1 Write 4/16 in simplest form.",
        ",,,1/4..",
        "Q2 Write 7/10 as a percent.",
        "70%",
        "Q3 What do bees make?",
        "honey...",
        "Q4 How many centimeters are in 4.5 m?",
        ",,,,450",
      ].map((text) => ({ text, confidence: 0.95 })),
      key,
    );
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 1: "1/4", 2: "70%", 3: "honey", 4: "450" });
  });

  it("finds a label misread past repair ('Q7' read '41') between the questions before and after it", () => {
    const key = parseAnswerKey("5. 450 cm\n6. 7/8\n7. 50%\n8. B", { totalPoints: 8 });
    const page = ocrPage([
      row(20, [{ x: 100, text: "Q5 How many centimeters are in 4.5 m?" }]),
      row(60, [{ x: 200, text: "450 cm" }]),
      row(100, [{ x: 100, text: "Q6 Write 28/32 in simplest form." }]),
      row(160, [{ x: 200, text: "7/8" }]),
      row(240, [{ x: 100, text: "41 Write 1/2 as a percent." }]),
      row(300, [{ x: 200, text: "50%" }]),
      row(380, [{ x: 100, text: "Q8 Which animal is a mammal?" }]),
      row(440, [{ x: 200, text: "B" }]),
    ]);
    const work = extractFromReading(ocrReading(page), key);
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 5: "450 cm", 6: "7/8", 7: "50%", 8: "B" });
    expect(work.answers.find((a) => a.number === 6)?.questionText).toBe("Write 28/32 in simplest form.");
  });
});
