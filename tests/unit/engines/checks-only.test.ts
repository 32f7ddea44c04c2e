// QuickSnap with no key: what can be checked is checked, and no score is invented (issue 32, item 4).
import { describe, expect, it } from "vitest";
import { GradingResult } from "../../../core/grading/result";
import { composeFeedbackText } from "../../../core/feedback/compose";
import { checkedOnly } from "../../../workers/grading/checks-only";
import { gradeSubmission } from "../../../workers/grading/judging/grade";

const TEXT = [
  "Name: Ana",
  "1. 12 x 8 = 96",
  "2. 45 + 38 = 73",
  "3. Solve: 2x + 3 = 13",
  "Answer: x = 5",
  "4. Why do leaves change colour?",
  "Answer: because it gets cold",
].join("\n");

describe("checked without a key", () => {
  it("keeps what each check found but no points, and says what was checked instead of a score", () => {
    const result = checkedOnly(gradeSubmission({ text: TEXT, assignment: { points: 100 } }), true);
    expect(GradingResult.parse(result)).toEqual(result);
    expect(result.questions.map((q) => [q.number, q.status, q.pointsAwarded, q.pointsPossible])).toEqual([
      [1, "correct", 0, 0],
      [2, "incorrect", 0, 0],
      [3, "correct", 0, 0],
      [4, "needs-review", 0, 0],
    ]);
    const text = composeFeedbackText(result, { points: 100 });
    expect(text.split("\n")).toEqual([
      "No answer key: only calculations and simple equations could be checked, so no score is given.",
      "Checked 3 of 4 answers.",
      "Looks right: questions 1 and 3.",
      'Question 2: "73" does not match "83", worked out from the question as read.',
      "Not checked (needs a key or the teacher): question 4.",
    ]);
    expect(text).not.toMatch(/scored|points|Strong work|Nothing to fix/);
  });

  it("says so when nothing could be checked, and leaves graded-with-a-key results alone", () => {
    const blank = checkedOnly(gradeSubmission({ text: "", assignment: { points: 100 } }), true);
    expect(composeFeedbackText(blank, { points: 100 })).toContain("Nothing on this page could be checked without a key.");
    const withKey = gradeSubmission({ text: TEXT, assignment: { points: 100 } });
    expect(checkedOnly(withKey, false)).toBe(withKey);
    expect(composeFeedbackText(withKey, { points: 100 })).toMatch(/^Ana, you scored /);
  });
});
