// Teacher notes about a student: add, edit, list and delete, always within the teacher's own students.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { notes, students } from "../../core/db/schema";
import { newId } from "./tokens.server";
import { ownedBy } from "../../core/db/scoped";

async function ownsStudent(db: Db, teacherId: string, studentId: string) {
  const row = await db.query.students.findFirst({
    where: and(ownedBy(students, teacherId), eq(students.id, studentId)),
    columns: { id: true },
  });
  return row != null;
}

export async function listNotes(db: Db, teacherId: string, studentId: string, limit?: number) {
  const query = db
    .select()
    .from(notes)
    .where(and(ownedBy(notes, teacherId), eq(notes.studentId, studentId)))
    .orderBy(desc(notes.createdAt));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((n) => ({ id: n.id, body: n.body, createdAt: n.createdAt.toISOString(), updatedAt: n.updatedAt.toISOString() }));
}

export async function countNotes(db: Db, teacherId: string, studentId: string) {
  return (await listNotes(db, teacherId, studentId)).length;
}

export async function addNote(db: Db, teacherId: string, studentId: string, body: string) {
  if (!(await ownsStudent(db, teacherId, studentId))) return null;
  const [row] = await db.insert(notes).values({ id: newId(), teacherId, studentId, body }).returning();
  return row;
}

export async function updateNote(db: Db, teacherId: string, studentId: string, noteId: string, body: string) {
  const [row] = await db
    .update(notes)
    .set({ body, updatedAt: new Date() })
    .where(and(ownedBy(notes, teacherId), eq(notes.studentId, studentId), eq(notes.id, noteId)))
    .returning();
  return row ?? null;
}

export async function deleteNote(db: Db, teacherId: string, studentId: string, noteId: string) {
  const rows = await db
    .delete(notes)
    .where(and(ownedBy(notes, teacherId), eq(notes.studentId, studentId), eq(notes.id, noteId)))
    .returning({ id: notes.id });
  return rows.length > 0;
}
