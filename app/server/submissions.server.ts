// Review and override of graded work: a teacher's score, a question's points and feedback, corrected text,
// approval. The AI's score stays stored beside the teacher's, and every change is kept in grade_edits.
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { assignmentFiles, gradeEdits, questionResults, submissions, teachers } from "../../core/db/schema";
import { AssignmentInputError, compareQuestionNumbers, findAssignment, type AssignmentRow, type SubmissionRow } from "./assignments.server";
import { newId } from "./tokens.server";
import { feedbackFollowsMarks } from "./feedback-refresh.server";

type Editor = { id: string; name: string };

const clamp = (value: number, max: number | null) => Math.min(Math.max(value, 0), max ?? Number.POSITIVE_INFINITY);
const round2 = (n: number) => Math.round(n * 100) / 100;
const percentOf = (score: number | null, max: number | null) => (score == null || !max ? null : Math.round((score / max) * 1000) / 10);
const str = (v: number | string | null | undefined) => (v == null ? null : String(v));

export async function findSubmission(db: Db, teacherId: string, assignmentId: string, submissionId: string) {
  return db.query.submissions.findFirst({
    where: and(eq(submissions.id, submissionId), ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignmentId)),
  });
}

/** The submission page: the work, its recognised text, each question, the edit history and the neighbours. */
export async function submissionReview(db: Db, teacherId: string, assignmentId: string, submissionId: string) {
  const assignment = await findAssignment(db, teacherId, assignmentId);
  if (!assignment) return null;
  const submission = await findSubmission(db, teacherId, assignment.id, submissionId);
  if (!submission) return null;
  const [file, questions, edits, siblings] = await Promise.all([
    submission.fileId
      ? db.query.assignmentFiles.findFirst({
          where: and(eq(assignmentFiles.id, submission.fileId), ownedBy(assignmentFiles, teacherId)),
        })
      : Promise.resolve(undefined),
    forTeacher(db, teacherId).questionResultsOf([submission.id]),
    db
      .select({
        id: gradeEdits.id,
        field: gradeEdits.field,
        questionNumber: gradeEdits.questionNumber,
        oldValue: gradeEdits.oldValue,
        newValue: gradeEdits.newValue,
        editedAt: gradeEdits.editedAt,
        editor: teachers.name,
      })
      .from(gradeEdits)
      .leftJoin(teachers, eq(teachers.id, gradeEdits.editedBy))
      .where(and(eq(gradeEdits.submissionId, submission.id), ownedBy(gradeEdits, teacherId)))
      .orderBy(desc(gradeEdits.editedAt)),
    db
      .select({
        id: submissions.id,
        needsReview: submissions.needsReview,
        approvedAt: submissions.approvedAt,
        studentName: submissions.studentName,
      })
      .from(submissions)
      .where(and(ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignment.id)))
      .orderBy(asc(submissions.createdAt)),
  ]);
  // Same order as the assignment page: needs review first.
  const ordered = [...siblings].sort((a, b) => Number(b.needsReview && !b.approvedAt) - Number(a.needsReview && !a.approvedAt));
  const index = ordered.findIndex((s) => s.id === submission.id);
  return {
    assignment,
    submission,
    file: file ?? null,
    questions: questions.sort((a, b) => compareQuestionNumbers(a.questionNumber, b.questionNumber)),
    edits,
    previousId: index > 0 ? ordered[index - 1].id : null,
    nextId: index >= 0 && index < ordered.length - 1 ? ordered[index + 1].id : null,
  };
}
export type SubmissionReview = NonNullable<Awaited<ReturnType<typeof submissionReview>>>;

/** The grader's own score is kept the first time a teacher changes the score; later edits leave it alone. */
function keepAiScore(submission: SubmissionRow): Partial<typeof submissions.$inferInsert> {
  if (submission.flags.includes("teacher_scored")) return {};
  return { aiScore: submission.score, flags: [...submission.flags, "teacher_scored"] };
}

function edit(
  db: Db,
  teacherId: string,
  submissionId: string,
  editor: Editor,
  field: (typeof gradeEdits.$inferInsert)["field"],
  oldValue: string | null,
  newValue: string | null,
  questionNumber: string | null = null,
) {
  return db
    .insert(gradeEdits)
    .values({ id: newId(), teacherId, submissionId, questionNumber, field, oldValue, newValue, editedBy: editor.id });
}

