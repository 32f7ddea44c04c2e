import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { extractStudentWork } from "../../../workers/grading/answers/student-work";
import { fixArithmeticDigits } from "../../../workers/grading/answers/misreads";

const answers = (text: string, keyText?: string) => {
  const key = keyText ? parseAnswerKey(keyText, { totalPoints: 10 }) : undefined;
  const work = extractStudentWork(text, key);
  return Object.fromEntries(work.answers.map((a) => [a.number, a.answer]));
};

describe("extractStudentWork", () => {
  it("reads small-photo slips: a lost or misread label colon, a lost operator, $ read as S", () => {
    const key = "1. CO2\n2. D\n3. 120\n4. 101\n5. $42";
    const text = [
      "1. What is the formula for carbon dioxide?",
      "Answer CO2",
      "2. Which is a prime?",
      "Answer; D",
      "3. 97 .23= 120",
      "4. 24·77 = 101",
      "5. How much money is left?",
      "Answer: S42",
    ].join("\n");
    expect(answers(text, key)).toEqual({ 1: "CO2", 2: "D", 3: "120", 4: "101", 5: "$42" });
  });

  it("does not take an instruction that starts with Answer for an answer", () => {
    expect(answers("Answer the questions below.\n1. What is 2 + 2?\nAnswer: 4", "1. 4")).toEqual({ 1: "4" });
    expect(answers("1. Name the ocean.\nAnswer the question in full:\nAnswer: Pacific", "1. Pacific")).toEqual({ 1: "Pacific" });
  });

  it("reads handwritten digits that came out as letters in sums and numeric answers", () => {
    const key = "1. 92\n2. 55\n3. 2\n4. 11";
    const text = ["1. 3S + S7 = 92", "2. 11 × S = SS", "3. S3 - SI = 2", "4. What is 5 + 6?", "Answer: II"].join("\n");
    const work = extractStudentWork(text, parseAnswerKey(key, { totalPoints: 4 }));
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({ 1: "92", 2: "55", 3: "2", 4: "11" });
    expect(work.answers[0].questionText).toBe("35 + 57 =");
    // Words stay words: "Sol" is not a number, and a key that wants words keeps "SO".
    expect(answers("1. Who is the sun?\nAnswer: Sol", "1. 501")).toEqual({ 1: "Sol" });
    expect(answers("1. Which state is north?\nAnswer: SO", "1. SO")).toEqual({ 1: "SO" });
    expect(answers("1. Round 3.476 to one decimal place.\nAnswer: 3.S", "1. 3.5")).toEqual({ 1: "3.5" });
    expect(answers("1. Capital of France?\nAnswer: Paris.\n2. Abbreviate United States.\nAnswer: U.S.")).toEqual({ 1: "Paris", 2: "U.S." });
  });

  it("keeps S as S where the key has no dollar amount", () => {
    expect(answers("1. Which letter comes after R?\nAnswer: S4", "1. S4")).toEqual({ 1: "S4" });
  });

  it("reads sums whose operators stuck to their numbers, whose 1 read as '/', or whose operator became a point", () => {
    const key = "1. 5\n2. 4\n3. 25\n4. 7\n5. 135\n6. 17\n7. 82";
    const text = ["1. SS ÷1=S", "2. 20 ÷ S=4", "3. S2-27 = 25", "4. 2/ ÷ 3 = 7", "5. 1S x 9 = 13s", "6. 26.9= 17", "7. 103.21 = 82"].join(
      "\n",
    );
    const work = extractStudentWork(text, parseAnswerKey(key, { totalPoints: 7 }));
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({
      1: "5",
      2: "4",
      3: "25",
      4: "7",
      5: "135",
      6: "17",
      7: "82",
    });
    expect(work.answers[3].questionText).toBe("21 ÷ 3 =");
    expect(work.answers[5].questionText).toBe("26.9 =");
    // A fraction's bar followed by a number is still a bar; an answer with a variable is still an answer.
    expect(answers("1. 12/ 4 = 3\n2. x = 5", "1. 3\n2. x = 5")).toEqual({ 1: "3", 2: "x = 5" });
  });

  it("reads a 1 that came out as a lone '/' after '=', and one multiplication sign read twice", () => {
    expect(answers("1. 121 - 120 = /\n2. 3 ×x 6 = 18", "1. 1\n2. 18")).toEqual({ 1: "1", 2: "18" });
    // Not between two numbers, an x after × is a variable and stays.
    expect(answers("1. 3 × x = 6")).toEqual({ 1: "3 × x = 6" });
  });

  it("reads a sum's '=' that came out as a colon before the line's last number", () => {
    expect(answers("1. 454 + 115 : 569\n2. 12 ÷ 3 : 4", "1. 569\n2. 4")).toEqual({ 1: "569", 2: "4" });
    // A ratio, a label's colon, and a colon after the "=" stay.
    for (const text of ["6 : 8", "Answer: 5", "3 + 4 = 7 : 2", "a + b : 5"]) expect(fixArithmeticDigits(text)).toBe(text);
  });

  it("reads the number of an answer with a unit, a fraction or a decimal whose digits came out as letters", () => {
    const key = "1. 5 km\n2. 5/8\n3. 0.5 l\n4. 55\n5. 5\n6. $7.25\n7. 1010 g\n8. H2SO4";
    const text = [
      "Answer 1: S km",
      "Answer 2: S/8",
      "Answer 3: 0.S l",
      "Answer 4: SS",
      "Answer 5: S",
      "Answer 6: s7.25",
      "Answer 7: 1010 9",
      "Answer 8: H2S04",
    ];
    expect(answers(text.join("\n"), key)).toEqual({
      1: "5 km",
      2: "5/8",
      3: "0.5 l",
      4: "55",
      5: "5",
      6: "$7.25",
      7: "1010 g",
      8: "H2SO4",
    });
    // Only the number's place is read as digits, and a different unit is not turned into the key's.
    expect(answers("Answer 1: S km\nAnswer 2: 1010 8", "1. 5 km\n2. 1010 g")).toEqual({ 1: "5 km", 2: "1010 8" });
    expect(answers("Answer 1: So 5 km", "1. 5 km")).toEqual({ 1: "So 5 km" });
  });

  it("puts back a space lost between a number and its unit, where nothing else differs from the key", () => {
    expect(answers("Answer 1: -3C\nAnswer 2: 12eggs\nAnswer 3: 13", "1. -3 C\n2. 12 eggs\n3. 1 3")).toEqual({
      1: "-3 C",
      2: "12 eggs",
      3: "13",
    });
    expect(answers("Answer 1: -4C\nAnswer 2: NeilArmstrong", "1. -3 C\n2. Neil Armstrong")).toEqual({ 1: "-4C", 2: "NeilArmstrong" });
  });

  it("takes a number after an answer label whose colon was lost for the answer, not a question's number", () => {
    const text = "1. How many centimeters are in 4.5 m?\nAnswer 450 cm\n2. What is 9 x 0.5?\nAnswer 4.5\n3. What is 2 x 6?\nAnswer 3: 12";
    expect(answers(text, "1. 450 cm\n2. 4.5\n3. 12")).toEqual({ 1: "450 cm", 2: "4.5", 3: "12" });
  });

  it("reads option B and D that came out as digits where the key is an option letter", () => {
    expect(answers("1. Which is a mammal?\nAnswer: 8\n2. Which is prime?\nAnswer: 0", "1. B\n2. D")).toEqual({ 1: "B", 2: "D" });
    expect(answers("1. How many legs has a spider?\nAnswer: 8", "1. 8")).toEqual({ 1: "8" });
  });

  it("finds the name and answers on the question line, after Answer: labels and on the next line", () => {
    const work = extractStudentWork(
      [
        "Name: Maya Lopez   Date: 3 May",
        "1. 12 x 8 = 96",
        "2. What is the capital of France? Paris",
        "3. What gas do plants release?",
        "Answer: oxygen",
        "4. Solve: 2x + 3 = 13",
        "x = 5",
        "5) B",
      ].join("\n"),
    );
    expect(work.studentName).toBe("Maya Lopez");
    expect(Object.fromEntries(work.answers.map((a) => [a.number, a.answer]))).toEqual({
      1: "96",
      2: "Paris",
      3: "oxygen",
      4: "x = 5",
      5: "B",
    });
    expect(work.answers[0].questionText).toBe("12 x 8 =");
  });

  it("aligns answers given out of order and leaves missing ones out", () => {
    expect(answers("Q3: 13\nQ1: 5\nQ4: 5", "1. 5\n2. 18\n3. 13\n4. 5")).toEqual({ 1: "5", 3: "13", 4: "5" });
  });

  it("lets an Answer: label win over a question whose '?' was misread as a digit", () => {
    expect(answers("7. What is 25% of 807\nAnswer: 20", "7. 20")).toEqual({ 7: "20" });
  });

  it("takes an empty Answer: label under a question line that read like an answer for a blank", () => {
    const text = "4. Add 3 and 1/4.\nAnswer:\n5. A ribbon is 8 m. How much is that in cm?\nAnswer: 800 cm";
    expect(answers(text, "4. 3 1/4\n5. 800 cm")).toEqual({ 4: "", 5: "800 cm" });
    const work = extractStudentWork(text, parseAnswerKey("4. 3 1/4\n5. 800 cm", { totalPoints: 4 }));
    expect(work.answers[0]).toMatchObject({ number: 4, questionText: "Add 3 and 1/4.", source: "label" });
    // An answer sheet's numbered line with no label stays an answer.
    expect(answers("3. 1/2\n4. 7", "3. 1/2\n4. 7")).toEqual({ 3: "1/2", 4: "7" });
  });

  it("gives an answer to the next question when that question's number was not read", () => {
    expect(answers("4. 45 + 38 = 73\n> A rectangle is 4 cm by 3 cm. What is its area\nAnswer: 12", "4. 83\n5. 12 cm")).toEqual({
      4: "73",
      5: "12",
    });
  });

  it("ignores numbers the key does not have (page numbers, dates)", () => {
    expect(answers("1. 5\n2. 7\n12. Page footer", "1. 5\n2. 7")).toEqual({ 1: "5", 2: "7" });
  });

  it("reads answers across pages and ignores multiple-choice option lines", () => {
    expect(answers("1. Which organelle?\nA) nucleus  B) mitochondria\nAnswer: B\n\n--- page 2 ---\n2. 7 + 6 = 13")).toEqual({
      1: "B",
      2: "13",
    });
  });

  it("reads an answer written after an instruction's full stop, and after an arithmetic '=' of a 'What is' question", () => {
    const text = [
      "1. Write 1/2 as a percent. 50%",
      "2. Name the capital of France. Paris",
      "3. Round 6.501 to the nearest tenth. 6.5",
      "4. Explain your answer. Show your work",
      "5. What is 7 × 8 = 54",
      "6. Solve: 2x + 3 = 13",
      "Answer: x = 5",
    ].join("\n");
    expect(answers(text)).toEqual({ 1: "50%", 2: "Paris", 3: "6.5", 4: "", 5: "54", 6: "x = 5" });
  });

  it("takes the line under an instruction to add or multiply, and a decimal under its question, for the answer", () => {
    const text = ["8) Write 6/42 in simplest form.", "1/7", "9) Add 413 and 58.", "471", "10) Round 8.038 to the nearest tenth.", "8.0"];
    expect(answers(text.join("\n"), "8. 1/7\n9. 471\n10. 8.0")).toEqual({ 8: "1/7", 9: "471", 10: "8.0" });
    // A label whose point a digit follows is still a label where the questions run on to it.
    expect(answers("1.5\n2.7", "1. 5\n2. 7")).toEqual({ 1: "5", 2: "7" });
  });

  it("takes the letter written before a question's number as its answer where the key is a letter (matching)", () => {
    const text =
      "Match each question with its answer.\n1. Write 3/4 as a percent. A. 350 cm\nK 2. Add 305 and 86. B. 60\nG 3. Write 1/2 as a percent. C. 2/3";
    expect(answers(text, "1. J\n2. K\n3. G")).toEqual({ 1: "", 2: "K", 3: "G" });
    // Not where the key is a number: "A 5 kg bag" is not an answer of "A".
    expect(answers("B 2. A bag holds 5 kg. How many bags for 20 kg?", "1. 3\n2. 4")[2]).not.toBe("B");
  });

  it("takes a short answer written before its question's number, where the key and the numbering allow it", () => {
    const key = "1. 56\n2. ice\n3. B\n4. 12";
    const text = ["56 1. What is 7 × 8?", "ice 2. What is frozen water called?", "B 3. Which is a mammal?", "A) shark B) dolphin"].join(
      "\n",
    );
    expect(answers(text, key)).toMatchObject({ 1: "56", 2: "ice", 3: "B" });
    // Not a word where the key is a number, nor a sentence's end ("… packs of 4. How many?"), nor a number out of turn.
    expect(answers("1. What is 7 × 8?\nmany 2. How many wheels?", "1. 56\n2. 12")[2]).not.toBe("many");
    expect(answers("1. Sam buys 3 packs of 4. How many?", "1. 12\n4. 3")[4]).toBeUndefined();
    expect(answers("12 4. Add 3 and 9.", "1. 56\n2. ice\n3. B\n4. 12")[4]).toBeUndefined();
    // Nor a label: "Part 2 1. …" or "Answer: 5 2. …".
    expect(answers("Part 2 1. What is 7 × 8?", "1. 56")[1]).not.toBe("Part 2");
  });

  it("reads labels in Spanish and French", () => {
    const work = extractStudentWork("Nombre: José Núñez\n1. ¿Cuál es la capital de España?\nRespuesta: Madrid\n2. Réponse: quarante");
    expect(work.studentName).toBe("José Núñez");
    expect(work.answers.map((a) => a.answer)).toEqual(["Madrid", "quarante"]);
  });
});

describe("OCR slips in question labels", () => {
  it("reads Ql: and QI: as question 1", () => {
    expect(answers("Ql:9-4=5\nQ2:6x3=18", "Q1: 5\nQ2: 18")).toEqual({ 1: "5", 2: "18" });
  });
});
