// Pure helpers shared by the assignment pages, the API and the exports (spec section 5).
import { readableName } from "../../core/students/names";

const SIZE_UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** '0 Bytes', '512 Bytes', '1.50 KB', '25.00 MB': 1024-based, two decimals above bytes. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} Bytes` : `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

export function capitalize(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

/** 'Mathematics Quiz - 3/14/2025': subject (or 'Assignment'), capitalised type and today's date. */
export function autoTitle(input: { subject?: string | null; assignmentType: string; today?: Date }): string {
  const subject = input.subject?.trim() || "Assignment";
  const date = (input.today ?? new Date()).toLocaleDateString("en-US");
  return `${subject} ${capitalize(input.assignmentType)} - ${date}`;
}

/** The auto-title only exists once there is student work to title. */
export function autoTitleWhenFiles(input: { subject?: string | null; assignmentType: string; fileCount: number; today?: Date }) {
  return input.fileCount > 0 ? autoTitle(input) : null;
}

/** Adds a standard to the list: blank entries are ignored and duplicates are not added. */
export function addStandard(list: readonly string[], entry: string): string[] {
  const value = entry.trim();
  if (!value || list.includes(value)) return [...list];
  return [...list, value];
}

export function normalizeStandards(entries: readonly string[]): string[] {
  return entries.reduce<string[]>((list, entry) => addStandard(list, entry), []);
}

/** Student Names Override: one name per line, blank lines ignored. */
export function parseStudentNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A student's name guessed from a file name: 'maria_lopez-quiz1.jpg' → 'maria lopez quiz1'. */
export function nameFromFileName(fileName: string): string {
  const stem = fileName.replace(/\.[a-z0-9]{1,5}$/i, "");
  return (
    readableName(
      stem
        .replace(/[_\-.]+/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    ) || fileName
  );
}

/** A percentage to one decimal ("87.5%"), "N/A" when there is none. The app's one percent format. */
export function formatPercent(percent: number | null | undefined): string {
  return percent == null || Number.isNaN(percent) ? "N/A" : `${Math.round(percent * 10) / 10}%`;
}

export function formatPoints(points: number | null | undefined): string {
  if (points == null) return "–";
  return String(Math.round(points * 100) / 100);
}

/** One way everywhere: "6.67 / 10" (points to two decimals at most); "– / 10" before there is a score. */
export function formatScore(score: number | null | undefined, max: number | null | undefined): string {
  return `${formatPoints(score)} / ${formatPoints(max)}`;
}

/** "1 point", "2 points", "0.5 points". */
export function pointsLabel(points: number | null | undefined): string {
  return `${formatPoints(points)} ${points === 1 ? "point" : "points"}`;
}

/** A score's colour means something (as the class pages' badges): green from 90%, blue from 70%, amber from 60%,
 * red below; grey before there is one. */
export function scoreBadgeClass(percent: number | null | undefined): string {
  if (percent == null) return "bg-slate-100 text-slate-700";
  if (percent >= 90) return "bg-emerald-100 text-emerald-800";
  if (percent >= 70) return "bg-brand-50 text-brand-700";
  if (percent >= 60) return "bg-amber-100 text-amber-900";
  return "bg-red-100 text-red-800";
}

/** Due dates are entered without a time zone and shown as entered. */
export function formatDueDate(date: Date | string | number | null | undefined): string {
  if (date == null) return "No due date";
  return new Date(date).toLocaleString("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** Value for a datetime-local input from a stored date. */
export function toDateTimeLocal(date: Date | string | number | null | undefined): string {
  if (date == null) return "";
  return new Date(date).toISOString().slice(0, 16);
}