/** The teacher's score for the whole submission (the only way when the grader gave no per-question result). */
export async function overrideScore(
  db: Db,
  editor: Editor,
  assignment: AssignmentRow,
  submission: SubmissionRow,
  input: { score?: number; feedback?: string },
) {
  const statements = [];
  const now = new Date();
  const max = submission.maxScore ?? assignment.points;
  const set: Partial<typeof submissions.$inferInsert> = { updatedAt: now };
  if (input.score !== undefined) {
    const score = round2(clamp(input.score, max));
    if (score !== submission.score) {
      set.score = score;
      set.maxScore = max;
      set.percent = percentOf(score, max);
      Object.assign(set, keepAiScore(submission));
      if (submission.status !== "graded") {
        set.status = "graded";
        set.gradedAt = now;
      }
      statements.push(edit(db, editor.id, submission.id, editor, "score", str(submission.score), str(score)));
    }
  }
  if (input.feedback !== undefined && input.feedback.trim() !== (submission.feedback ?? "").trim()) {
    set.feedback = input.feedback.trim();
    statements.push(edit(db, editor.id, submission.id, editor, "feedback", submission.feedback, input.feedback.trim()));
  }
  if (statements.length === 0) return false;
  await db.batch([
    db
      .update(submissions)
      .set(set)
      .where(and(eq(submissions.id, submission.id), ownedBy(submissions, editor.id))),
    ...statements,
  ]);
  if (set.score !== undefined || set.feedback !== undefined)
    await feedbackFollowsMarks(db, editor.id, submission.id, {
      changedQuestionIds: [],
      marksChanged: set.score !== undefined,
      written: { summary: set.feedback !== undefined, questionIds: [] },
    });
  return true;
}

/** Changes one question's points and feedback; the submission's score becomes the sum of its questions. */
export async function overrideQuestion(
  db: Db,
  editor: Editor,
  submission: SubmissionRow,
  input: { questionId: string; points: number; feedback?: string },
) {
  const questions = await forTeacher(db, editor.id).questionResultsOf([submission.id]);
  const question = questions.find((q) => q.id === input.questionId);
  if (!question) throw new AssignmentInputError("Question not found.", 404);
  return applyQuestionEdits(db, editor, submission, questions, [{ question, points: input.points, feedback: input.feedback }]);
}

async function applyQuestionEdits(
  db: Db,
  editor: Editor,
  submission: SubmissionRow,
  questions: (typeof questionResults.$inferSelect)[],
  changes: { question: typeof questionResults.$inferSelect; points: number; feedback?: string }[],
) {
  const now = new Date();
  const statements = [];
  const newPoints = new Map(questions.map((q) => [q.id, q.pointsAwarded]));
  const touched = { marked: [] as string[], written: [] as string[] };
  for (const { question, points, feedback } of changes) {
    const awarded = round2(clamp(points, question.pointsPossible));
    const feedbackChanged = feedback !== undefined && feedback.trim() !== question.feedback.trim();
    if (awarded === question.pointsAwarded && !feedbackChanged) continue;
    newPoints.set(question.id, awarded);
    if (awarded !== question.pointsAwarded) touched.marked.push(question.id);
    if (feedbackChanged) touched.written.push(question.id);
    statements.push(
      forTeacher(db, editor.id).updateQuestionResult(question.id, {
        pointsAwarded: awarded,
        aiPoints: question.aiPoints ?? question.pointsAwarded,
        ...(feedbackChanged ? { feedback: feedback!.trim() } : {}),
        editedBy: editor.id,
        editedAt: now,
      }),
    );
    if (awarded !== question.pointsAwarded) {
      statements.push(
        edit(db, editor.id, submission.id, editor, "points", str(question.pointsAwarded), str(awarded), question.questionNumber),
      );
    }
    if (feedbackChanged)
      statements.push(edit(db, editor.id, submission.id, editor, "feedback", question.feedback, feedback!.trim(), question.questionNumber));
  }
  if (statements.length === 0) return false;
  const score = round2([...newPoints.values()].reduce((a, b) => a + b, 0));
  const max = round2(questions.reduce((a, q) => a + q.pointsPossible, 0)) || submission.maxScore;
  statements.push(
    db
      .update(submissions)
      .set({
        score,
        maxScore: max,
        percent: percentOf(score, max),
        ...keepAiScore(submission),
        updatedAt: now,
      })
      .where(and(eq(submissions.id, submission.id), ownedBy(submissions, editor.id))),
  );
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  await feedbackFollowsMarks(db, editor.id, submission.id, {
    changedQuestionIds: [...touched.marked, ...touched.written],
    marksChanged: touched.marked.length > 0,
    written: { summary: false, questionIds: touched.written },
  });
  return true;
}

