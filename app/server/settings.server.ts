// A teacher's local settings (spec section 3): the add-assignment form's defaults.
import type { SettingsInput } from "../schemas/assignments";
import type { Db } from "../../core/db/client";
import { settings } from "../../core/db/schema";
import { ownedBy } from "../../core/db/scoped";

export type TeacherSettings = {
  autoDetectStudents: boolean;
  autoDetectStandards: boolean;
  defaultPoints: number;
  requireManualReview: boolean;
  /** Page images may leave Gradewell for a hosted vision reader (default no). */
  allowHostedReading: boolean;
};

export const DEFAULT_SETTINGS: TeacherSettings = {
  autoDetectStudents: true,
  autoDetectStandards: true,
  defaultPoints: 100,
  requireManualReview: false,
  allowHostedReading: false,
};

export async function getSettings(db: Db, teacherId: string): Promise<TeacherSettings> {
  const row = await db.query.settings.findFirst({ where: ownedBy(settings, teacherId) });
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    autoDetectStudents: row.autoDetectStudents,
    autoDetectStandards: row.autoDetectStandards,
    defaultPoints: row.defaultPoints,
    requireManualReview: row.requireManualReview,
    allowHostedReading: row.allowHostedReading,
  };
}

export async function saveSettings(db: Db, teacherId: string, input: SettingsInput): Promise<TeacherSettings> {
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(settings)
    .values({ teacherId, ...values })
    .onConflictDoUpdate({ target: settings.teacherId, set: values });
  return getSettings(db, teacherId);
}

/** Days after grading that uploaded student work is kept (null: kept until deleted); see retention.server.ts. */
export async function getRetentionDays(db: Db, teacherId: string): Promise<number | null> {
  const row = await db.query.settings.findFirst({ where: ownedBy(settings, teacherId), columns: { retentionDays: true } });
  return row?.retentionDays ?? null;
}

export async function saveRetention(db: Db, teacherId: string, retentionDays: number | null) {
  await db
    .insert(settings)
    .values({ teacherId, retentionDays, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.teacherId, set: { retentionDays, updatedAt: new Date() } });
}
