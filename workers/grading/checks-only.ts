// QuickSnap's "no key: check what can be checked" (docs/decisions/0033-quicksnap-without-a-key.md). Without the
// teacher's key the grader can only re-work calculations and simple equations it reads on the page: that is a
// check, not a mark. The result keeps what each check found (status, reason) but carries no points, and the
// pipeline stores no score, so nothing enters an average; the feedback says what was checked (core/feedback/compose.ts).
import type { GradingResult } from "./engines";

export function checkedOnly(result: GradingResult, withoutKey: boolean): GradingResult {
  if (!withoutKey) return result;
  return {
    ...result,
    questions: result.questions.map((q) => ({ ...q, pointsAwarded: 0, pointsPossible: 0 })),
    total: 0,
    max: 0,
    percent: 0,
    flags: [
      ...result.flags.filter((f) => f.type !== "checks-only"),
      { type: "checks-only", message: "Checked without a key: no score is given." },
    ],
  };
}
