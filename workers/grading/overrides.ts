// A regrade keeps the teacher's per-question overrides: the grader's new judgement is stored beside them
// (ai_points, reason, the review flag), the teacher's points and feedback stand, and the total follows.
// A submission flagged `discard_overrides` (the teacher chose a fresh grade) drops them instead.
import type { questionResults } from "../../core/db/schema";
import type { TeacherScope } from "../../core/db/scoped";
import type { GradingResult } from "../../core/grading/result";

export const DISCARD_OVERRIDES = "discard_overrides";

export type Override = Pick<typeof questionResults.$inferSelect, "questionNumber" | "pointsAwarded" | "feedback" | "editedBy" | "editedAt">;

/** The teacher's overrides of one of their submissions, by question number (the results the teacher edited). */
export async function teacherOverrides(scope: TeacherScope, submissionId: string, flags: string[]): Promise<Map<string, Override>> {
  if (flags.includes(DISCARD_OVERRIDES)) return new Map();
  const edited = (await scope.questionResultsOf([submissionId])).filter((r) => r.editedAt !== null);
  return new Map(
    edited.map(({ questionNumber, pointsAwarded, feedback, editedBy, editedAt }) => [
      questionNumber,
      { questionNumber, pointsAwarded, feedback, editedBy, editedAt },
    ]),
  );
}

/** The result with the teacher's points in place of the grader's where the teacher overrode them. */
export function applyOverrides(result: GradingResult, overrides: Map<string, Override>) {
  let total = 0;
  const questions = result.questions.map((q) => {
    const o = overrides.get(String(q.number));
    const points = o ? Math.max(0, Math.min(q.pointsPossible, o.pointsAwarded)) : q.pointsAwarded;
    total += points;
    return { question: q, points, override: o };
  });
  const rubric = result.rubric.reduce((s, c) => s + (c.pointsAwarded ?? 0), 0);
  const score = Math.round(Math.min(result.max, total + rubric) * 100) / 100;
  const percent = result.max ? Math.round((score / result.max) * 1000) / 10 : 0;
  return { questions, score, percent };
}
