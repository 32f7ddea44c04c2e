// Assignments read back: the list with real counts, the detail with its student table, the API's view.
// Every function takes the teacher's id and filters by it. Creating one: assignment-uploads.server.ts;
// handing its work to the grading queue: jobs.server.ts.
import { and, desc, eq, sql } from "drizzle-orm";
import { nameFromFileName } from "../lib/format";
import type { Db } from "../../core/db/client";
import { forTeacher, ownedBy } from "../../core/db/scoped";
import { answerCropUrl } from "../../core/files/answer-crop-keys";
import {
  assignmentFiles,
  assignments,
  classes,
  enrollments,
  gradingJobs,
  questionResults,
  students,
  submissions,
} from "../../core/db/schema";

/** A problem the teacher or API client can fix; `status` is the HTTP status the API answers. */
export class AssignmentInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(message);
    this.name = "AssignmentInputError";
  }
}

export type AssignmentRow = typeof assignments.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;

export async function findClass(db: Db, teacherId: string, classId: string) {
  return forTeacher(db, teacherId).find(classes, classId);
}

export async function roster(db: Db, teacherId: string, classId: string | null) {
  if (!classId) return [];
  return db
    .select({ id: students.id, name: students.name, email: students.email })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(eq(enrollments.classId, classId), ownedBy(students, teacherId)))
    .orderBy(students.name);
}

export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function findAssignment(db: Db, teacherId: string, assignmentId: string) {
  return forTeacher(db, teacherId).find(assignments, assignmentId);
}

export async function requireAssignment(db: Db, teacherId: string, assignmentId: string) {
  const assignment = await findAssignment(db, teacherId, assignmentId);
  if (!assignment) throw new AssignmentInputError("Assignment not found.", 404);
  return assignment;
}

export type RowStatus = "graded" | "pending" | "missing";

/** A grade the teacher has not approved yet is held as pending when the assignment requires manual review. */
export function isHeld(assignment: Pick<AssignmentRow, "requireManualReview">, s: Pick<SubmissionRow, "approvedAt">) {
  return assignment.requireManualReview && !s.approvedAt;
}

export function rowStatus(
  assignment: Pick<AssignmentRow, "requireManualReview">,
  s: Pick<SubmissionRow, "status" | "approvedAt">,
): RowStatus {
  if (s.status === "missing") return "missing";
  if (s.status === "graded" && !isHeld(assignment, s)) return "graded";
  return "pending";
}

/** Final once graded, not held for approval, and not flagged for review (or approved). */
export function isFinal(
  assignment: Pick<AssignmentRow, "requireManualReview">,
  s: Pick<SubmissionRow, "status" | "approvedAt" | "needsReview">,
) {
  return s.status === "graded" && (Boolean(s.approvedAt) || (!s.needsReview && !assignment.requireManualReview));
}

export type AssignmentStatus = "Active" | "Draft" | "Completed";

/** Draft until grading starts; Completed once every submission's grade is final; Active in between. */
export function assignmentStatus(counts: { total: number; started: number; final: number }): AssignmentStatus {
  if (counts.total === 0 || counts.started === 0) return "Draft";
  return counts.final >= counts.total ? "Completed" : "Active";
}

export type ListFilters = { q?: string; status?: string; classId?: string; type?: string };

