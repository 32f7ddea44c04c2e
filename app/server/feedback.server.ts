// "Rewrite feedback from the scores": after a teacher changes scores, the feedback is written again from what the
// submission now holds, by the same local feedback writer the grading worker uses, streamed through the AI SDK.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { assignments, submissions } from "../../core/db/schema";
import { overallFeedback } from "../../core/feedback/compose";
import { createFeedbackModel, streamFeedback } from "../../core/feedback/feedback-model";
import { GradingResult, type Assignment, type QuestionResult } from "../../core/grading/result";

function questionStatus(awarded: number, possible: number, answer: string | null): QuestionResult["status"] {
  if (!answer?.trim()) return "missing";
  if (awarded >= possible) return "correct";
  return awarded > 0 ? "partial" : "incorrect";
}

/** The submission as it stands (teacher's points included) in the grader's result shape; null when not the teacher's. */
export async function currentGradingResult(db: Db, teacherId: string, submissionId: string) {
  const submission = await db.query.submissions.findFirst({
    where: and(eq(submissions.id, submissionId), ownedBy(submissions, teacherId)),
  });
  if (!submission || submission.status !== "graded") return null;
  const assignmentRow = submission.assignmentId
    ? await db.query.assignments.findFirst({
        where: and(eq(assignments.id, submission.assignmentId), ownedBy(assignments, teacherId)),
      })
    : undefined;
  const rows = await forTeacher(db, teacherId).questionResultsOf([submission.id]);
  const questions: QuestionResult[] = rows
    .map((q) => ({
      number: Number.parseInt(q.questionNumber, 10),
      questionText: null,
      keyAnswer: q.keyAnswer,
      studentAnswer: q.studentAnswer,
      pointsAwarded: q.pointsAwarded,
      pointsPossible: q.pointsPossible,
      status: questionStatus(q.pointsAwarded, q.pointsPossible, q.studentAnswer),
      reason: q.reason,
      confidence: q.confidence,
      readingConfidence: submission.readingConfidence ?? 1,
      matchConfidence: q.confidence,
      feedback: q.feedback,
      needsReview: q.needsReview,
      reviewReason: q.reviewReason,
    }))
    .filter((q) => Number.isInteger(q.number) && q.number >= 1)
    .sort((a, b) => a.number - b.number);
  const assignment: Assignment = {
    points: assignmentRow?.points ?? submission.maxScore ?? 100,
    gradeLevel: assignmentRow?.gradeLevel || undefined,
    subject: assignmentRow?.subject || undefined,
    title: assignmentRow?.title || undefined,
  };
  const total = submission.score ?? questions.reduce((s, q) => s + q.pointsAwarded, 0);
  const max = submission.maxScore ?? questions.reduce((s, q) => s + q.pointsPossible, 0);
  const percent = submission.percent ?? (max > 0 ? Math.round((total / max) * 1000) / 10 : 0);
  const result = GradingResult.parse({
    studentName: submission.studentName || null,
    questions,
    rubric: [],
    total,
    max,
    percent: Math.min(100, Math.max(0, percent)),
    needsReview: submission.needsReview,
    reviewReasons: submission.reviewNotes,
    flags: [],
    readingConfidence: Math.min(1, Math.max(0, submission.readingConfidence ?? 1)),
    feedback: overallFeedback({ questions, rubric: [], total, max, percent }, assignment),
    provider: { name: "local", model: "gradewell-rules-1" },
  });
  return { result, assignment, studentText: submission.recognizedText ?? "" };
}

export function streamRewrittenFeedback(input: NonNullable<Awaited<ReturnType<typeof currentGradingResult>>>, signal?: AbortSignal) {
  return streamFeedback({ ...input, model: createFeedbackModel(), abortSignal: signal });
}
