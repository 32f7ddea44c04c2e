// Feedback follows the marks (docs/decisions/0032-feedback-follows-the-marks.md). When the teacher changes a
// mark, the feedback the machine wrote for that question, and the summary, are written again by the local
// feedback writer (core/feedback/compose.ts) from the marks as they now stand. Feedback the teacher wrote
// themselves is never overwritten: it is marked "written before your change" until the teacher rewrites or saves it.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { assignments, gradeEdits, type questionResults, submissions } from "../../core/db/schema";
import { composeFeedbackText, gradeBand, questionFeedback } from "../../core/feedback/compose";
import type { QuestionResult } from "../../core/grading/result";
import { currentGradingResult } from "./feedback.server";

/** A submission flag: its summary was written before the teacher's change. */
export const SUMMARY_STALE = "feedback_stale";
/** A submission flag per question: that question's (teacher-written) feedback predates a change of its points. */
export const questionStaleFlag = (questionNumber: string) => `feedback_stale:${questionNumber}`;

type QuestionRow = typeof questionResults.$inferSelect;

function statusOf(q: Pick<QuestionRow, "pointsAwarded" | "pointsPossible" | "studentAnswer">): QuestionResult["status"] {
  if (!q.studentAnswer?.trim()) return "missing";
  if (q.pointsAwarded >= q.pointsPossible) return "correct";
  return q.pointsAwarded > 0 ? "partial" : "incorrect";
}

/** What the local writer says about a question marked by the teacher. */
export function questionFeedbackAfterMark(q: QuestionRow, gradeLevel: string | null | undefined): string {
  const status = statusOf(q);
  // Full marks the grader did not give: the teacher's judgement, not a match with the key.
  if (status === "correct" && q.aiPoints != null && q.aiPoints < q.pointsPossible)
    return `Full marks from your teacher for ${q.studentAnswer?.trim()}.`;
  const number = Number.parseInt(q.questionNumber, 10);
  return questionFeedback(
    {
      number: Number.isInteger(number) && number > 0 ? number : 1,
      questionText: null,
      keyAnswer: q.keyAnswer,
      studentAnswer: q.studentAnswer,
      pointsAwarded: q.pointsAwarded,
      pointsPossible: q.pointsPossible,
      status,
      // The grader's reason explained its own mark; a partial mark is now the teacher's.
      reason: status === "partial" ? `Your teacher gave ${q.pointsAwarded} of ${q.pointsPossible} points.` : q.reason,
      confidence: 1,
      readingConfidence: 1,
      matchConfidence: 1,
      needsReview: false,
      reviewReason: null,
    },
    gradeBand(gradeLevel ?? undefined),
  );
}

/**
 * The teacher's own text per question number (null: the summary): the last feedback they saved. Text still equal
 * to it is theirs; text that differs was written by the machine since.
 */
async function teacherWrittenFeedback(db: Db, teacherId: string, submissionId: string) {
  const rows = await db
    .select({ questionNumber: gradeEdits.questionNumber, newValue: gradeEdits.newValue })
    .from(gradeEdits)
    .where(and(ownedBy(gradeEdits, teacherId), eq(gradeEdits.submissionId, submissionId), eq(gradeEdits.field, "feedback")))
    .orderBy(desc(gradeEdits.editedAt));
  const last = new Map<string | null, string>();
  for (const r of rows) if (!last.has(r.questionNumber)) last.set(r.questionNumber, (r.newValue ?? "").trim());
  return { wrote: (questionNumber: string | null, text: string | null) => last.get(questionNumber) === (text ?? "").trim() };
}

async function assignmentOf(db: Db, teacherId: string, assignmentId: string | null) {
  if (!assignmentId) return null;
  return (await db.query.assignments.findFirst({ where: and(eq(assignments.id, assignmentId), ownedBy(assignments, teacherId)) })) ?? null;
}

/**
 * After the marks of `changed` questions (or the whole score, with no question) changed: rewrites what the
 * machine wrote, marks what the teacher wrote. `written` lists what the teacher wrote in this same save.
 */
export async function feedbackFollowsMarks(
  db: Db,
  teacherId: string,
  submissionId: string,
  input: { changedQuestionIds: string[]; marksChanged: boolean; written: { summary: boolean; questionIds: string[] } },
) {
  const submission = await db.query.submissions.findFirst({
    where: and(eq(submissions.id, submissionId), ownedBy(submissions, teacherId)),
  });
  if (!submission || submission.status !== "graded") return;
  const assignment = await assignmentOf(db, teacherId, submission.assignmentId);
  const byTeacher = await teacherWrittenFeedback(db, teacherId, submissionId);
  const scope = forTeacher(db, teacherId);
  const questions = await scope.questionResultsOf([submissionId]);
  const flags = new Set(submission.flags);
  const updates = [];
  for (const q of questions.filter((q) => input.changedQuestionIds.includes(q.id))) {
    if (input.written.questionIds.includes(q.id)) flags.delete(questionStaleFlag(q.questionNumber));
    else if (byTeacher.wrote(q.questionNumber, q.feedback)) flags.add(questionStaleFlag(q.questionNumber));
    else updates.push(scope.updateQuestionResult(q.id, { feedback: questionFeedbackAfterMark(q, assignment?.gradeLevel) }));
  }
  if (updates.length) await db.batch(updates as unknown as Parameters<typeof db.batch>[0]);

  const set: Partial<typeof submissions.$inferInsert> = {};
  if (input.written.summary) flags.delete(SUMMARY_STALE);
  else if (byTeacher.wrote(null, submission.feedback)) {
    // The teacher's summary only goes stale when a mark changed, not when a question's words did.
    if (input.marksChanged) flags.add(SUMMARY_STALE);
  } else {
    const current = await currentGradingResult(db, teacherId, submissionId);
    if (current) {
      set.feedback = composeFeedbackText(current.result, current.assignment);
      flags.delete(SUMMARY_STALE);
    }
  }
  if (set.feedback !== undefined || flags.size !== submission.flags.length || [...flags].some((f) => !submission.flags.includes(f))) {
    await db
      .update(submissions)
      .set({ ...set, flags: [...flags] })
      .where(and(eq(submissions.id, submissionId), ownedBy(submissions, teacherId)));
  }
}

/** The one-click rewrite: every piece of this paper's feedback written again from the marks, the teacher's included. */
export async function rewriteAllFeedback(db: Db, editor: { id: string }, submissionId: string) {
  const submission = await db.query.submissions.findFirst({
    where: and(eq(submissions.id, submissionId), ownedBy(submissions, editor.id)),
  });
  if (!submission || submission.status !== "graded") return false;
  const assignment = await assignmentOf(db, editor.id, submission.assignmentId);
  const scope = forTeacher(db, editor.id);
  const questions = await scope.questionResultsOf([submissionId]);
  const stale = questions.filter((q) => submission.flags.includes(questionStaleFlag(q.questionNumber)));
  if (stale.length)
    await db.batch(
      stale.map((q) =>
        scope.updateQuestionResult(q.id, { feedback: questionFeedbackAfterMark(q, assignment?.gradeLevel) }),
      ) as unknown as Parameters<typeof db.batch>[0],
    );
  const current = await currentGradingResult(db, editor.id, submissionId);
  if (!current) return false;
  await db
    .update(submissions)
    .set({
      feedback: composeFeedbackText(current.result, current.assignment),
      flags: submission.flags.filter((f) => f !== SUMMARY_STALE && !f.startsWith("feedback_stale:")),
      updatedAt: new Date(),
    })
    .where(and(eq(submissions.id, submissionId), ownedBy(submissions, editor.id)));
  return true;
}
