// The job page after grading: the stored scores (which a teacher may have changed since) replace the streamed ones,
// and the average is recomputed from them, so the page never shows a grade the teacher has overridden.
import type { JobView } from "./job-state";

type Stored = { id: string; status: string; score: number | null; maxScore: number | null; percent: number | null; needsReview: boolean };

export function withCurrentScores(view: JobView, stored: Stored[]): JobView {
  const submissions = { ...view.submissions };
  for (const s of stored) {
    const shown = submissions[s.id];
    if (!shown || s.status !== "graded") continue;
    submissions[s.id] = { ...shown, score: s.score, maxScore: s.maxScore, percent: s.percent, needsReview: s.needsReview };
  }
  const percents = Object.values(submissions)
    .filter((s) => s.status === "graded" && s.percent != null)
    .map((s) => s.percent!);
  const averageScore = percents.length ? Math.round((percents.reduce((a, b) => a + b, 0) / percents.length) * 10) / 10 : view.averageScore;
  return { ...view, submissions, averageScore };
}
