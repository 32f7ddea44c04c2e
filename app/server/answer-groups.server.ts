// Answer groups (issue 32): grade-by-question gathers the students whose answers read the same after normalisation,
// so thirty identical "56"s cost one look. A group is confirmed (its marks stand, its flags are answered) or marked
// (every member gets the same points) at once; the history records the group action for each student.
import { and, inArray } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { ownedBy } from "../../core/db/scoped";
import { gradeEdits, questionResults, submissions } from "../../core/db/schema";
import { answerCropUrl } from "../../core/files/answer-crop-keys";
import { AssignmentInputError } from "./assignments.server";
import { questionAcrossSubmissions, saveQuestionAcrossSubmissions } from "./submissions.server";
import { newId } from "./tokens.server";

type Editor = { id: string; name: string };

const GROUP_SLICE = 40;

/** Answers that read the same for a teacher: case, spacing, a trailing full stop and number notation aside. */
export function groupKey(answer: string | null | undefined): string {
  const text = (answer ?? "")
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.;,!]+$/, "");
  const number = text.replace(/(?<=\d),(?=\d{3}\b)/g, "").replace(/\s/g, "");
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(number) ? String(Number(number)) : text;
}

export interface GroupMember {
  questionId: string;
  submissionId: string;
  student: string;
  answer: string | null;
  points: number;
  possible: number;
  needsReview: boolean;
  reviewReason: string | null;
  cropUrl: string | null;
}

export interface AnswerGroup {
  key: string;
  /** The answer as most of the group wrote it; "" for no answer. */
  answer: string;
  members: GroupMember[];
  flagged: number;
  /** The points every member has, or null when they differ. */
  points: number | null;
  possible: number;
}

type Row = Awaited<ReturnType<typeof questionAcrossSubmissions>> extends infer F ? (F extends { rows: (infer R)[] } ? R : never) : never;

function member({ submission, question }: Row): GroupMember {
  return {
    questionId: question.id,
    submissionId: submission.id,
    student: submission.studentName || "Unnamed student",
    answer: question.studentAnswer,
    points: question.pointsAwarded,
    possible: question.pointsPossible,
    needsReview: question.needsReview && question.editedAt == null,
    reviewReason: question.editedAt == null ? question.reviewReason : null,
    cropUrl: answerCropUrl(question),
  };
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

/** The groups of one question's answers: flagged answers first, then small groups, so the odd ones are seen first. */
export function answerGroups(rows: readonly Row[]): AnswerGroup[] {
  const byKey = new Map<string, GroupMember[]>();
  for (const row of rows) {
    const key = groupKey(row.question.studentAnswer);
    byKey.set(key, [...(byKey.get(key) ?? []), member(row)]);
  }
  const groups = [...byKey].map(([key, members]): AnswerGroup => {
    const points = new Set(members.map((m) => m.points));
    return {
      key,
      answer: mostCommon(members.map((m) => (m.answer ?? "").trim())),
      members,
      flagged: members.filter((m) => m.needsReview).length,
      points: points.size === 1 ? members[0].points : null,
      possible: Math.max(...members.map((m) => m.possible)),
    };
  });
  return groups.sort(
    (a, b) => Number(b.flagged > 0) - Number(a.flagged > 0) || a.members.length - b.members.length || a.key.localeCompare(b.key),
  );
}

export type GroupAction = { kind: "confirm" } | { kind: "mark"; points: number };

/**
 * Confirms or marks every member of one group of a question. Answers how many students it touched; a group that
 * no longer exists (the answers changed since the page was read) is a 409, an unknown assignment a 404.
 */
export async function actOnGroup(db: Db, editor: Editor, assignmentId: string, questionNumber: string, key: string, action: GroupAction) {
  const found = await questionAcrossSubmissions(db, editor.id, assignmentId, questionNumber);
  if (!found) throw new AssignmentInputError("Assignment not found.", 404);
  const rows = found.rows.filter((r) => groupKey(r.question.studentAnswer) === key);
  if (!rows.length) throw new AssignmentInputError("These answers have changed since the page was loaded. Reload to see them.", 409);
  const possible = Math.max(...rows.map((r) => r.question.pointsPossible));
  if (action.kind === "mark" && (!Number.isFinite(action.points) || action.points < 0 || action.points > possible)) {
    throw new AssignmentInputError(`Points must be between 0 and ${possible}.`, 400);
  }
  const answer = rows[0].question.studentAnswer ?? "";
  if (action.kind === "mark") {
    await saveQuestionAcrossSubmissions(
      db,
      editor,
      assignmentId,
      questionNumber,
      new Map(rows.map((r) => [r.question.id, { points: action.points }])),
    );
  }
  const now = new Date();
  // D1 binds at most 100 values a statement: the members go in slices.
  for (let at = 0; at < rows.length; at += GROUP_SLICE) {
    const slice = rows.slice(at, at + GROUP_SLICE);
    const owned = db
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(
          ownedBy(submissions, editor.id),
          inArray(
            submissions.id,
            slice.map((r) => r.submission.id),
          ),
        ),
      );
    await db.batch([
      // The group's marks now stand as the teacher's: their flags are answered.
      db
        .update(questionResults)
        .set({ editedBy: editor.id, editedAt: now })
        .where(
          and(
            inArray(
              questionResults.id,
              slice.map((r) => r.question.id),
            ),
            inArray(questionResults.submissionId, owned),
          ),
        ),
      ...slice.map((r) =>
        db.insert(gradeEdits).values({
          id: newId(),
          teacherId: editor.id,
          submissionId: r.submission.id,
          questionNumber,
          field: "group",
          oldValue: answer,
          newValue: action.kind === "confirm" ? `confirmed ${r.question.pointsAwarded}` : `marked ${action.points}`,
          editedBy: editor.id,
        }),
      ),
    ]);
  }
  return rows.length;
}