export async function listAssignments(db: Db, teacherId: string, filters: ListFilters = {}) {
  const listQuery = db
    .select({
      id: assignments.id,
      title: assignments.title,
      assignmentType: assignments.assignmentType,
      subject: assignments.subject,
      dueDate: assignments.dueDate,
      points: assignments.points,
      classId: assignments.classId,
      className: classes.name,
      requireManualReview: assignments.requireManualReview,
      createdAt: assignments.createdAt,
    })
    .from(assignments)
    .leftJoin(classes, eq(classes.id, assignments.classId))
    .where(ownedBy(assignments, teacherId))
    .orderBy(desc(assignments.createdAt));

  const countsQuery = db
    .select({
      assignmentId: submissions.assignmentId,
      total: sql<number>`count(*)`,
      submitted: sql<number>`sum(case when ${submissions.status} != 'missing' then 1 else 0 end)`,
      started: sql<number>`sum(case when ${submissions.jobId} is not null or ${submissions.status} != 'pending' then 1 else 0 end)`,
      graded: sql<number>`sum(case when ${submissions.status} = 'graded' then 1 else 0 end)`,
      approved: sql<number>`sum(case when ${submissions.status} = 'graded' and ${submissions.approvedAt} is not null then 1 else 0 end)`,
      clean: sql<number>`sum(case when ${submissions.status} = 'graded' and ${submissions.approvedAt} is null and ${submissions.needsReview} = 0 then 1 else 0 end)`,
      needsReview: sql<number>`sum(case when ${submissions.needsReview} = 1 and ${submissions.approvedAt} is null then 1 else 0 end)`,
      average: sql<number | null>`avg(${submissions.percent})`,
    })
    .from(submissions)
    .where(ownedBy(submissions, teacherId))
    .groupBy(submissions.assignmentId);
  const rosterQuery = db
    .select({ classId: enrollments.classId, n: sql<number>`count(*)` })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(ownedBy(classes, teacherId))
    .groupBy(enrollments.classId);
  // One D1 round trip for the page's three queries (docs/decisions/0014).
  const [rows, counts, rosterSizes] = await db.batch([listQuery, countsQuery, rosterQuery]);
  const byAssignment = new Map(counts.map((c) => [c.assignmentId, c]));
  const rosterByClass = new Map(rosterSizes.map((r) => [r.classId, Number(r.n)]));

  const list = rows.map((row) => {
    const c = byAssignment.get(row.id);
    const total = Number(c?.total ?? 0);
    const submitted = Number(c?.submitted ?? 0);
    const final = Number(c?.approved ?? 0) + (row.requireManualReview ? 0 : Number(c?.clean ?? 0));
    const status = assignmentStatus({ total, started: Number(c?.started ?? 0), final });
    const rosterSize = row.classId ? (rosterByClass.get(row.classId) ?? 0) : 0;
    return {
      ...row,
      status,
      submissions: submitted,
      total: Math.max(total, rosterSize),
      graded: Number(c?.graded ?? 0),
      needsReview: Number(c?.needsReview ?? 0),
      averagePercent: c?.average == null ? null : Math.round(Number(c.average) * 10) / 10,
    };
  });

  const q = filters.q?.trim().toLowerCase();
  const filtered = list.filter(
    (a) =>
      (!q || a.title.toLowerCase().includes(q) || (a.className ?? "").toLowerCase().includes(q) || a.subject.toLowerCase().includes(q)) &&
      (!filters.status || a.status === filters.status) &&
      (!filters.classId || a.classId === filters.classId) &&
      (!filters.type || a.assignmentType === filters.type),
  );
  const summary = {
    total: list.length,
    active: list.filter((a) => a.status === "Active").length,
    draft: list.filter((a) => a.status === "Draft").length,
    completed: list.filter((a) => a.status === "Completed").length,
    needsReview: list.reduce((n, a) => n + a.needsReview, 0),
  };
  return { assignments: filtered, summary };
}

export async function teacherClasses(db: Db, teacherId: string) {
  return db.select({ id: classes.id, name: classes.name }).from(classes).where(ownedBy(classes, teacherId)).orderBy(classes.name);
}

export type StudentRow = {
  key: string;
  submissionId: string | null;
  studentId: string | null;
  student: string;
  fileName: string | null;
  status: RowStatus;
  pipelineStatus: SubmissionRow["status"] | "missing";
  score: number | null;
  maxScore: number | null;
  percent: number | null;
  needsReview: boolean;
  approved: boolean;
  held: boolean;
  failureReason: string | null;
};

/** The assignment with its files, its student table (with the class's missing students) and its job. */
export async function assignmentDetail(db: Db, teacherId: string, assignmentId: string) {
  const assignment = await findAssignment(db, teacherId, assignmentId);
  if (!assignment) return null;
  const [files, subs, klass, job] = await Promise.all([
    db
      .select()
      .from(assignmentFiles)
      .where(and(ownedBy(assignmentFiles, teacherId), eq(assignmentFiles.assignmentId, assignment.id)))
      .orderBy(assignmentFiles.createdAt),
    db
      .select()
      .from(submissions)
      .where(and(ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignment.id)))
      .orderBy(submissions.createdAt),
    assignment.classId ? findClass(db, teacherId, assignment.classId) : Promise.resolve(undefined),
    db.query.gradingJobs.findFirst({
      where: and(ownedBy(gradingJobs, teacherId), eq(gradingJobs.assignmentId, assignment.id)),
      orderBy: desc(gradingJobs.createdAt),
    }),
  ]);
  const fileName = new Map(files.map((f) => [f.id, f.fileName]));
  const rows: StudentRow[] = subs.map((s) => {
    const held = isHeld(assignment, s);
    return {
      key: s.id,
      submissionId: s.id,
      studentId: s.studentId,
      student: s.studentName || (s.fileId ? nameFromFileName(fileName.get(s.fileId) ?? "") : "") || "Unnamed student",
      fileName: s.fileId ? (fileName.get(s.fileId) ?? null) : null,
      status: rowStatus(assignment, s),
      pipelineStatus: s.status,
      score: s.score,
      maxScore: s.maxScore ?? assignment.points,
      percent: s.percent,
      needsReview: s.needsReview && !s.approvedAt,
      approved: Boolean(s.approvedAt),
      held,
      failureReason: s.failureReason,
    };
  });
  const classRoster = await roster(db, teacherId, klass?.id ?? null);
  for (const student of classRoster) {
    const submitted = subs.some((s) => s.studentId === student.id || sameName(s.studentName, student.name));
    if (!submitted) {
      rows.push({
        key: `missing-${student.id}`,
        submissionId: null,
        studentId: student.id,
        student: student.name,
        fileName: null,
        status: "missing",
        pipelineStatus: "missing",
        score: null,
        maxScore: assignment.points,
        percent: null,
        needsReview: false,
        approved: false,
        held: false,
        failureReason: null,
      });
    }
  }
  const final = subs.filter((s) => isFinal(assignment, s)).length;
  const started = subs.filter((s) => s.jobId || s.status !== "pending").length;
  const questions = subs.length
    ? await db
        .select({ number: questionResults.questionNumber, n: sql<number>`count(*)` })
        .from(questionResults)
        .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
        .where(and(ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignment.id)))
        .groupBy(questionResults.questionNumber)
    : [];
  return {
    assignment,
    className: klass?.name ?? null,
    files,
    rows,
    status: assignmentStatus({ total: subs.length, started, final }),
    pendingCount: subs.filter((s) => s.status === "pending").length,
    job: job ?? null,
    questionNumbers: questions.map((q) => q.number).sort(compareQuestionNumbers),
  };
}

