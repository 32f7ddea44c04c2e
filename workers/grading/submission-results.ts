// The end of one submission's grading, shared by the pipeline and the class-set regrade: linking the paper to a
// student of the roster, and writing the result to D1 idempotently (a redelivered message rewrites the same rows).
import type { TeacherScope } from "../../core/db/scoped";
import { type assignments, students, type submissions } from "../../core/db/schema";
import { matchRoster, type ScoredStudent } from "../../core/roster/match-name";
import { readableName } from "../../core/students/names";
import type { DocumentReading, GradingResult } from "./engines";
import { applyOverrides, teacherOverrides } from "./overrides";

/** Submission flags set by the web side (app/server/assignment-uploads.server.ts, jobs.server.ts). */
export const NAME_FROM_FILE = "name_from_file";
export const TEXT_CORRECTED = "text_corrected";
/** A page of a class set graded before the worksheet's template was found: regraded once it is (class-set.ts). */
export const READ_ALONE = "read_alone";

export type Submission = typeof submissions.$inferSelect;
export type Assignment = typeof assignments.$inferSelect;

/**
 * Links the submission to a student of the teacher's (in the assignment's class when it has one) by the name
 * on the paper: accents, word order, initials and one misread letter allowed, and only when one student is
 * clearly the best fit (core/roster/match-name.ts). A name that fits no one clearly is left for the teacher,
 * with its likely students.
 */
export async function identifyStudent(
  scope: TeacherScope,
  submission: Submission,
  assignment: Assignment | undefined,
  detected: string | null,
) {
  // A name guessed from the file name gives way to the name written on the work.
  const guessed = !submission.studentName.trim() || submission.flags.includes(NAME_FROM_FILE);
  const useDetected = detected && guessed && (!assignment || assignment.autoDetectStudents) && !submission.studentId;
  // A name read from the page is shown in a readable case; the teacher's own spelling is kept (core/students/names.ts).
  const name = useDetected ? readableName(detected) : submission.studentName.trim();
  if (!name) return { studentName: submission.studentName, studentId: submission.studentId, unlinked: null };
  if (submission.studentId) return { studentName: name, studentId: submission.studentId, unlinked: null };
  // The class's enrollments are reached through the assignment, itself read through the teacher's scope.
  const roster = assignment?.classId ? await scope.studentsIn(assignment.classId) : await scope.rows(students);
  const match = matchRoster(name, roster);
  if (match.student) return { studentName: match.student.name, studentId: match.student.id, unlinked: null };
  return { studentName: name, studentId: null, unlinked: roster.length ? unlinkedNote(name, match.candidates) : null };
}

/** Why a named paper was not linked, for the teacher: the name read and the students it may be. */
function unlinkedNote(name: string, candidates: ScoredStudent[]): string {
  const likely = candidates.map((c) => c.name);
  return likely.length
    ? `The name on the paper, "${name}", fits more than one student or none clearly: likely ${likely.join(", ")}. Choose the student.`
    : `The name on the paper, "${name}", fits no student in the class. Choose the student.`;
}

export async function saveResult(
  scope: TeacherScope,
  submission: Submission,
  outcome: {
    result: GradingResult;
    reading: DocumentReading;
    feedback: string;
    studentName: string;
    studentId: string | null;
    /** A class-set page graded without the worksheet's template (regraded when it is found). */
    readAlone?: boolean;
    /** Each question's answer crop in R2 (answer-crops.ts). */
    crops?: ReadonlyMap<number, string>;
  },
) {
  const { result, reading } = outcome;
  const checked = result.flags.some((f) => f.type === "checks-only");
  const now = new Date();
  const kept = submission.flags.filter(
    (f) => f === TEXT_CORRECTED || (f === NAME_FROM_FILE && outcome.studentName === submission.studentName),
  );
  const flags = [
    ...new Set([...kept, ...result.flags.map((f) => f.type.replaceAll("-", "_")), ...(outcome.readAlone ? [READ_ALONE] : [])]),
  ];
  const reviewNotes = [...new Set([...result.reviewReasons, ...result.flags.map((f) => f.message)])];
  // question_results has no teacher of its own: it is reached through the submission, read through the scope.
  const merged = applyOverrides(result, await teacherOverrides(scope, submission.id, submission.flags));
  await scope.replaceQuestionResults(
    submission.id,
    merged.questions.map(({ question: q, points, override }) => ({
      id: `${submission.id}:${q.number}`,
      questionNumber: String(q.number),
      keyAnswer: q.keyAnswer,
      studentAnswer: q.studentAnswer,
      pointsAwarded: points,
      pointsPossible: q.pointsPossible,
      aiPoints: q.pointsAwarded,
      reason: q.reason,
      confidence: q.confidence,
      needsReview: q.needsReview,
      reviewReason: q.reviewReason,
      feedback: override?.feedback ?? q.feedback,
      editedBy: override?.editedBy ?? null,
      editedAt: override?.editedAt ?? null,
      cropKey: outcome.crops?.get(q.number) ?? null,
    })),
    {
      status: "graded",
      studentName: outcome.studentName,
      studentId: outcome.studentId,
      // Checked without a key: no score, so nothing enters an average (decision 0033).
      ...(checked
        ? { score: null, maxScore: null, percent: null, aiScore: null }
        : { score: merged.score, maxScore: result.max, percent: merged.percent, aiScore: result.total }),
      needsReview: result.needsReview,
      recognizedText: reading.text,
      readingConfidence: reading.confidence,
      feedback: outcome.feedback,
      flags,
      reviewNotes,
      failureReason: null,
      gradedAt: now,
      updatedAt: now,
    },
  );
}
