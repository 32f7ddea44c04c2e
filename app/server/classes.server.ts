// Classes and their rosters. Every function takes the teacher's id and only ever sees that teacher's rows;
// enrollments carry no teacher_id, so the class (and each student) is checked to be the teacher's first.
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { generateClassCode } from "~/lib/class-code";
import { roundScore } from "~/lib/grades";
import type { StudentRowValue } from "~/schemas/classes";
import { chunk, inChunks } from "../../core/db/chunk";
import type { Db } from "../../core/db/client";
import { assignments, classes, enrollments, students } from "../../core/db/schema";
import { forTeacher, ownedBy, type TeacherScope } from "../../core/db/scoped";
import { newId } from "./tokens.server";

export type ClassRow = typeof classes.$inferSelect;
export const DUPLICATE_CLASS_CODE = "This class code is already used by another of your classes.";

// Correlated subqueries name their columns in full (drizzle leaves single-table columns unqualified), and each
// carries the teacher filter from the scope (docs/decisions/0050), not only the scoped row it hangs from.
function classCounts(scope: TeacherScope) {
  return {
    studentCount: sql<number>`(select count(*) from enrollments e join students st on st.id = e.student_id
      where e.class_id = "classes"."id" and ${scope.ownsAlias("st")})`.as("student_count"),
    assignmentCount: sql<number>`(select count(*) from assignments a where a.class_id = "classes"."id" and ${scope.ownsAlias("a")})`.as(
      "assignment_count",
    ),
    // Average of graded submissions on the class's assignments; null (N/A) until something is graded.
    averageScore: sql<number | null>`(select avg(s.percent) from submissions s join assignments a on a.id = s.assignment_id
      where a.class_id = "classes"."id" and ${scope.ownsAlias("s")} and s.status = 'graded' and s.percent is not null)`.as("average_score"),
  };
}

export type ClassSummary = ClassRow & { studentCount: number; assignmentCount: number; averageScore: number | null };

export async function listClasses(db: Db, teacherId: string, options: { archived?: boolean } = {}): Promise<ClassSummary[]> {
  const scope = forTeacher(db, teacherId);
  const rows = await db
    .select({ c: classes, ...classCounts(scope) })
    .from(classes)
    .where(scope.where(classes, options.archived ? isNotNull(classes.archivedAt) : isNull(classes.archivedAt)))
    .orderBy(asc(classes.name), asc(classes.createdAt));
  return rows.map((r) => ({
    ...r.c,
    studentCount: Number(r.studentCount),
    assignmentCount: Number(r.assignmentCount),
    averageScore: roundScore(r.averageScore == null ? null : Number(r.averageScore)),
  }));
}

export async function getClassSummary(db: Db, teacherId: string, classId: string): Promise<ClassSummary | null> {
  const scope = forTeacher(db, teacherId);
  const [row] = await db
    .select({ c: classes, ...classCounts(scope) })
    .from(classes)
    .where(scope.where(classes, eq(classes.id, classId)));
  if (!row) return null;
  return {
    ...row.c,
    studentCount: Number(row.studentCount),
    assignmentCount: Number(row.assignmentCount),
    averageScore: roundScore(row.averageScore == null ? null : Number(row.averageScore)),
  };
}

/** Spec section 3, 'Class (list)', plus a few fields API clients need to act on a class. */
export function toClassJson(c: ClassSummary) {
  return {
    id: c.id,
    name: c.name,
    subject: c.subject,
    grade_level: c.gradeLevel,
    student_count: c.studentCount,
    assignment_count: c.assignmentCount,
    average_score: c.averageScore,
    class_code: c.classCode,
    description: c.description,
    enrollment_method: c.enrollmentMethod,
    archived: c.archivedAt != null,
    created_at: c.createdAt.toISOString(),
  };
}

export async function getClass(db: Db, teacherId: string, classId: string): Promise<ClassRow | null> {
  const row = await db.query.classes.findFirst({ where: and(ownedBy(classes, teacherId), eq(classes.id, classId)) });
  return row ?? null;
}

async function codeTaken(db: Db, teacherId: string, code: string, exceptClassId?: string) {
  const row = await db.query.classes.findFirst({
    where: and(ownedBy(classes, teacherId), eq(classes.classCode, code)),
    columns: { id: true },
  });
  return row != null && row.id !== exceptClassId;
}

export async function uniqueClassCode(db: Db, teacherId: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = generateClassCode();
    if (!(await codeTaken(db, teacherId, code))) return code;
  }
  throw new Error("could not find a free class code");
}

export type NewClass = {
  name: string;
  subject: ClassRow["subject"];
  gradeLevel: ClassRow["gradeLevel"];
  description: string;
  classCode?: string;
  enrollmentMethod: ClassRow["enrollmentMethod"];
  students: StudentRowValue[];
};

