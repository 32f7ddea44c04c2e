// Questions run on along one line (docs/decisions/0113): a drill sheet's sums three to a row, numbered across the
// rows. Each is cut from the line at its label, and takes its own answer, on a page read alone and typed.
import { describe, expect, it } from "vitest";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { runOnQuestions } from "../../../workers/grading/answers/run-on";
import { extractFromReading } from "../../../workers/grading/answers/student-work";
import { gradeSubmission } from "../../../workers/grading/judging/grade";
import { ocrPage, ocrReading, row } from "./ocr-pages";

const key = parseAnswerKey("1. 189\n2. 463\n3. 239\n4. 64\n5. 42\n6. 30", { totalPoints: 12 });

describe("questions run on along a line", () => {
  it("are cut at each next label, each taking the answer after its own '='", () => {
    const page = ocrPage([
      row(200, [{ x: 100, text: "Work out each one. Write the answer on the line." }]),
      row(300, [
        { x: 100, text: "1) 162 + 37 = 189" },
        { x: 600, text: "2) 382 + 81 = 463" },
        { x: 1100, text: "3) 197 + 42 = 229" },
      ]),
      row(400, [
        { x: 100, text: "4) 8 × 8 = 64" },
        { x: 600, text: "5) 6 × 7 =" },
        { x: 1100, text: "6) 6 × 5 = 30" },
      ]),
    ]);
    expect(extractFromReading(ocrReading(page), key).answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "189"],
      [2, "463"],
      [3, "229"],
      [4, "64"],
      [5, ""],
      [6, "30"],
    ]);
    const typed = gradeSubmission({ text: "1) 162 + 37 = 189 2) 382 + 81 = 463 3) 197 + 42 = 229", key, assignment: { points: 12 } });
    expect(typed.questions.slice(0, 3).map((q) => [q.studentAnswer, q.pointsAwarded])).toEqual([
      ["189", 2],
      ["463", 2],
      ["229", 0],
    ]);
  });

  it("leaves a number inside a question's sentence, another style of label, or one out of turn", () => {
    const lines = [
      row(300, [{ x: 100, text: "3. Add 2 and 4. 6" }]),
      row(400, [{ x: 100, text: "4) Which is more, 5. 2 or 5.19?" }]),
      row(500, [{ x: 100, text: "5) Add 9) and 8 = 17" }]),
    ];
    expect(runOnQuestions(lines)).toEqual(lines);
  });
});
