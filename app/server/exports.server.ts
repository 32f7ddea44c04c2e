// Grade exports as CSV that a spreadsheet opens correctly: UTF-8 with a byte-order mark, CRLF rows, RFC 4180
// quoting, and text cells that begin like a formula neutralised. Two shapes: a generic gradebook and Canvas's
// gradebook import (Student, ID, SIS User ID, SIS Login ID, Section, one column per assignment, Points Possible).
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { assignments, classes, enrollments, students, submissions } from "../../core/db/schema";
import { assignmentDetail, isHeld, listAssignments, type ListFilters } from "./assignments.server";
import { formatDueDate } from "../lib/format";

export type Cell = string | number | null | undefined;

/** Text that a spreadsheet would run as a formula (= + - @, or a leading tab/CR) gets a leading apostrophe. */
export function neutralize(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvCell(value: Cell): string {
  if (value == null) return "";
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : neutralize(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Cell[][]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]+/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "no-store",
    },
  });
}

export const EXPORT_FORMATS = ["csv", "canvas"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const round = (n: number | null) => (n == null ? null : Math.round(n * 100) / 100);

/** Canvas names an assignment column 'Title (id)'. */
const canvasColumn = (a: { title: string; id: string }) => `${a.title} (${a.id})`;

/** Canvas lists students as 'Last, First'. */
export function canvasStudentName(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2 || name.includes(",")) return name.trim();
  const last = parts.pop()!;
  return `${last}, ${parts.join(" ")}`;
}

/** One assignment: the generic sheet lists every student row; Canvas's adds the Points Possible row. */
export async function assignmentExport(db: Db, teacherId: string, assignmentId: string, format: ExportFormat) {
  const detail = await assignmentDetail(db, teacherId, assignmentId);
  if (!detail) return null;
  const { assignment } = detail;
  const subs = await db
    .select({ id: submissions.id, feedback: submissions.feedback, approvedAt: submissions.approvedAt, gradedAt: submissions.gradedAt })
    .from(submissions)
    .where(and(eq(submissions.teacherId, teacherId), eq(submissions.assignmentId, assignment.id)));
  const extra = new Map(subs.map((s) => [s.id, s]));
  const fileBase = `${assignment.title} grades${format === "canvas" ? " (Canvas)" : ""}.csv`;
  // A held grade (manual review required, not approved yet) is not exported.
  const visible = (r: (typeof detail.rows)[number]) => (r.status === "graded" ? r.score : null);

  if (format === "canvas") {
    const rows: Cell[][] = [
      ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", canvasColumn(assignment)],
      ["Points Possible", "", "", "", "", assignment.points],
      ...detail.rows.map((r) => [canvasStudentName(r.student), r.studentId ?? "", "", "", detail.className ?? "", round(visible(r))]),
    ];
    return { csv: toCsv(rows), fileName: fileBase };
  }
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
  return { csv: toCsv(rows), fileName: fileBase };
}

/** A class: one row per enrolled student, one column per assignment of the class. */
export async function classExport(db: Db, teacherId: string, classId: string, format: ExportFormat) {
  const klass = await db.query.classes.findFirst({ where: and(eq(classes.id, classId), eq(classes.teacherId, teacherId)) });
  if (!klass) return null;
  const [roster, classAssignments] = await Promise.all([
    db
      .select({ id: students.id, name: students.name, email: students.email, studentNumber: students.studentNumber })
      .from(enrollments)
      .innerJoin(students, eq(students.id, enrollments.studentId))
      .where(and(eq(enrollments.classId, klass.id), eq(students.teacherId, teacherId)))
      .orderBy(students.name),
    db
      .select()
      .from(assignments)
      .where(and(eq(assignments.teacherId, teacherId), eq(assignments.classId, klass.id)))
      .orderBy(assignments.createdAt),
  ]);
  const subs = classAssignments.length
    ? await db
        .select()
        .from(submissions)
        .where(
          and(
            eq(submissions.teacherId, teacherId),
            inArray(
              submissions.assignmentId,
              classAssignments.map((a) => a.id),
            ),
          ),
        )
    : [];
  const scoreFor = (student: (typeof roster)[number], assignment: (typeof classAssignments)[number]) => {
    const sub = subs.find(
      (s) =>
        s.assignmentId === assignment.id &&
        (s.studentId === student.id || s.studentName.trim().toLowerCase() === student.name.trim().toLowerCase()),
    );
    if (!sub || sub.status !== "graded" || isHeld(assignment, sub)) return null;
    return round(sub.score);
  };
  const fileName = `${klass.name} grades${format === "canvas" ? " (Canvas)" : ""}.csv`;
  if (format === "canvas") {
    const rows: Cell[][] = [
      ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", ...classAssignments.map(canvasColumn)],
      ["Points Possible", "", "", "", "", ...classAssignments.map((a) => a.points)],
      ...roster.map((s) => [
        canvasStudentName(s.name),
        s.id,
        s.studentNumber ?? "",
        s.email ?? "",
        klass.name,
        ...classAssignments.map((a) => scoreFor(s, a)),
      ]),
    ];
    return { csv: toCsv(rows), fileName };
  }
  const rows: Cell[][] = [
    ["Student", "Email", "Student ID", ...classAssignments.map((a) => `${a.title} (${a.points})`)],
    ...roster.map((s) => [s.name, s.email ?? "", s.studentNumber ?? "", ...classAssignments.map((a) => scoreFor(s, a))]),
  ];
  return { csv: toCsv(rows), fileName };
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
