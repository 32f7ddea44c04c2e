// Canvas's gradebook import (app/models/gradebook_importer.rb in instructure/canvas-lms), written so that every
// row and column lands where the teacher means it to (decision 0015):
// - Header: Student, ID, SIS User ID, SIS Login ID, Section, then assignments. Canvas requires 'Student' and 'ID'
//   first and 'Section' as the last student column; SIS User ID followed by SIS Login ID are read as ids.
// - Students: Canvas reads ID first, as a Canvas user id through Ruby's to_i (leading digits), so ID stays blank:
//   Gradewell has no Canvas user ids. Then the SIS User ID, then the SIS Login ID, then the exact name or
//   'Last, First' (sortable name); a row nothing matches becomes a new, unknown student.
// - Columns: 'Title (123)' is read as Canvas assignment 123; any other header must equal a Canvas title exactly,
//   or Canvas offers a new assignment. Columns whose header contains a total-column word are dropped. An id that
//   is not one of the course's published assignments makes Canvas create a new assignment on every import, so a
//   saved id heads the column only once the teacher confirms it (idsConfirmed); until then the title does.
// - Points Possible: the row overwrites Canvas's points, so it is written only when the teacher confirms them.
import { CANVAS_ID_WARNING } from "../../lib/canvas-ids";
import { canvasStudentName } from "./names";
import { isFormula, toCsv, type Cell } from "./csv.server";
import type { Gradebook, LeftOut } from "./gradebook.server";

/** Canvas drops every column whose header contains one of these (NON_ASSIGNMENT_COLUMN_HEADERS, a regex match). */
export const CANVAS_DROPPED_WORDS = [
  "Current Score",
  "Current Points",
  "Current Grade",
  "Final Score",
  "Final Points",
  "Final Grade",
  "Override Score",
  "Override Grade",
  "Override Status",
] as const;

/** Canvas reads a header ending in ' (digits)' as a Canvas assignment id (Assignment.title_and_id). */
export const CANVAS_TITLE_AND_ID = /^(.*)\s\((\d+)\)$/s;

export const CANVAS_ID_PATTERN = /^\d{1,18}$/;

export type CanvasOptions = { pointsConfirmed: boolean; idsConfirmed?: boolean };

export type CanvasNotice = { subject: string; message: string };

export type CanvasReport = {
  /** Students written but that Canvas can match only by their exact name (no SIS id, no login). */
  nameOnly: CanvasNotice[];
  /** Students not in the file at all (no final grade, or work not linked to a roster student). */
  leftOut: LeftOut[];
  /** Column problems: a dropped word, a title Canvas reads as an id, duplicate titles. */
  columns: CanvasNotice[];
  pointsPossible: "written" | "left out";
  /** Whether saved Canvas assignment ids head their columns (only once the teacher confirms them). */
  canvasIds: "written" | "left out" | "none saved";
};

export function canvasHeader(a: { title: string; canvasId: string | null }): string {
  return a.canvasId ? `${a.title} (${a.canvasId})` : a.title;
}

/** The assignments as the file will head them: a saved id counts only once the teacher has confirmed it. */
function asWritten(assignments: Gradebook["assignments"], idsConfirmed: boolean): Gradebook["assignments"] {
  return idsConfirmed ? assignments : assignments.map((a) => ({ ...a, canvasId: null }));
}

