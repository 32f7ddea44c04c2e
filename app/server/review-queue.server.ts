// The review queue: every flagged piece of graded work across assignments, oldest first, walked one question
// at a time. Accepting and overriding go through the review page's own functions (submissions.server.ts), so
// the queue changes grades exactly as the review page does.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { assignments, submissions } from "../../core/db/schema";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { REVIEW_CONFIDENCE } from "../../core/grading/result";
import { compareQuestionNumbers } from "./assignments.server";
import { overrideQuestion, setApproval, submissionReview } from "./submissions.server";

type QuestionRow = { confidence: number; pointsAwarded: number; pointsPossible: number; questionNumber: string };

/**
 * Whether a question needs the teacher. Today the grader flags whole submissions and keeps a confidence per
 * answer; when questions carry their own review flag, this is the one place to read it.
 */
export function isFlaggedQuestion(question: QuestionRow & { needsReview?: boolean | null }) {
  return question.needsReview === true || question.confidence < REVIEW_CONFIDENCE;
}

// Paper-level notes that sum up flagged questions ("Check questions 2, 5: <question 2's reason>", "Question 3 could
// not be checked automatically."): on a question's card they would explain another question.
const QUESTION_SUMMARY = /^(Check questions? [\w.,\s]+:|Questions? [\w.,\s]+ could not be checked automatically\.)/;

/**
 * Why the card in front of the teacher is flagged: the shown question's own reason first, then the paper-wide
 * notes (reading, steering, key), never another question's summary.
 */
export function flagReasons(
  paperNotes: string[],
  question: { questionNumber: string; reviewReason: string | null; needsReview?: boolean | null; confidence: number } | null,
) {
  if (!question) return paperNotes;
  const own =
    question.needsReview && question.reviewReason
      ? question.reviewReason
      : question.confidence < REVIEW_CONFIDENCE
        ? `Question ${question.questionNumber} was read or matched with low confidence (${Math.round(question.confidence * 100)}%): check the answer read.`
        : null;
  const paper = paperNotes.filter((note) => !QUESTION_SUMMARY.test(note));
  const named = own && !own.startsWith("Question ") ? `Question ${question.questionNumber}: ${own}` : own;
  return [...(named ? [named] : []), ...paper].filter((r, i, all) => all.indexOf(r) === i);
}

/** Flagged, graded, not yet approved work; oldest assignment first, then in upload order. */
export async function listFlaggedItems(db: Db, teacherId: string) {
  const scope = forTeacher(db, teacherId);
  const rows = await db
    .select({
      submissionId: submissions.id,
      assignmentId: submissions.assignmentId,
      studentName: submissions.studentName,
      reviewNotes: submissions.reviewNotes,
      createdAt: submissions.createdAt,
      assignmentTitle: assignments.title,
      dueDate: assignments.dueDate,
      assignmentCreatedAt: assignments.createdAt,
    })
    .from(submissions)
    .innerJoin(assignments, and(eq(assignments.id, submissions.assignmentId), ownedBy(assignments, teacherId)))
    .where(scope.where(submissions, eq(submissions.status, "graded"), eq(submissions.needsReview, true), isNull(submissions.approvedAt)))
    .orderBy(asc(sql`coalesce(${assignments.dueDate}, ${assignments.createdAt})`), asc(submissions.createdAt), asc(submissions.id));
  return rows.map((r) => ({
    submissionId: r.submissionId,
    assignmentId: r.assignmentId!,
    assignmentTitle: r.assignmentTitle,
    studentName: r.studentName || "Unnamed student",
    reasons: r.reviewNotes,
    date: (r.dueDate ?? r.assignmentCreatedAt).toISOString(),
  }));
}
export type FlaggedItem = Awaited<ReturnType<typeof listFlaggedItems>>[number];

/** One item of the queue with everything the teacher needs beside the page image. */
export async function reviewItem(db: Db, teacherId: string, item: FlaggedItem) {
  const review = await submissionReview(db, teacherId, item.assignmentId, item.submissionId);
  if (!review) return null;
  const questions = [...review.questions].sort((a, b) => compareQuestionNumbers(a.questionNumber, b.questionNumber));
  const flagged = questions.filter(isFlaggedQuestion);
  return { ...review, questions, flagged };
}

export type QueueDecision = "accept" | "full" | "zero";

/**
 * Applies the teacher's decision on one flagged question (or, without a question, on the whole submission).
 * `last` means no flagged question of this submission is left after this one: the grade is then approved.
 */
export async function decide(
  db: Db,
  editor: { id: string; name: string },
  input: { assignmentId: string; submissionId: string; questionId: string | null; decision: QueueDecision; last: boolean },
) {
  const review = await submissionReview(db, editor.id, input.assignmentId, input.submissionId);
  if (!review) return { ok: false as const, status: 404 };
  let submission = review.submission;
  if (input.questionId && input.decision !== "accept") {
    const question = review.questions.find((q) => q.id === input.questionId);
    if (!question) return { ok: false as const, status: 404 };
    await overrideQuestion(db, editor, submission, {
      questionId: question.id,
      points: input.decision === "full" ? question.pointsPossible : 0,
    });
    submission = (await submissionReview(db, editor.id, input.assignmentId, input.submissionId))!.submission;
  }
  if (input.last) await setApproval(db, editor, submission, true);
  return { ok: true as const };
}
