// A Classroom course becomes a class (or is linked to one the teacher has), with its roster: names, e-mails and
// the Google user ids that grades are sent back by. Importing again updates the roster and never duplicates a
// student: a student is the same one by Google user id first, then by e-mail. All rows land in one D1 batch.
import { eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { inChunks } from "../../../core/db/chunk";
import { classes, enrollments, students } from "../../../core/db/schema";
import { forTeacher } from "../../../core/db/scoped";
import { type CLASS_GRADE_LEVELS, type CLASS_SUBJECTS } from "../../../core/constants";
import { uniqueClassCode } from "../classes.server";
import { newId } from "../tokens.server";
import type { CourseStudent } from "./api.server";
import { ClassroomRefusal, refusalFrom, type ClassroomSession } from "./connection.server";

export type CourseTarget = {
  /** An existing class to link the course to; absent makes a new class. */
  classId?: string | null;
  subject?: (typeof CLASS_SUBJECTS)[number];
  gradeLevel?: (typeof CLASS_GRADE_LEVELS)[number];
};

export type CourseImport = { classId: string; className: string; created: boolean; added: number; updated: number; total: number };

type RosterEntry = { googleUserId: string; name: string; email: string | null };

export function rosterEntry(s: CourseStudent): RosterEntry {
  const name = s.profile?.name;
  const full = name?.fullName?.trim() || [name?.givenName, name?.familyName].filter(Boolean).join(" ").trim();
  return { googleUserId: s.userId, name: full || `Student ${s.userId}`, email: s.profile?.emailAddress?.trim().toLowerCase() || null };
}

/** The teacher's class linked to this Classroom course, if any. */
export async function linkedClass(session: Pick<ClassroomSession, "db" | "teacherId">, courseId: string) {
  const scope = forTeacher(session.db, session.teacherId);
  const [row] = await session.db
    .select()
    .from(classes)
    .where(scope.where(classes, eq(classes.classroomCourseId, courseId)))
    .limit(1);
  return row;
}

export async function importCourse(session: ClassroomSession, courseId: string, target: CourseTarget = {}): Promise<CourseImport> {
  const { db, teacherId, client } = session;
  const scope = forTeacher(db, teacherId);
  let course, roster;
  try {
    course = await client.course(courseId);
    roster = (await client.students(courseId)).map(rosterEntry);
  } catch (error) {
    throw refusalFrom(error, "course");
  }

  const linked = await linkedClass(session, courseId);
  const chosen = target.classId ? await scope.find(classes, target.classId) : undefined;
  if (target.classId && !chosen) throw new ClassroomRefusal("Class not found.", 404);
  if (linked && chosen && linked.id !== chosen.id)
    throw new ClassroomRefusal(`This course is already linked to your class ${linked.name}.`, 409);
  if (!linked && chosen?.classroomCourseId)
    throw new ClassroomRefusal(`${chosen.name} is already linked to another Classroom course.`, 409);
  const existingClass = linked ?? chosen;
  const classId = existingClass?.id ?? newId();
  const className = existingClass?.name ?? (course.section ? `${course.name} (${course.section})` : course.name);

  const statements: BatchItem<"sqlite">[] = [];
  if (!existingClass) {
    statements.push(
      db.insert(classes).values({
        id: classId,
        teacherId,
        name: className.slice(0, 100),
        subject: target.subject ?? "Other",
        gradeLevel: target.gradeLevel ?? "9",
        description: "Imported from Google Classroom",
        classCode: await uniqueClassCode(db, teacherId),
        classroomCourseId: courseId,
      }),
    );
  } else if (!existingClass.classroomCourseId) {
    statements.push(
      db
        .update(classes)
        .set({ classroomCourseId: courseId, updatedAt: new Date() })
        .where(scope.where(classes, eq(classes.id, classId))),
    );
  }

  // The teacher's students already known by these Google ids or e-mails.
  const googleIds = roster.map((r) => r.googleUserId);
  const emails = roster.map((r) => r.email).filter((e): e is string => Boolean(e));
  const known = [
    ...(await inChunks(googleIds, 1, (slice) =>
      db
        .select()
        .from(students)
        .where(scope.where(students, inArray(students.googleUserId, slice))),
    )),
    ...(await inChunks(emails, 1, (slice) =>
      db
        .select()
        .from(students)
        .where(scope.where(students, inArray(students.email, slice))),
    )),
  ];
  const byGoogle = new Map(known.filter((s) => s.googleUserId).map((s) => [s.googleUserId!, s]));
  const byEmail = new Map(known.filter((s) => s.email && !s.googleUserId).map((s) => [s.email!.toLowerCase(), s]));

  const enrolled = new Set(existingClass ? (await scope.enrollmentsOf([classId])).map((e) => e.studentId) : []);
  let added = 0;
  let updated = 0;
  const seen = new Set<string>();
  for (const entry of roster) {
    if (seen.has(entry.googleUserId)) continue;
    seen.add(entry.googleUserId);
    const match = byGoogle.get(entry.googleUserId) ?? (entry.email ? byEmail.get(entry.email) : undefined);
    let studentId: string;
    if (match) {
      studentId = match.id;
      if (entry.email) byEmail.delete(entry.email); // one Google account, one student
      if (match.name !== entry.name || match.googleUserId !== entry.googleUserId || (entry.email && match.email !== entry.email)) {
        updated += 1;
        statements.push(
          db
            .update(students)
            .set({ name: entry.name, googleUserId: entry.googleUserId, email: entry.email ?? match.email, updatedAt: new Date() })
            .where(scope.where(students, eq(students.id, match.id))),
        );
      }
    } else {
      studentId = newId();
      statements.push(
        db.insert(students).values({ id: studentId, teacherId, name: entry.name, email: entry.email, googleUserId: entry.googleUserId }),
      );
    }
    if (!enrolled.has(studentId)) {
      added += 1;
      enrolled.add(studentId);
      statements.push(db.insert(enrollments).values({ classId, studentId }).onConflictDoNothing());
    }
  }
  // One batch: D1 runs it as one transaction, so a failure leaves no half-made class or roster.
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { classId, className, created: !existingClass, added, updated, total: roster.length };
}
