// Grade exports: a generic CSV (every row, for a spreadsheet), Canvas's gradebook import and OneRoster 1.2 CSV
// results. The generic sheets are built here; the gradebook formats from one loaded Gradebook
// (exports/gradebook.server.ts) by their own modules. Decision 0015 says what each format checks.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { inChunks } from "../../core/db/chunk";
import { forTeacher } from "../../core/db/scoped";
import { assignments, classes, enrollments, students, submissions } from "../../core/db/schema";
import { assignmentDetail, isHeld, listAssignments, type ListFilters } from "./assignments.server";
import { formatDueDate } from "../lib/format";
import { canvasCsv, type CanvasReport } from "./exports/canvas.server";
import { toCsv, csvResponse, zipResponse, type Cell } from "./exports/csv.server";
import { assignmentGradebook, classGradebook, type Gradebook } from "./exports/gradebook.server";
import { oneRosterFiles, zipFiles, type OneRosterReport } from "./exports/oneroster.server";

export { csvCell, csvResponse, isFormula, neutralize, toCsv, type Cell } from "./exports/csv.server";
export { canvasStudentName } from "./exports/names";

export const EXPORT_FORMATS = ["csv", "canvas", "oneroster"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const UNKNOWN_FORMAT = "Unknown export format. Use csv, canvas or oneroster.";
export const ONEROSTER_IDS_REQUIRED =
  "OneRoster needs the class's and the school's ids in your SIS: add classSourcedId and schoolSourcedId.";

/** The class sheet's cell for work never handed in (a blank cell is work not graded yet). */
export const MISSING = "missing";

const round = (n: number | null) => (n == null ? null : Math.round(n * 100) / 100);

export type ExportTarget = { kind: "assignment" | "class"; id: string };
export type ExportOptions = { pointsConfirmed?: boolean; idsConfirmed?: boolean; classSourcedId?: string; schoolSourcedId?: string };

export function parseExportFormat(value: string | null): ExportFormat | null {
  const format = value ?? "csv";
  return (EXPORT_FORMATS as readonly string[]).includes(format) ? (format as ExportFormat) : null;
}

/** Export options as the API and the dialog send them (?points=confirmed&ids=confirmed&classSourcedId=..&schoolSourcedId=..). */
export function exportOptions(params: URLSearchParams): ExportOptions {
  return {
    pointsConfirmed: params.get("points") === "confirmed",
    idsConfirmed: params.get("ids") === "confirmed",
    classSourcedId: params.get("classSourcedId")?.trim() || undefined,
    schoolSourcedId: params.get("schoolSourcedId")?.trim() || undefined,
  };
}

const canvasOptions = (o: ExportOptions) => ({ pointsConfirmed: Boolean(o.pointsConfirmed), idsConfirmed: Boolean(o.idsConfirmed) });

function loadGradebook(db: Db, teacherId: string, target: ExportTarget): Promise<Gradebook | null> {
  return target.kind === "class" ? classGradebook(db, teacherId, target.id) : assignmentGradebook(db, teacherId, target.id);
}

/** What each gradebook format will and will not carry, for the export dialog (nothing is downloaded). */
export async function exportPreview(db: Db, teacherId: string, target: ExportTarget, options: ExportOptions = {}) {
  const book = await loadGradebook(db, teacherId, target);
  if (!book) return null;
  const canvas: CanvasReport = canvasCsv(book, canvasOptions(options)).report;
  const oneRoster: OneRosterReport = oneRosterFiles(book, { classSourcedId: "preview", schoolSourcedId: "preview" }).report;
  return {
    title: book.title,
    students: book.rows.length,
    assignments: book.assignments.map((a) => ({ id: a.id, title: a.title, points: a.points, canvasId: a.canvasId })),
    canvas,
    oneRoster,
  };
}

export type ExportFile = { response: Response } | { error: string; status: number };

/** The download for one target and format; null when the class or assignment is not the teacher's. */
export async function exportFile(
  db: Db,
  teacherId: string,
  target: ExportTarget,
  format: ExportFormat,
  options: ExportOptions = {},
): Promise<ExportFile | null> {
  if (format === "csv") {
    const result = target.kind === "class" ? await classExport(db, teacherId, target.id) : await assignmentExport(db, teacherId, target.id);
    return result ? { response: csvResponse(result.csv, result.fileName) } : null;
  }
  if (format === "oneroster" && (!options.classSourcedId || !options.schoolSourcedId)) {
    // Checked before loading so an API client learns what is missing even for an empty class.
    const exists = await loadGradebook(db, teacherId, target);
    return exists ? { error: ONEROSTER_IDS_REQUIRED, status: 400 } : null;
  }
  const book = await loadGradebook(db, teacherId, target);
  if (!book) return null;
  if (format === "canvas") {
    const { csv } = canvasCsv(book, canvasOptions(options));
    return { response: csvResponse(csv, `${book.title} grades (Canvas).csv`) };
  }
  const { files, report } = oneRosterFiles(book, { classSourcedId: options.classSourcedId!, schoolSourcedId: options.schoolSourcedId! });
  if (!files) return { error: report.refused!, status: 422 };
  return { response: zipResponse(zipFiles(files), `${book.title} grades (OneRoster).zip`) };
}

/** One assignment as a generic sheet: every student row, with status, review flags and feedback. */
export async function assignmentExport(db: Db, teacherId: string, assignmentId: string) {
  const detail = await assignmentDetail(db, teacherId, assignmentId);
  if (!detail) return null;
  const { assignment } = detail;
  const scope = forTeacher(db, teacherId);
  const subs = await db
    .select({ id: submissions.id, feedback: submissions.feedback, approvedAt: submissions.approvedAt, gradedAt: submissions.gradedAt })
    .from(submissions)
    .where(scope.where(submissions, eq(submissions.assignmentId, assignment.id)));
  const extra = new Map(subs.map((s) => [s.id, s]));
  // A held grade (manual review required, not approved yet) is not exported.
  const visible = (r: (typeof detail.rows)[number]) => (r.status === "graded" ? r.score : null);
  const rows: Cell[][] = [
    ["Student", "Status", "Score", "Points Possible", "Percent", "Needs Review", "Approved", "Graded At", "Feedback"],
    ...detail.rows.map((r) => {
      const s = r.submissionId ? extra.get(r.submissionId) : undefined;
      const score = visible(r);
      return [
        r.student,
        r.status,
        round(score),
        r.maxScore ?? assignment.points,
        score == null ? null : round(r.percent),
        r.needsReview ? "yes" : "no",
        r.approved ? "yes" : "no",
        s?.gradedAt ? s.gradedAt.toISOString() : "",
        s?.feedback ?? "",
      ];
    }),
  ];
  return { csv: toCsv(rows), fileName: `${assignment.title} grades.csv` };
}

/** A class as a generic sheet: one row per enrolled student, one column per assignment of the class. */
export async function classExport(db: Db, teacherId: string, classId: string) {
  const scope = forTeacher(db, teacherId);
  const klass = await scope.find(classes, classId);
  if (!klass) return null;
  const [roster, classAssignments] = await Promise.all([
    db
      .select({ id: students.id, name: students.name, email: students.email, studentNumber: students.studentNumber })
      .from(enrollments)
      .innerJoin(students, eq(students.id, enrollments.studentId))
      .where(and(eq(enrollments.classId, klass.id), scope.where(students)))
      .orderBy(students.name),
    db
      .select()
      .from(assignments)
      .where(scope.where(assignments, eq(assignments.classId, klass.id)))
      .orderBy(assignments.createdAt),
  ]);
  // D1 binds at most 100 values a statement: a class with many assignments is read in slices.
  const subs = await inChunks(
    classAssignments.map((a) => a.id),
    1,
    (slice) =>
      db
        .select()
        .from(submissions)
        .where(scope.where(submissions, inArray(submissions.assignmentId, slice))),
  );
  const scoreFor = (student: (typeof roster)[number], assignment: (typeof classAssignments)[number]) => {
    const sub = subs.find(
      (s) =>
        s.assignmentId === assignment.id &&
        (s.studentId === student.id || s.studentName.trim().toLowerCase() === student.name.trim().toLowerCase()),
    );
    // No work handed in is marked, as the assignment page does; a blank cell means not graded (or not final) yet.
    if (!sub || sub.status === "missing") return MISSING;
    if (sub.status !== "graded" || isHeld(assignment, sub)) return null;
    return round(sub.score);
  };
  const rows: Cell[][] = [
    ["Student", "Email", "Student ID", ...classAssignments.map((a) => `${a.title} (${a.points})`)],
    ...roster.map((s) => [s.name, s.email ?? "", s.studentNumber ?? "", ...classAssignments.map((a) => scoreFor(s, a))]),
  ];
  return { csv: toCsv(rows), fileName: `${klass.name} grades.csv` };
}

/** The assignments list as shown (search and filters applied). */
export async function assignmentListExport(db: Db, teacherId: string, filters: ListFilters) {
  const { assignments: list } = await listAssignments(db, teacherId, filters);
  const rows: Cell[][] = [
    ["Title", "Class", "Type", "Subject", "Due Date", "Status", "Submissions", "Total", "Graded", "Needs Review", "Average Percent"],
    ...list.map((a) => [
      a.title,
      a.className ?? "",
      a.assignmentType,
      a.subject,
      a.dueDate ? formatDueDate(a.dueDate) : "",
      a.status,
      a.submissions,
      a.total,
      a.graded,
      a.needsReview,
      a.averagePercent,
    ]),
  ];
  return { csv: toCsv(rows), fileName: "assignments.csv" };
}
