// Parent conference folders: items with their files in R2 under the teacher's prefix. Removing an item removes its file.
import { and, desc, eq } from "drizzle-orm";
import { CONFERENCE_SUBJECTS } from "../../core/constants";
import { elementarySubjectFor, importanceForScore, roundScore } from "~/lib/grades";
import type { Db } from "../../core/db/client";
import { assignmentFiles, assignments, conferenceItems, students, submissions } from "../../core/db/schema";
import type { CheckedConferenceFile } from "./conference-files.server";
import { uploadKey } from "./storage.server";
import { newId } from "./tokens.server";
import { ownedBy } from "../../core/db/scoped";

export type ConferenceItem = typeof conferenceItems.$inferSelect;
type ItemFields = Pick<ConferenceItem, "title" | "description" | "type" | "subject" | "importance" | "notes">;

export function toConferenceJson(item: ConferenceItem) {
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    description: item.description,
    date: item.date,
    notes: item.notes,
    subject: item.subject,
    importance: item.importance,
    fileType: item.fileType,
    fileSize: item.fileSize,
    fileName: item.fileName,
    hasFile: item.r2Key != null,
    uploadedAt: item.uploadedAt.toISOString(),
    googleDriveId: item.googleDriveId,
    assignmentId: item.assignmentId,
    score: item.score,
    standard: item.standard,
  };
}
export type ConferenceItemJson = ReturnType<typeof toConferenceJson>;

async function ownsStudent(db: Db, teacherId: string, studentId: string) {
  const row = await db.query.students.findFirst({
    where: and(ownedBy(students, teacherId), eq(students.id, studentId)),
    columns: { id: true },
  });
  return row != null;
}

export async function listConferenceItems(db: Db, teacherId: string, studentId: string) {
  return db
    .select()
    .from(conferenceItems)
    .where(and(ownedBy(conferenceItems, teacherId), eq(conferenceItems.studentId, studentId)))
    .orderBy(desc(conferenceItems.uploadedAt));
}

const today = () => new Date().toISOString().slice(0, 10);

/** One item per file; with several files the title is numbered. Files are stored first, rows after. */
export async function addConferenceItems(
  db: Db,
  bucket: R2Bucket,
  teacherId: string,
  studentId: string,
  fields: ItemFields,
  files: CheckedConferenceFile[],
): Promise<ConferenceItem[] | null> {
  if (!(await ownsStudent(db, teacherId, studentId))) return null;
  const created: ConferenceItem[] = [];
  for (const [index, file] of files.entries()) {
    const { key } = uploadKey(teacherId, `conference/${studentId}`, file.fileName);
    await bucket.put(key, file.bytes, { httpMetadata: { contentType: file.contentType } });
    const [row] = await db
      .insert(conferenceItems)
      .values({
        id: newId(),
        teacherId,
        studentId,
        ...fields,
        title: files.length > 1 ? `${fields.title} (${index + 1})` : fields.title,
        date: today(),
        fileType: file.contentType,
        fileSize: file.size,
        fileName: file.fileName,
        r2Key: key,
      })
      .returning();
    created.push(row);
  }
  return created;
}

function conferenceSubject(subject: string | null, type: string | null): ConferenceItem["subject"] {
  const mapped = elementarySubjectFor(subject, type);
  return mapped && (CONFERENCE_SUBJECTS as readonly string[]).includes(mapped) ? mapped : "General";
}

/**
 * 'Add to Conference' on a graded submission: importance from the score (high 90+, medium 80+, low otherwise);
 * the work's file is copied so that removing the item never touches the submission.
 */
export async function addConferenceItemFromSubmission(
  db: Db,
  bucket: R2Bucket,
  teacherId: string,
  studentId: string,
  submissionId: string,
): Promise<{ item: ConferenceItem; already: boolean } | null> {
  const [row] = await db
    .select({ s: submissions, a: assignments, file: assignmentFiles })
    .from(submissions)
    .leftJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .leftJoin(assignmentFiles, eq(assignmentFiles.id, submissions.fileId))
    .where(and(ownedBy(submissions, teacherId), eq(submissions.studentId, studentId), eq(submissions.id, submissionId)));
  if (!row || row.s.status !== "graded") return null;
  if (row.a) {
    const existing = await db.query.conferenceItems.findFirst({
      where: and(ownedBy(conferenceItems, teacherId), eq(conferenceItems.studentId, studentId), eq(conferenceItems.assignmentId, row.a.id)),
    });
    if (existing) return { item: existing, already: true };
  }
  const percent = roundScore(row.s.percent);
  const title = row.a?.title ?? "QuickSnap";
  let fileFields: Partial<ConferenceItem> = {};
  if (row.file) {
    const object = await bucket.get(row.file.r2Key);
    if (object) {
      const { key } = uploadKey(teacherId, `conference/${studentId}`, row.file.fileName);
      await bucket.put(key, await object.arrayBuffer(), { httpMetadata: { contentType: row.file.contentType } });
      fileFields = { r2Key: key, fileName: row.file.fileName, fileType: row.file.contentType, fileSize: row.file.size };
    }
  }
  const scoreText = row.s.score != null && row.s.maxScore != null ? ` (${roundScore(row.s.score)}/${roundScore(row.s.maxScore)})` : "";
  const [item] = await db
    .insert(conferenceItems)
    .values({
      id: newId(),
      teacherId,
      studentId,
      type: row.a && ["quiz", "test"].includes(row.a.assignmentType) ? "assessment" : "work_sample",
      title,
      description: percent == null ? "Graded work" : `Scored ${percent}%${scoreText}`,
      date: (row.s.gradedAt ?? row.s.createdAt).toISOString().slice(0, 10),
      subject: conferenceSubject(row.a?.subject || null, row.a?.assignmentType ?? null),
      importance: importanceForScore(row.s.percent),
      assignmentId: row.a?.id ?? null,
      score: percent,
      standard: row.a?.selectedStandards.join(", ") || null,
      ...fileFields,
    })
    .returning();
  return { item, already: false };
}

export async function removeConferenceItem(
  db: Db,
  bucket: R2Bucket,
  teacherId: string,
  studentId: string,
  itemId: string,
): Promise<boolean> {
  const [row] = await db
    .delete(conferenceItems)
    .where(and(ownedBy(conferenceItems, teacherId), eq(conferenceItems.studentId, studentId), eq(conferenceItems.id, itemId)))
    .returning();
  if (!row) return false;
  if (row.r2Key) await bucket.delete(row.r2Key);
  return true;
}

export async function conferenceItemFile(db: Db, bucket: R2Bucket, teacherId: string, itemId: string) {
  const item = await db.query.conferenceItems.findFirst({
    where: and(ownedBy(conferenceItems, teacherId), eq(conferenceItems.id, itemId)),
  });
  if (!item?.r2Key) return null;
  const object = await bucket.get(item.r2Key);
  return object ? { item, object } : null;
}
