// Grade arithmetic shared by the class, student and elementary pages: always from real scores, null when there are none.
import type { IMPORTANCE } from "../../core/constants";

export function average(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** One decimal, so 86.666 shows as 86.7 and 90 as 90. */
export function roundScore(value: number | null | undefined): number | null {
  if (value == null || Number.isNaN(value)) return null;
  return Math.round(value * 10) / 10;
}

const LETTERS: [number, string][] = [
  [97, "A+"],
  [93, "A"],
  [90, "A-"],
  [87, "B+"],
  [83, "B"],
  [80, "B-"],
  [77, "C+"],
  [73, "C"],
  [70, "C-"],
  [67, "D+"],
  [63, "D"],
  [60, "D-"],
];

/** The usual US scale; null (shown as N/A) until there is a grade. */
export function letterGrade(percent: number | null | undefined): string | null {
  if (percent == null || Number.isNaN(percent)) return null;
  for (const [min, letter] of LETTERS) if (percent >= min) return letter;
  return "F";
}

/** Spec section 4: high at 90 or above, medium at 80 or above, low otherwise. */
export function importanceForScore(percent: number | null | undefined): (typeof IMPORTANCE)[number] {
  if (percent != null && percent >= 90) return "high";
  if (percent != null && percent >= 80) return "medium";
  return "low";
}

/** "+5", "-3", "0"; null when there is nothing to compare. */
export function signedPoints(delta: number | null): string | null {
  if (delta == null) return null;
  const rounded = Math.round(delta);
  return rounded > 0 ? `+${rounded}` : `${rounded}`;
}

/** Present and late both count as attended; null until attendance has been taken. */
export function attendanceRate(counts: { present: number; absent: number; late: number }): number | null {
  const total = counts.present + counts.absent + counts.late;
  if (total === 0) return null;
  return ((counts.present + counts.late) / total) * 100;
}

export const ELEMENTARY_SUBJECTS = ["Reading", "Math", "Writing", "Science", "Social Studies"] as const;
export type ElementarySubject = (typeof ELEMENTARY_SUBJECTS)[number];

/** Maps an assignment's subject (free text) or its class's subject onto the five elementary subject cards. */
export function elementarySubjectFor(subject: string | null | undefined, assignmentType?: string | null): ElementarySubject | null {
  const s = (subject ?? "").toLowerCase();
  if (!s) return null;
  if (/math|algebra|geometry|arithmetic|number/.test(s)) return "Math";
  if (/writ|essay|composition|spelling|grammar/.test(s)) return "Writing";
  if (/science|biology|chemistry|physics|nature/.test(s)) return "Science";
  if (/social|history|geography|civics/.test(s)) return "Social Studies";
  if (/read|english|ela|language|literacy|phonics/.test(s)) return assignmentType === "essay" ? "Writing" : "Reading";
  return null;
}

/** Monday of the date's week, as YYYY-MM-DD (UTC). */
export function weekStart(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day);
  return d.toISOString().slice(0, 10);
}

export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export function monthLabel(key: string): string {
  const [year, month] = key.split("-");
  return `${MONTHS[Number(month) - 1]} ${year}`;
}

/** Bytes/KB/MB/GB with two decimals, 1024-based (spec section 5). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null) return "Unknown size";
  if (bytes === 0) return "0 Bytes";
  const units = ["Bytes", "KB", "MB", "GB"];
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** "K" → "Kindergarten", "3" → "Grade 3"; registration-style labels ("3rd Grade") pass through. */
export function gradeLabel(grade: string | null | undefined): string | null {
  if (!grade) return null;
  if (grade === "K") return "Kindergarten";
  return /^\d+$/.test(grade) ? `Grade ${grade}` : grade;
}
