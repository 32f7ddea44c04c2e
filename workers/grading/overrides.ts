// A regrade keeps the teacher's per-question overrides: the grader's new judgement is stored beside them
// (ai_points, reason, the review flag), the teacher's points and feedback stand, and the total follows.
// A submission flagged `discard_overrides` (the teacher chose a fresh grade) drops them instead.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { questionResults } from "../../core/db/schema";
import type { GradingResult } from "../../core/grading/result";

export const DISCARD_OVERRIDES = "discard_overrides";

export type Override = Pick<typeof questionResults.$inferSelect, "questionNumber" | "pointsAwarded" | "feedback" | "editedBy" | "editedAt">;

export async function teacherOverrides(db: Db, submissionId: string, flags: string[]): Promise<Map<string, Override>> {
  if (flags.includes(DISCARD_OVERRIDES)) return new Map();
  const rows = await db
    .select({
      questionNumber: questionResults.questionNumber,
      pointsAwarded: questionResults.pointsAwarded,
      feedback: questionResults.feedback,
      editedBy: questionResults.editedBy,
      editedAt: questionResults.editedAt,
    })
    .from(questionResults)
    .where(and(eq(questionResults.submissionId, submissionId), isNotNull(questionResults.editedAt)));
  return new Map(rows.map((r) => [r.questionNumber, r]));
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
