// The review queue's "Why it is flagged" box explains the question on the card, not another one.
import { describe, expect, it } from "vitest";
import { flagReasons } from "../../../app/server/review-queue.server";

// What the grader writes on a paper whose questions 2 and 5 are unsure (grade.ts): one summary, with the first
// question's reason.
const NOTES = [
  "Check questions 2, 5: The answer read (7) is close to the key (1): check the reading.",
  "Question 3 could not be checked automatically.",
  "Possible attempt to steer the grader.",
];

describe("why a queue card is flagged", () => {
  it("gives the shown question's own reason, and the paper-wide notes, never another question's", () => {
    const reasons = flagReasons(NOTES, {
      questionNumber: "5",
      needsReview: true,
      reviewReason: "Two answers were written: the first was graded.",
      confidence: 0.9,
    });
    expect(reasons).toEqual(["Question 5: Two answers were written: the first was graded.", "Possible attempt to steer the grader."]);
    expect(reasons.join(" ")).not.toContain("(7)");
  });

  it("explains a low-confidence question the grader did not flag itself", () => {
    const [first] = flagReasons(NOTES, { questionNumber: "4", needsReview: false, reviewReason: null, confidence: 0.42 });
    expect(first).toBe("Question 4 was read or matched with low confidence (42%): check the answer read.");
  });

  it("keeps a reason that already names its question as it is, and every note when no question is shown", () => {
    const own = "Question 3 was not found on the page: it may not have been read.";
    expect(flagReasons(NOTES, { questionNumber: "3", needsReview: true, reviewReason: own, confidence: 0.3 })[0]).toBe(own);
    expect(flagReasons(NOTES, null)).toEqual(NOTES);
  });
});
