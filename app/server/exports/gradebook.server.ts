// The grades a gradebook export carries, loaded once for every format: a class (one column per assignment) or one
// assignment. Only final grades go out (graded, and approved or never flagged); every student left out is listed
// with the reason, so the export dialog can say who will not arrive and why.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../core/db/client";
import { inChunks } from "../../../core/db/chunk";
import { forTeacher } from "../../../core/db/scoped";
import { assignments, classes, enrollments, students, submissions } from "../../../core/db/schema";

export type GradebookStudent = { id: string; name: string; sisId: string | null; loginId: string | null; email: string | null };
export type GradebookAssignment = {
  id: string;
  title: string;
  points: number;
  canvasId: string | null;
  assignmentType: string;
  dueDate: Date | null;
  createdAt: Date;
};
export type GradebookScore = { score: number; gradedAt: Date | null; feedback: string | null };
export type GradebookRow = { student: GradebookStudent; scores: Map<string, GradebookScore> };
export type LeftOut = { name: string; reason: string };
export type Gradebook = {
  scope: "class" | "assignment";
  title: string;
  klass: { id: string; name: string } | null;
  assignments: GradebookAssignment[];
  rows: GradebookRow[];
  leftOut: LeftOut[];
};

type SubmissionRecord = typeof submissions.$inferSelect;
type AssignmentRecord = typeof assignments.$inferSelect;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const round = (n: number) => Math.round(n * 100) / 100;

/** Final once graded, and approved or neither flagged for review nor held by manual review. */
function isFinal(assignment: AssignmentRecord, s: SubmissionRecord) {
  return s.status === "graded" && s.score != null && (Boolean(s.approvedAt) || (!s.needsReview && !assignment.requireManualReview));
}

function whyNotFinal(assignment: AssignmentRecord, s: SubmissionRecord | undefined): string {
  if (!s) return "No work handed in";
  if (s.status === "failed") return "The work could not be read";
  if (s.status !== "graded") return "Not graded yet";
  if (s.needsReview && !s.approvedAt) return "Needs review before the grade is final";
  if (assignment.requireManualReview && !s.approvedAt) return "Awaiting your approval";
  return "No score";
}

function toAssignment(a: AssignmentRecord): GradebookAssignment {
  return {
    id: a.id,
    title: a.title,
    points: a.points,
    canvasId: a.canvasAssignmentId,
    assignmentType: a.assignmentType,
    dueDate: a.dueDate,
    createdAt: a.createdAt,
  };
}

function toStudent(s: typeof students.$inferSelect): GradebookStudent {
  return { id: s.id, name: s.name, sisId: s.studentNumber, loginId: s.loginId, email: s.email };
}

async function classRoster(db: Db, teacherId: string, classId: string) {
  const scope = forTeacher(db, teacherId);
  const rows = await db
    .select({ student: students })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(eq(enrollments.classId, classId), scope.where(students)))
    .orderBy(asc(students.name));
  return rows.map((r) => toStudent(r.student));
}

/** Submissions of the given assignments, in D1-sized chunks (a class can have hundreds of assignments). */
async function submissionsOf(db: Db, teacherId: string, assignmentIds: readonly string[]) {
  const scope = forTeacher(db, teacherId);
  return inChunks(assignmentIds, 1, (slice) =>
    db
      .select()
      .from(submissions)
      .where(scope.where(submissions, inArray(submissions.assignmentId, slice)))
      .orderBy(asc(submissions.createdAt)),
  );
}

/** The submission that stands for the student: their latest final one, else their latest one. */
function pick(subs: SubmissionRecord[], assignment: AssignmentRecord) {
  const finals = subs.filter((s) => isFinal(assignment, s));
  return finals.at(-1) ?? subs.at(-1);
}

function scoreOf(s: SubmissionRecord): GradebookScore {
  return { score: round(s.score!), gradedAt: s.gradedAt, feedback: s.feedback };
}