export function compareQuestionNumbers(a: string, b: string): number {
  const na = Number.parseFloat(a);
  const nb = Number.parseFloat(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a.localeCompare(b, "en", { numeric: true });
}

/** A question's result as API clients see it, with the link to its answer crop. */
export function questionForApi(q: typeof questionResults.$inferSelect) {
  return {
    number: q.questionNumber,
    key: q.keyAnswer,
    answer: q.studentAnswer,
    points: q.pointsAwarded,
    points_possible: q.pointsPossible,
    ai_points: q.aiPoints,
    reason: q.reason,
    confidence: q.confidence,
    needs_review: q.needsReview && q.editedAt == null,
    review_reason: q.editedAt == null ? q.reviewReason : null,
    feedback: q.feedback,
    edited: q.editedAt != null,
    crop_url: answerCropUrl(q),
  };
}

/** The JSON API's view of an assignment: the form's fields, its files and every submission with its questions. */
export async function assignmentForApi(db: Db, teacherId: string, assignmentId: string) {
  const detail = await assignmentDetail(db, teacherId, assignmentId);
  if (!detail) return null;
  const { assignment } = detail;
  const submissionIds = detail.rows.flatMap((r) => (r.submissionId ? [r.submissionId] : []));
  // Selected by assignment, not by a list of ids: D1 binds at most 100 values per statement.
  const wanted = new Set(submissionIds);
  const results = submissionIds.length
    ? (
        await db
          .select({ result: questionResults })
          .from(questionResults)
          .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
          .where(and(ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignment.id)))
      )
        .map((r) => r.result)
        .filter((r) => wanted.has(r.submissionId))
    : [];
  const subs = submissionIds.length
    ? (
        await db
          .select()
          .from(submissions)
          .where(and(ownedBy(submissions, teacherId), eq(submissions.assignmentId, assignment.id)))
      ).filter((s) => wanted.has(s.id))
    : [];
  const feedbackById = new Map(subs.map((s) => [s.id, s]));
  const fileById = new Map(detail.files.map((f) => [f.id, f]));
  return {
    id: assignment.id,
    title: assignment.title,
    description: assignment.description,
    instructions: assignment.instructions,
    assignment_type: assignment.assignmentType,
    subject: assignment.subject,
    grade_level: assignment.gradeLevel,
    estimated_time: assignment.estimatedTime,
    due_date: assignment.dueDate?.toISOString() ?? null,
    points: assignment.points,
    class_id: assignment.classId,
    class_name: detail.className,
    status: detail.status,
    processing_mode: assignment.processingMode,
    skip_details: assignment.skipDetails,
    has_answer_key: assignment.hasAnswerKey,
    has_rubric: assignment.hasRubric,
    auto_detect_students: assignment.autoDetectStudents,
    auto_detect_standards: assignment.autoDetectStandards,
    require_manual_review: assignment.requireManualReview,
    use_manual_students: assignment.useManualStudents,
    manual_student_names: assignment.manualStudentNames,
    use_manual_standards: assignment.useManualStandards,
    selected_standards: assignment.selectedStandards,
    created_at: assignment.createdAt.toISOString(),
    files: detail.files.map((f) => ({ id: f.id, kind: f.kind, file_name: f.fileName, content_type: f.contentType, size: f.size })),
    job: detail.job
      ? { id: detail.job.id, status: detail.job.status, done: detail.job.done, failed: detail.job.failed, total: detail.job.total }
      : null,
    submissions: detail.rows.map((r) => {
      const s = r.submissionId ? feedbackById.get(r.submissionId) : undefined;
      return {
        id: r.submissionId,
        student: r.student,
        student_id: r.studentId,
        status: r.status,
        processing_status: r.pipelineStatus,
        score: r.held ? null : r.score,
        max: r.maxScore,
        percent: r.held ? null : r.percent,
        needs_review: r.needsReview,
        review_notes: s?.reviewNotes ?? [],
        file_id: s?.fileId ?? null,
        file_name: (s?.fileId && fileById.get(s.fileId)?.fileName) || null,
        approved: r.approved,
        feedback: s?.feedback ?? null,
        questions: results
          .filter((q) => q.submissionId === r.submissionId)
          .sort((a, b) => compareQuestionNumbers(a.questionNumber, b.questionNumber))
          .map(questionForApi),
      };
    }),
  };
}