export function columnNotices(all: Gradebook["assignments"], idsConfirmed = true): CanvasNotice[] {
  const notices: CanvasNotice[] = [];
  const assignments = asWritten(all, idsConfirmed);
  const titles = new Map<string, number>();
  for (const a of assignments) titles.set(a.title, (titles.get(a.title) ?? 0) + 1);
  for (const [i, a] of assignments.entries()) {
    const saved = all[i].canvasId;
    if (saved && !idsConfirmed) {
      notices.push({
        subject: a.title,
        message: `Canvas id ${saved} is not in the file until you confirm it (the column is matched by title until then). ${CANVAS_ID_WARNING}`,
      });
    }
    const header = canvasHeader(a);
    const word = CANVAS_DROPPED_WORDS.find((w) => header.includes(w));
    if (word) {
      notices.push({
        subject: a.title,
        message: `Canvas ignores columns whose title contains "${word}", so this assignment is left out of the file. Rename it in Gradewell and Canvas to export it.`,
      });
    }
    if (!a.canvasId && CANVAS_TITLE_AND_ID.test(a.title)) {
      notices.push({
        subject: a.title,
        message:
          "The title ends in a number in brackets, which Canvas reads as an assignment id. Give the Canvas assignment id to be sure.",
      });
    }
    if (!a.canvasId && (titles.get(a.title) ?? 0) > 1) {
      notices.push({
        subject: a.title,
        message: "Several assignments have this title: Canvas puts them all in the first one it finds. Give each its Canvas assignment id.",
      });
    }
    if (!a.canvasId && !word) {
      notices.push({
        subject: a.title,
        message: "Matched by title: the Canvas assignment must have exactly this title, or Canvas will offer to create a new one.",
      });
    }
  }
  return notices;
}

/** Why Canvas might not find the student by id: what the dialog lists before the teacher downloads. */
export function studentNotices(book: Gradebook): CanvasNotice[] {
  const notices: CanvasNotice[] = [];
  for (const { student } of book.rows) {
    const ids = [student.sisId, student.loginId].filter((v): v is string => Boolean(v));
    if (ids.length === 0 && isFormula(canvasStudentName(student.name))) {
      notices.push({
        subject: student.name,
        message:
          "No SIS ID or login, and the name starts like a spreadsheet formula, so it is written with a leading apostrophe: Canvas cannot match it.",
      });
    } else if (ids.length === 0) {
      notices.push({
        subject: student.name,
        message: `No SIS ID or login: Canvas matches "${student.name}" or "${canvasStudentName(student.name)}" by exact name only.`,
      });
    } else if (ids.some(isFormula)) {
      notices.push({ subject: student.name, message: "An id starts like a spreadsheet formula and is written with a leading apostrophe." });
    }
  }
  return notices;
}

/** True when Canvas would drop the column (its header contains a total-column word). */
export const droppedByCanvas = (a: { title: string; canvasId: string | null }) =>
  CANVAS_DROPPED_WORDS.some((w) => canvasHeader(a).includes(w));

export function canvasCsv(book: Gradebook, options: CanvasOptions): { csv: string; report: CanvasReport } {
  const idsConfirmed = Boolean(options.idsConfirmed);
  // Columns Canvas would drop are left out of the file (and named in the report) rather than sent to be ignored.
  const columns = asWritten(book.assignments, idsConfirmed).filter((a) => !droppedByCanvas(a));
  const header: Cell[] = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", ...columns.map(canvasHeader)];
  const rows: Cell[][] = [header];
  if (options.pointsConfirmed) rows.push(["Points Possible", "", "", "", "", ...columns.map((a) => a.points)]);
  for (const { student, scores } of book.rows) {
    rows.push([
      canvasStudentName(student.name),
      "", // Canvas user id: unknown to Gradewell, and a Gradewell id here would be read through to_i
      student.sisId ?? "",
      student.loginId ?? "",
      book.klass?.name ?? "",
      ...columns.map((a) => scores.get(a.id)?.score ?? null),
    ]);
  }
  return {
    csv: toCsv(rows),
    report: {
      nameOnly: studentNotices(book),
      leftOut: book.leftOut,
      columns: columnNotices(book.assignments, idsConfirmed),
      pointsPossible: options.pointsConfirmed ? "written" : "left out",
      canvasIds: !book.assignments.some((a) => a.canvasId) ? "none saved" : idsConfirmed ? "written" : "left out",
    },
  };
}
