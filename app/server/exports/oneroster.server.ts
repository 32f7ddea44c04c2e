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
export type OneRosterReport = { leftOut: LeftOut[]; written: number };

/** RFC 4180 without a byte-order mark or formula guard: these files are read by SIS importers, not spreadsheets. */
function csv(columns: readonly string[], rows: string[][]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

const dateTime = (d: Date) => d.toISOString();
const date = (d: Date) => d.toISOString().slice(0, 10);
const categoryId = (type: string) => `gradewell-category-${type}`;
const categoryTitle = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);
const resultId = (assignmentId: string, studentId: string) => `${assignmentId}-${studentId}`;

export function oneRosterFiles(book: Gradebook, options: OneRosterOptions) {
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
  const report: OneRosterReport = { leftOut, written: results.length };
  return { files, report };
}

export function zipFiles(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6 });
}