export async function saveRecognizedText(db: Db, editor: Editor, submission: SubmissionRow, text: string) {
  await db.batch([
    db
      .update(submissions)
      .set({ recognizedText: text, updatedAt: new Date() })
      .where(and(eq(submissions.id, submission.id), ownedBy(submissions, editor.id))),
    edit(db, editor.id, submission.id, editor, "recognized_text", submission.recognizedText, text),
  ]);
}

export async function setApproval(db: Db, editor: Editor, submission: SubmissionRow, approved: boolean) {
  if (approved && submission.status !== "graded") throw new AssignmentInputError("Only graded work can be approved.", 409);
  await db.batch([
    db
      .update(submissions)
      .set({ approvedAt: approved ? new Date() : null, approvedBy: approved ? editor.id : null, updatedAt: new Date() })
      .where(and(eq(submissions.id, submission.id), ownedBy(submissions, editor.id))),
    edit(db, editor.id, submission.id, editor, "approval", submission.approvedAt ? "approved" : null, approved ? "approved" : null),
  ]);
}

/** Grade by question: one question's result in every submission of the assignment. */
export async function questionAcrossSubmissions(db: Db, teacherId: string, assignmentId: string, questionNumber: string) {
  const assignment = await findAssignment(db, teacherId, assignmentId);
  if (!assignment) return null;
  const rows = await db
    .select({ submission: submissions, question: questionResults })
    .from(questionResults)
    .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
    .where(
      and(ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignment.id), eq(questionResults.questionNumber, questionNumber)),
    )
    .orderBy(asc(submissions.studentName));
  return { assignment, rows };
}

/** Saves the points (and feedback) of one question for many submissions at once. */
export async function saveQuestionAcrossSubmissions(
  db: Db,
  editor: Editor,
  assignmentId: string,
  questionNumber: string,
  changes: Map<string, { points: number; feedback?: string }>,
) {
  const found = await questionAcrossSubmissions(db, editor.id, assignmentId, questionNumber);
  if (!found) throw new AssignmentInputError("Assignment not found.", 404);
  const touched = found.rows.filter((r) => changes.has(r.question.id));
  if (touched.length === 0) return 0;
  const touchedIds = new Set(touched.map((r) => r.submission.id));
  const all = (
    await db
      .select({ result: questionResults })
      .from(questionResults)
      .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
      .where(and(ownedBy(submissions, editor.id), eq(submissions.assignmentId, assignmentId)))
  )
    .map((r) => r.result)
    .filter((r) => touchedIds.has(r.submissionId));
  let changed = 0;
  for (const { submission, question } of touched) {
    const change = changes.get(question.id)!;
    const ok = await applyQuestionEdits(
      db,
      editor,
      submission,
      all.filter((q) => q.submissionId === submission.id),
      [{ question, points: change.points, feedback: change.feedback }],
    );
    if (ok) changed += 1;
  }
  return changed;
}

/** An uploaded file, only for its own teacher. */
export async function findTeacherFile(db: Db, teacherId: string, fileId: string) {
  return db.query.assignmentFiles.findFirst({ where: and(eq(assignmentFiles.id, fileId), ownedBy(assignmentFiles, teacherId)) });
}

/** Approves every graded submission of the assignment that is not approved yet. */
export async function approveAllGraded(db: Db, editor: Editor, assignmentId: string) {
  const rows = await db
    .select()
    .from(submissions)
    .where(and(ownedBy(submissions, editor.id), eq(submissions.assignmentId, assignmentId), eq(submissions.status, "graded")));
  const open = rows.filter((s) => !s.approvedAt);
  if (!open.length) return 0;
  const now = new Date();
  await db.batch([
    db
      .update(submissions)
      .set({ approvedAt: now, approvedBy: editor.id, updatedAt: now })
      .where(
        and(
          ownedBy(submissions, editor.id),
          eq(submissions.assignmentId, assignmentId),
          eq(submissions.status, "graded"),
          isNull(submissions.approvedAt),
        ),
      ),
    ...open.map((s) => edit(db, editor.id, s.id, editor, "approval", null, "approved")),
  ]);
  return open.length;
}

/** The question numbers graded in an assignment, in question order. */
export async function questionNumbers(db: Db, teacherId: string, assignmentId: string) {
  const rows = await db
    .selectDistinct({ number: questionResults.questionNumber })
    .from(questionResults)
    .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
    .where(and(ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignmentId)));
  return rows.map((r) => r.number).sort(compareQuestionNumbers);
}
