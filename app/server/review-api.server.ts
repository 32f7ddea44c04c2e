// The review loop for API clients: every action a review page has, by submission id, scoped to the teacher.
// Overrides keep their history (grade_edits); regrading keeps the teacher's overrides unless told otherwise;
// failed submissions are graded again from their stored files, without uploading them again.
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { gradeEdits, students, submissions } from "../../core/db/schema";
import {
  AssignmentInputError,
  compareQuestionNumbers,
  findAssignment,
  questionForApi,
  roster,
  type SubmissionRow,
} from "./assignments.server";
import { queueSubmissions, regradeSubmission, runningJob } from "./jobs.server";
import { overrideQuestion, overrideScore, setApproval, saveRecognizedText } from "./submissions.server";
import { apiError as apiErrorResponse } from "./http.server";
import { newId } from "./tokens.server";
import { matchRoster } from "../../core/roster/match-name";

type Editor = { id: string; name: string };

export async function findOwnSubmission(db: Db, teacherId: string, submissionId: string) {
  return forTeacher(db, teacherId).find(submissions, submissionId);
}

async function requireOwnSubmission(db: Db, teacherId: string, submissionId: string) {
  const submission = await findOwnSubmission(db, teacherId, submissionId);
  if (!submission) throw new AssignmentInputError("Submission not found.", 404);
  return submission;
}

export async function overrideQuestionByNumber(
  db: Db,
  editor: Editor,
  submissionId: string,
  number: string,
  input: { points: number; feedback?: string },
) {
  const submission = await requireOwnSubmission(db, editor.id, submissionId);
  const question = await forTeacher(db, editor.id).questionResultByNumber(submission.id, number);
  if (!question) throw new AssignmentInputError("Question not found.", 404);
  await overrideQuestion(db, editor, submission, { questionId: question.id, ...input });
  return requireOwnSubmission(db, editor.id, submissionId);
}

export async function overrideTotal(db: Db, editor: Editor, submissionId: string, input: { score?: number; feedback?: string }) {
  const submission = await requireOwnSubmission(db, editor.id, submissionId);
  const assignment = submission.assignmentId ? await findAssignment(db, editor.id, submission.assignmentId) : undefined;
  if (!assignment) throw new AssignmentInputError("Only assignment submissions can be reviewed here.", 400);
  await overrideScore(db, editor, assignment, submission, input);
  return requireOwnSubmission(db, editor.id, submissionId);
}

export async function approveSubmission(db: Db, editor: Editor, submissionId: string, approved: boolean) {
  const submission = await requireOwnSubmission(db, editor.id, submissionId);
  await setApproval(db, editor, submission, approved);
  return requireOwnSubmission(db, editor.id, submissionId);
}

/** Regrade from the corrected text (or the stored file read again), keeping overrides unless told not to. */
export async function regrade(
  env: Env,
  db: Db,
  editor: Editor,
  submissionId: string,
  input: { recognized_text?: string; keep_overrides: boolean },
) {
  const submission = await requireOwnSubmission(db, editor.id, submissionId);
  if (submission.status === "pending" || submission.status === "processing")
    throw new AssignmentInputError("This submission is already being graded.", 409);
  let row: SubmissionRow = submission;
  const corrected = input.recognized_text !== undefined;
  if (corrected) {
    await saveRecognizedText(db, editor, submission, input.recognized_text!);
    row = { ...submission, recognizedText: input.recognized_text! };
  }
  const textCorrected = corrected || submission.flags.includes("text_corrected");
  if (!textCorrected && !submission.fileId) throw new AssignmentInputError("This submission has no file to read again.", 409);
  const jobId = await regradeSubmission(env, db, editor.id, row, { keepOverrides: input.keep_overrides, textCorrected });
  return { jobId };
}