export async function createClass(
  db: Db,
  teacherId: string,
  input: NewClass,
): Promise<{ class: ClassRow } | { error: string; field: "classCode" }> {
  let code = input.classCode;
  if (code) {
    if (await codeTaken(db, teacherId, code)) return { error: DUPLICATE_CLASS_CODE, field: "classCode" };
  } else {
    code = await uniqueClassCode(db, teacherId);
  }
  const id = newId();
  const [created] = await db
    .insert(classes)
    .values({
      id,
      teacherId,
      name: input.name,
      subject: input.subject,
      gradeLevel: input.gradeLevel,
      description: input.description,
      classCode: code,
      enrollmentMethod: input.enrollmentMethod,
    })
    .returning();
  if (input.students.length > 0) await enrollStudents(db, teacherId, id, input.students);
  return { class: created };
}

export async function updateClass(
  db: Db,
  teacherId: string,
  classId: string,
  input: Pick<NewClass, "name" | "subject" | "gradeLevel" | "description" | "enrollmentMethod">,
) {
  const [row] = await db
    .update(classes)
    .set({ ...input, updatedAt: new Date() })
    .where(and(ownedBy(classes, teacherId), eq(classes.id, classId)))
    .returning();
  return row ?? null;
}

export async function regenerateClassCode(db: Db, teacherId: string, classId: string) {
  const code = await uniqueClassCode(db, teacherId);
  const [row] = await db
    .update(classes)
    .set({ classCode: code, updatedAt: new Date() })
    .where(and(ownedBy(classes, teacherId), eq(classes.id, classId)))
    .returning();
  return row ?? null;
}

export async function setClassArchived(db: Db, teacherId: string, classId: string, archived: boolean) {
  const [row] = await db
    .update(classes)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where(and(ownedBy(classes, teacherId), eq(classes.id, classId)))
    .returning();
  return row ?? null;
}

/** Deletes the class with its enrollments and attendance; students and their graded work stay. */
export async function deleteClass(db: Db, teacherId: string, classId: string): Promise<boolean> {
  const rows = await db
    .delete(classes)
    .where(and(ownedBy(classes, teacherId), eq(classes.id, classId)))
    .returning({ id: classes.id });
  return rows.length > 0;
}

/**
 * Finds the teacher's students by e-mail or creates them, then enrolls them in the class.
 * The same e-mail is the same student across the teacher's classes.
 */
export async function enrollStudents(db: Db, teacherId: string, classId: string, rows: readonly StudentRowValue[]) {
  const byEmail = new Map<string, string>();
  const wanted = [...new Map(rows.map((r) => [r.email.toLowerCase(), r])).values()];
  const scope = forTeacher(db, teacherId);
  const idUpdates: BatchItem<"sqlite">[] = [];
  const found = await inChunks(
    wanted.map((r) => r.email.toLowerCase()),
    1,
    (part) =>
      db
        .select({ id: students.id, email: students.email })
        .from(students)
        .where(and(ownedBy(students, teacherId), inArray(students.email, part))),
  );
  for (const f of found) if (f.email) byEmail.set(f.email, f.id);
  // A roster import that carries SIS ids or logins fills them in on students the teacher already has.
  for (const r of wanted) {
    const existing = byEmail.get(r.email.toLowerCase());
    const ids = { ...(r.studentNumber ? { studentNumber: r.studentNumber } : {}), ...(r.loginId ? { loginId: r.loginId } : {}) };
    if (existing && Object.keys(ids).length > 0) {
      idUpdates.push(
        db
          .update(students)
          .set({ ...ids, updatedAt: new Date() })
          .where(scope.where(students, eq(students.id, existing))),
      );
    }
  }
  const inserts = wanted
    .filter((r) => !byEmail.has(r.email.toLowerCase()))
    .map((r) => {
      const id = newId();
      byEmail.set(r.email.toLowerCase(), id);
      return db.insert(students).values({
        id,
        teacherId,
        name: r.name,
        email: r.email.toLowerCase(),
        studentNumber: r.studentNumber || null,
        loginId: r.loginId || null,
      });
    });
  const ids = wanted.map((r) => byEmail.get(r.email.toLowerCase())!);
  const enrolledRows = await inChunks(ids, 1, (part) =>
    db
      .select({ id: enrollments.studentId })
      .from(enrollments)
      .where(and(eq(enrollments.classId, classId), inArray(enrollments.studentId, part))),
  );
  const already = new Set(enrolledRows.map((f) => f.id));
  const enrolls = ids.filter((id) => !already.has(id)).map((studentId) => db.insert(enrollments).values({ classId, studentId }));
  const statements: BatchItem<"sqlite">[] = [...inserts, ...enrolls, ...idUpdates];
  for (const part of chunk(statements, 50)) {
    if (part.length > 0) await db.batch(part as [(typeof part)[number], ...(typeof part)[number][]]);
  }
  return { added: enrolls.length, alreadyEnrolled: already.size, studentIds: ids };
}

