// OneRoster 1.2 CSV results (1EdTech OneRoster CSV Binding 1.2.1, https://www.imsglobal.org/spec/oneroster/v1p2/bind/csv):
// a ZIP of manifest.csv, categories.csv, lineItems.csv and results.csv in bulk mode. Every other file is declared
// 'absent': the district's SIS already holds its classes, schools and students, so they are referenced by the
// SIS's own sourcedIds (the class and school ids the teacher gives, the students' SIS ids). Decision 0015.
import { strToU8, zipSync } from "fflate";
import type { Gradebook, LeftOut } from "./gradebook.server";

/** Every data file of the 1.2 CSV binding, as the manifest must list them (file.<name>). */
export const ONEROSTER_FILES = [
  "academicSessions",
  "categories",
  "classes",
  "classResources",
  "courses",
  "courseResources",
  "demographics",
  "enrollments",
  "lineItemLearningObjectiveIds",
  "lineItems",
  "lineItemScoreScales",
  "orgs",
  "resources",
  "resultLearningObjectiveIds",
  "results",
  "resultScoreScales",
  "roles",
  "scoreScales",
  "userProfiles",
  "userResources",
  "users",
] as const;

const WRITTEN = new Set(["categories", "lineItems", "results"]);

export const CATEGORY_COLUMNS = ["sourcedId", "status", "dateLastModified", "title", "weight"] as const;
export const LINE_ITEM_COLUMNS = [
  "sourcedId",
  "status",
  "dateLastModified",
  "title",
  "description",
  "assignDate",
  "dueDate",
  "classSourcedId",
  "categorySourcedId",
  "academicSessionSourcedId",
  "resultValueMin",
  "resultValueMax",
  "schoolSourcedId",
] as const;
export const RESULT_COLUMNS = [
  "sourcedId",
  "status",
  "dateLastModified",
  "lineItemSourcedId",
  "studentSourcedId",
  "scoreStatus",
  "score",
  "scoreDate",
  "comment",
  "textScore",
  "classSourcedId",
  "inProgress",
  "incomplete",
  "late",
  "missing",
] as const;

export type OneRosterOptions = { classSourcedId: string; schoolSourcedId: string };
/** `refused` says why no ZIP is made (null when it is): the binding allows no data file without rows. */
export type OneRosterReport = { leftOut: LeftOut[]; written: number; refused: string | null };

export const ONEROSTER_NO_GRADES =
  "There is no final grade to send yet. OneRoster files cannot be empty: export again once work is graded.";
export const ONEROSTER_NO_SIS_IDS =
  "None of the students with a final grade has an SIS ID, so there is no result to send. OneRoster keys results by the SIS's student id, and an empty bulk results file could clear results already posted in your SIS. Add SIS IDs on the student pages or with the roster CSV, then export again.";

/** Line breaks folded into one space: many SIS importers read a CSV line by line, whatever the quoting. */
export const oneLine = (v: string) => v.replace(/\s*[\r\n]+\s*/g, " ");

/**
 * RFC 4180 without a byte-order mark or formula guard: these files are read by SIS importers, not spreadsheets.
 * No field carries a CR or LF (feedback is written on several lines; a comment becomes one).
 */
function csv(columns: readonly string[], rows: string[][]): string {
  const cell = (raw: string) => {
    const v = oneLine(raw);
    return /[",]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  };
  return [columns, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

const dateTime = (d: Date) => d.toISOString();
const date = (d: Date) => d.toISOString().slice(0, 10);
const categoryId = (type: string) => `gradewell-category-${type}`;
const categoryTitle = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);
const resultId = (assignmentId: string, studentId: string) => `${assignmentId}-${studentId}`;

/** The files of the ZIP, or null (with the reason in report.refused) when there is no result to send. */
export function oneRosterFiles(
  book: Gradebook,
  options: OneRosterOptions,
): { files: Record<string, string> | null; report: OneRosterReport } {
  const types = [...new Set(book.assignments.map((a) => a.assignmentType))];
  const categories = types.map((t) => [categoryId(t), "", "", categoryTitle(t), ""]);
  const lineItems = book.assignments.map((a) => [
    a.id,
    "",
    "",
    a.title,
    "",
    dateTime(a.createdAt),
    // A line item needs a due date; without one the day it was set stands in for it.
    dateTime(a.dueDate ?? a.createdAt),
    options.classSourcedId,
    categoryId(a.assignmentType),
    "",
    "0",
    String(a.points),
    options.schoolSourcedId,
  ]);
  const leftOut: LeftOut[] = [...book.leftOut];
  const results: string[][] = [];
  for (const { student, scores } of book.rows) {
    if (!student.sisId) {
      leftOut.push({ name: student.name, reason: "No SIS ID: OneRoster keys results by the SIS's student id" });
      continue;
    }
    for (const a of book.assignments) {
      const s = scores.get(a.id);
      if (!s) continue;
      results.push([
        resultId(a.id, student.id),
        "",
        "",
        a.id,
        student.sisId,
        "fully graded",
        String(s.score),
        date(s.gradedAt ?? new Date()),
        s.feedback ?? "",
        "",
        options.classSourcedId,
        "",
        "",
        "",
        "",
      ]);
    }
  }
  if (results.length === 0) {
    // The binding allows no data file without rows, and an empty bulk file would tell the SIS there are none.
    const refused = book.rows.length === 0 ? ONEROSTER_NO_GRADES : ONEROSTER_NO_SIS_IDS;
    return { files: null, report: { leftOut, written: 0, refused } };
  }
  const manifest = [
    ["manifest.version", "1.0"],
    ["oneroster.version", "1.2"],
    ...ONEROSTER_FILES.map((f) => [`file.${f}`, WRITTEN.has(f) ? "bulk" : "absent"]),
    ["source.systemName", "Gradewell"],
    ["source.systemCode", "gradewell"],
  ];
  const files: Record<string, string> = {
    "manifest.csv": csv(["propertyName", "value"], manifest),
    "categories.csv": csv(CATEGORY_COLUMNS, categories),
    "lineItems.csv": csv(LINE_ITEM_COLUMNS, lineItems),
    "results.csv": csv(RESULT_COLUMNS, results),
  };
  const report: OneRosterReport = { leftOut, written: results.length, refused: null };
  return { files, report };
}

export function zipFiles(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6 });
}