export async function classGradebook(db: Db, teacherId: string, classId: string): Promise<Gradebook | null> {
  const scope = forTeacher(db, teacherId);
  const klass = await scope.find(classes, classId);
  if (!klass) return null;
  const [roster, list] = await Promise.all([
    classRoster(db, teacherId, klass.id),
    db
      .select()
      .from(assignments)
      .where(scope.where(assignments, eq(assignments.classId, klass.id)))
      .orderBy(asc(assignments.createdAt)),
  ]);
  const subs = await submissionsOf(
    db,
    teacherId,
    list.map((a) => a.id),
  );
  const rows: GradebookRow[] = [];
  const leftOut: LeftOut[] = [];
  for (const student of roster) {
    const scores = new Map<string, GradebookScore>();
    for (const assignment of list) {
      const own = subs.filter(
        (s) => s.assignmentId === assignment.id && (s.studentId === student.id || (!s.studentId && sameName(s.studentName, student.name))),
      );
      const chosen = pick(own, assignment);
      if (chosen && isFinal(assignment, chosen)) scores.set(assignment.id, scoreOf(chosen));
    }
    if (scores.size > 0) rows.push({ student, scores });
    else leftOut.push({ name: student.name, reason: "No final grade in this class yet" });
  }
  return {
    scope: "class",
    title: klass.name,
    klass: { id: klass.id, name: klass.name },
    assignments: list.map(toAssignment),
    rows,
    leftOut,
  };
}

export async function assignmentGradebook(db: Db, teacherId: string, assignmentId: string): Promise<Gradebook | null> {
  const scope = forTeacher(db, teacherId);
  const assignment = await scope.find(assignments, assignmentId);
  if (!assignment) return null;
  const klass = assignment.classId ? await scope.find(classes, assignment.classId) : undefined;
  const subs = await submissionsOf(db, teacherId, [assignment.id]);
  const roster = klass ? await classRoster(db, teacherId, klass.id) : [];
  // Students linked to work but not on the class roster (or an assignment without a class) are still the teacher's.
  const known = new Set(roster.map((s) => s.id));
  const extraIds = [...new Set(subs.map((s) => s.studentId).filter((id): id is string => id != null && !known.has(id)))];
  const extra = (await scope.findMany(students, extraIds)).map(toStudent);
  const everyone = [...roster, ...extra];

  const rows: GradebookRow[] = [];
  const leftOut: LeftOut[] = [];
  const claimed = new Set<string>();
  for (const student of everyone) {
    const own = subs.filter((s) => s.studentId === student.id || (!s.studentId && sameName(s.studentName, student.name)));
    own.forEach((s) => claimed.add(s.id));
    const chosen = pick(own, assignment);
    if (chosen && isFinal(assignment, chosen)) rows.push({ student, scores: new Map([[assignment.id, scoreOf(chosen)]]) });
    else leftOut.push({ name: student.name, reason: whyNotFinal(assignment, chosen) });
  }
  // Work no roster student claims. A name the teacher typed is kept (Canvas can still match it by name); an
  // unnamed paper or a name guessed from the file name would become an unknown student, so it is left out.
  const unclaimed = new Map<string, SubmissionRecord[]>();
  for (const s of subs) {
    if (claimed.has(s.id)) continue;
    const guessed = !s.studentName.trim() || s.flags.includes("name_from_file");
    if (guessed) {
      leftOut.push({
        name: s.studentName.trim() || "Unnamed student",
        reason: s.studentName.trim()
          ? "Name guessed from the file name: link the work to a student first"
          : "No student name: link the work to a student first",
      });
      continue;
    }
    const key = s.studentName.trim().toLowerCase();
    unclaimed.set(key, [...(unclaimed.get(key) ?? []), s]);
  }
  for (const own of unclaimed.values()) {
    const name = own[0].studentName.trim();
    const chosen = pick(own, assignment);
    const student = { id: `name:${name.toLowerCase()}`, name, sisId: null, loginId: null, email: null };
    if (chosen && isFinal(assignment, chosen)) rows.push({ student, scores: new Map([[assignment.id, scoreOf(chosen)]]) });
    else leftOut.push({ name, reason: whyNotFinal(assignment, chosen) });
  }
  rows.sort((a, b) => a.student.name.localeCompare(b.student.name, "en", { sensitivity: "base" }));
  return {
    scope: "assignment",
    title: assignment.title,
    klass: klass ? { id: klass.id, name: klass.name } : null,
    assignments: [toAssignment(assignment)],
    rows,
    leftOut,
  };
}