/** Enrolls one of the teacher's existing students. */
export async function enrollExistingStudent(db: Db, teacherId: string, classId: string, studentId: string): Promise<boolean> {
  const [klass, student] = await Promise.all([
    getClass(db, teacherId, classId),
    db.query.students.findFirst({ where: and(ownedBy(students, teacherId), eq(students.id, studentId)), columns: { id: true } }),
  ]);
  if (!klass || !student) return false;
  await db.insert(enrollments).values({ classId, studentId }).onConflictDoNothing();
  return true;
}

export async function unenrollStudent(db: Db, teacherId: string, classId: string, studentId: string): Promise<boolean> {
  if (!(await getClass(db, teacherId, classId))) return false;
  const rows = await db
    .delete(enrollments)
    .where(and(eq(enrollments.classId, classId), eq(enrollments.studentId, studentId)))
    .returning({ id: enrollments.studentId });
  return rows.length > 0;
}

export async function classRoster(db: Db, teacherId: string, classId: string) {
  const scope = forTeacher(db, teacherId);
  // The subqueries hang from the scoped class row ("classes"."id"), and the submissions carry the teacher filter.
  const rows = await db
    .select({
      id: students.id,
      name: students.name,
      email: students.email,
      studentNumber: students.studentNumber,
      loginId: students.loginId,
      enrolledAt: enrollments.enrolledAt,
      average: sql<number | null>`(select avg(s.percent) from submissions s join assignments a on a.id = s.assignment_id
        where s.student_id = "students"."id" and a.class_id = "classes"."id" and ${scope.ownsAlias("s")} and s.status = 'graded' and s.percent is not null)`,
      graded: sql<number>`(select count(*) from submissions s join assignments a on a.id = s.assignment_id
        where s.student_id = "students"."id" and a.class_id = "classes"."id" and ${scope.ownsAlias("s")} and s.status = 'graded')`,
      attended: sql<number>`(select count(*) from attendance d where d.student_id = "students"."id" and d.class_id = "classes"."id" and d.status in ('present', 'late'))`,
      days: sql<number>`(select count(*) from attendance d where d.student_id = "students"."id" and d.class_id = "classes"."id")`,
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(and(eq(enrollments.classId, classId), scope.where(classes), scope.where(students)))
    .orderBy(asc(students.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    studentNumber: r.studentNumber,
    loginId: r.loginId,
    enrolledAt: r.enrolledAt.toISOString(),
    averageScore: roundScore(r.average == null ? null : Number(r.average)),
    graded: Number(r.graded),
    attendanceRate: Number(r.days) === 0 ? null : roundScore((Number(r.attended) / Number(r.days)) * 100),
  }));
}

export async function classAssignments(db: Db, teacherId: string, classId: string) {
  const scope = forTeacher(db, teacherId);
  const rows = await db
    .select({
      id: assignments.id,
      title: assignments.title,
      status: assignments.status,
      dueDate: assignments.dueDate,
      assignmentType: assignments.assignmentType,
      submissions: sql<number>`(select count(*) from submissions s where s.assignment_id = "assignments"."id" and ${scope.ownsAlias("s")})`,
      graded: sql<number>`(select count(*) from submissions s where s.assignment_id = "assignments"."id" and ${scope.ownsAlias("s")}
        and s.status = 'graded')`,
      average: sql<number | null>`(select avg(s.percent) from submissions s where s.assignment_id = "assignments"."id"
        and ${scope.ownsAlias("s")} and s.status = 'graded' and s.percent is not null)`,
    })
    .from(assignments)
    .where(scope.where(assignments, eq(assignments.classId, classId)))
    .orderBy(desc(assignments.createdAt));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    assignmentType: r.assignmentType,
    dueDate: r.dueDate ? r.dueDate.toISOString() : null,
    submissions: Number(r.submissions),
    graded: Number(r.graded),
    averageScore: roundScore(r.average == null ? null : Number(r.average)),
  }));
}

/** The teacher's students who are not in this class yet, to enroll with one click. */
export async function studentsNotInClass(db: Db, teacherId: string, classId: string) {
  return db
    .select({ id: students.id, name: students.name, email: students.email })
    .from(students)
    .where(
      and(ownedBy(students, teacherId), sql`"students"."id" not in (select e.student_id from enrollments e where e.class_id = ${classId})`),
    )
    .orderBy(asc(students.name));
}