/** Grades the assignment's failed submissions again from their stored files, as one new job. */
export async function retryFailed(env: Env, db: Db, teacherId: string, assignmentId: string) {
  const assignment = await findAssignment(db, teacherId, assignmentId);
  if (!assignment) throw new AssignmentInputError("Assignment not found.", 404);
  const running = await runningJob(db, teacherId, assignment.id);
  if (running) return { jobId: running.id, total: running.total, alreadyRunning: true };
  const scope = forTeacher(db, teacherId);
  const failed = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(scope.where(submissions, eq(submissions.assignmentId, assignment.id), eq(submissions.status, "failed")));
  if (failed.length === 0) throw new AssignmentInputError("There is no failed work to retry.", 409);
  const ids = failed.map((f) => f.id);
  for (let i = 0; i < ids.length; i += 90) {
    await db
      .update(submissions)
      .set({ status: "pending", failureReason: null, updatedAt: new Date() })
      .where(scope.where(submissions, inArray(submissions.id, ids.slice(i, i + 90))));
  }
  const jobId = await queueSubmissions(env, db, teacherId, assignment.id, ids);
  return { jobId, total: ids.length, alreadyRunning: false };
}

/** Roster students most like the name on the paper, best first (the assignment's class, else all the teacher's students). */
export async function likelyStudents(db: Db, teacherId: string, submissionId: string, limit = 3) {
  const submission = await requireOwnSubmission(db, teacherId, submissionId);
  const assignment = submission.assignmentId ? await findAssignment(db, teacherId, submission.assignmentId) : undefined;
  const candidates = assignment?.classId
    ? await roster(db, teacherId, assignment.classId)
    : await db.select({ id: students.id, name: students.name, email: students.email }).from(students).where(ownedBy(students, teacherId));
  return matchRoster(submission.studentName, candidates, limit).candidates;
}

/** Links (or relinks) a paper to one of the teacher's students; the paper then shows under that student. */
export async function linkStudent(db: Db, editor: Editor, submissionId: string, studentId: string) {
  const submission = await requireOwnSubmission(db, editor.id, submissionId);
  const student = await forTeacher(db, editor.id).find(students, studentId);
  if (!student) throw new AssignmentInputError("Student not found.", 404);
  if (submission.studentId === student.id) return submission;
  await db.batch([
    db
      .update(submissions)
      .set({
        studentId: student.id,
        studentName: student.name,
        flags: submission.flags.filter((f) => f !== "name_from_file"),
        updatedAt: new Date(),
      })
      .where(forTeacher(db, editor.id).where(submissions, eq(submissions.id, submission.id))),
    db.insert(gradeEdits).values({
      id: newId(),
      teacherId: editor.id,
      submissionId: submission.id,
      field: "student",
      oldValue: submission.studentId ? `${submission.studentId}:${submission.studentName}` : submission.studentName,
      newValue: `${student.id}:${student.name}`,
      editedBy: editor.id,
    }),
  ]);
  return requireOwnSubmission(db, editor.id, submissionId);
}

/** The submission as API clients see it after a review action. */
export function submissionForApi(s: SubmissionRow) {
  return {
    id: s.id,
    assignment_id: s.assignmentId,
    student: s.studentName,
    student_id: s.studentId,
    status: s.status,
    score: s.score,
    max: s.maxScore,
    percent: s.percent,
    ai_score: s.aiScore,
    needs_review: s.needsReview,
    approved: s.approvedAt != null,
    file_id: s.fileId,
    failure_reason: s.failureReason,
  };
}

/** A submission's questions as API clients see them, each with the link to its answer crop. */
export async function submissionQuestionsForApi(db: Db, s: SubmissionRow) {
  const rows = await forTeacher(db, s.teacherId).questionResultsOf([s.id]);
  return rows.sort((a, b) => compareQuestionNumbers(a.questionNumber, b.questionNumber)).map(questionForApi);
}

/** Runs a review action for an API route: input errors answer their status and message as JSON. */
export async function reviewAction(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AssignmentInputError) return apiErrorResponse(error.status, error.message);
    throw error;
  }
}
