// Teacher data, scoped by construction: both workers reach a teacher's rows through `forTeacher`, so a query
// that forgets the teacher cannot be written by accident. Child tables without a teacher_id (enrollments,
// attendance, question_results) are reached only through a scoped parent.
import { and, asc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";
import { inChunks } from "./chunk";
import {
  type accountTokens,
  attendance,
  classes,
  enrollments,
  type knownDevices,
  type mailOutbox,
  questionResults,
  type sessions,
  students,
  submissions,
  teachers,
} from "./schema";

/** A table whose every row belongs to one teacher. */
export type TeacherTable = SQLiteTable & { id: SQLiteColumn; teacherId: SQLiteColumn };

/** A teacher table keyed by the teacher alone (settings, Google tokens): no id of its own. */
type OwnedTable = SQLiteTable & { teacherId: SQLiteColumn };

/**
 * `table.teacher_id = ?`: the one place a teacher filter is written (lint bans it anywhere else,
 * docs/decisions/0044). Query functions that build their own select use it; `forTeacher(...).where` wraps it.
 */
export function ownedBy(table: OwnedTable, teacherId: string): SQL {
  return eq(table.teacherId, teacherId);
}

/** The sign-in tables: they belong to an account (sessions, tokens, devices, mail), not to a teacher's classes. */
type IdentityTable = typeof sessions | typeof accountTokens | typeof knownDevices | typeof mailOutbox;

/** `table.teacher_id = ?` for the sign-in tables, kept apart so that teacher data and identity rows do not blur. */
export function identityOf(table: IdentityTable, teacherId: string): SQL {
  return eq(table.teacherId, teacherId);
}

/** A teacher's door to the data: scope methods only, no raw client (docs/decisions/0050, 0056). */
export type TeacherScope = ReturnType<typeof forTeacher>;

/** How a select over a teacher table is ordered and cut. */
export type RowsQuery = { orderBy?: (SQLiteColumn | SQL)[]; limit?: number };

/** The row an aggregate select returns: each field's SQL type (`sql<number>\`count(*)\``). */
type Aggregates<F extends Record<string, SQL>> = { [K in keyof F]: F[K] extends SQL<infer V> ? V : never };

export function forTeacher(db: Db, teacherId: string) {
  if (!teacherId) throw new Error("forTeacher needs a teacher id");

  /** `table.teacher_id = ? AND ...conditions`: the only way a teacher table is filtered. */
  const where = (table: TeacherTable, ...conditions: (SQL | undefined)[]) => and(ownedBy(table, teacherId), ...conditions)!;

  /** This teacher's submission ids, as a subquery: the parent that every question result is reached through. */
  const ownSubmissionIds = () => db.select({ id: submissions.id }).from(submissions).where(where(submissions));

  /** One row of aggregates (`sql<number>\`count(*)\``, sums, averages) over this teacher's rows of `table` that meet `condition`. */
  async function aggregate<F extends Record<string, SQL>>(table: TeacherTable, fields: F, condition?: SQL): Promise<Aggregates<F>> {
    const [row] = await db
      .select(fields)
      .from(table as SQLiteTable)
      .where(where(table, condition));
    return row as Aggregates<F>;
  }

  return {
    teacherId,
    where,

    /** This teacher's rows of `table` that meet `condition`, in `orderBy` order, at most `limit` of them. */
    async rows<T extends TeacherTable>(table: T, condition?: SQL, { orderBy = [], limit }: RowsQuery = {}): Promise<T["$inferSelect"][]> {
      let query = db
        .select()
        .from(table as SQLiteTable)
        .where(where(table, condition))
        .$dynamic();
      if (orderBy.length) query = query.orderBy(...orderBy);
      if (limit !== undefined) query = query.limit(limit);
      return (await query) as T["$inferSelect"][];
    },

    aggregate,

    /** How many of this teacher's rows of `table` meet `condition`. */
    async count(table: TeacherTable, condition?: SQL): Promise<number> {
      const { rows } = await aggregate(table, { rows: sql<number>`count(*)` }, condition);
      return Number(rows ?? 0);
    },

    /** Changes this teacher's rows of `table` that meet `condition`; returns the ids of the rows it changed. */
    async update<T extends TeacherTable>(table: T, set: Partial<T["$inferInsert"]>, condition?: SQL): Promise<string[]> {
      const changed = await db
        .update(table as SQLiteTable)
        .set(set as never)
        .where(where(table, condition))
        .returning({ id: table.id });
      return changed.map((row) => String(row.id));
    },

    /** The teacher's one row of a table keyed by the teacher alone (settings), or undefined before it is written. */
    async ownRow<T extends OwnedTable>(table: T): Promise<T["$inferSelect"] | undefined> {
      const [row] = await db
        .select()
        .from(table as SQLiteTable)
        .where(ownedBy(table, teacherId))
        .limit(1);
      return row as T["$inferSelect"] | undefined;
    },

    /** The teacher's plan (undefined for an account that is gone): what the grading allowance is measured against. */
    async plan(): Promise<(typeof teachers.$inferSelect)["plan"] | undefined> {
      const [row] = await db.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacherId)).limit(1);
      return row?.plan;
    },

    /**
     * `alias.teacher_id = ?` for a raw SQL subquery over a teacher table (`submissions s`, `assignments a`):
     * a correlated subquery carries the teacher filter too, written here and nowhere else.
     */
    ownsAlias(alias: string): SQL {
      if (!/^[a-z_]+$/.test(alias)) throw new Error(`not a table alias: ${alias}`);
      return sql`${sql.raw(alias)}.teacher_id = ${teacherId}`;
    },

    /** This teacher's rows of `table` after `afterId` in id order, `limit` at a time (a paged export). */
    async rowsAfter<T extends TeacherTable>(table: T, afterId: string, limit: number): Promise<T["$inferSelect"][]> {
      const rows = await db
        .select()
        .from(table as SQLiteTable)
        .where(where(table, gt(table.id, afterId)))
        .orderBy(asc(table.id))
        .limit(limit);
      return rows as T["$inferSelect"][];
    },

    /** One question of one of this teacher's submissions, by its number. */
    async questionResultByNumber(submissionId: string, questionNumber: string) {
      const [row] = await db
        .select({ result: questionResults })
        .from(questionResults)
        .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
        .where(where(submissions, eq(submissions.id, submissionId), eq(questionResults.questionNumber, questionNumber)))
        .limit(1);
      return row?.result;
    },

    /**
     * Changes one question result, only if its submission is this teacher's (the child has no teacher_id).
     * Returns the statement, to await or to batch.
     */
    updateQuestionResult(id: string, set: Partial<typeof questionResults.$inferInsert>) {
      return db
        .update(questionResults)
        .set(set)
        .where(and(eq(questionResults.id, id), inArray(questionResults.submissionId, ownSubmissionIds())));
    },

    /**
     * Writes a graded submission in one batch: its question results replaced by `results` and its own row changed by
     * `set`. Nothing is written (false) when the submission is not this teacher's.
     */
    async replaceQuestionResults(
      submissionId: string,
      results: Omit<typeof questionResults.$inferInsert, "submissionId">[],
      set: Partial<typeof submissions.$inferInsert>,
    ): Promise<boolean> {
      const [own] = await db
        .select({ id: submissions.id })
        .from(submissions)
        .where(where(submissions, eq(submissions.id, submissionId)))
        .limit(1);
      if (!own) return false;
      await db.batch([
        db.delete(questionResults).where(eq(questionResults.submissionId, submissionId)),
        ...results.map((result) => db.insert(questionResults).values({ ...result, submissionId })),
        db
          .update(submissions)
          .set(set)
          .where(where(submissions, eq(submissions.id, submissionId))),
      ]);
      return true;
    },

    /** One row by id, or undefined when it is missing or another teacher's. */
    async find<T extends TeacherTable>(table: T, id: string): Promise<T["$inferSelect"] | undefined> {
      const [row] = await db
        .select()
        .from(table as SQLiteTable)
        .where(where(table, eq(table.id, id)))
        .limit(1);
      return row as T["$inferSelect"] | undefined;
    },

    /** Rows by id, in D1-sized chunks; ids of other teachers are simply not found. */
    async findMany<T extends TeacherTable>(table: T, ids: readonly string[]): Promise<T["$inferSelect"][]> {
      return inChunks(ids, 1, async (slice) => {
        const rows = await db
          .select()
          .from(table as SQLiteTable)
          .where(where(table, inArray(table.id, slice)));
        return rows as T["$inferSelect"][];
      });
    },

    /** The ids among `ids` that are this teacher's rows of `table`. */
    async ownedIds(table: TeacherTable, ids: readonly string[]): Promise<Set<string>> {
      const rows = await inChunks(ids, 1, (slice) =>
        db
          .select({ id: table.id })
          .from(table as SQLiteTable)
          .where(where(table, inArray(table.id, slice))),
      );
      return new Set(rows.map((row) => String(row.id)));
    },

    /** Question results of this teacher's submissions (the child table has no teacher_id of its own). */
    questionResultsOf(submissionIds: readonly string[]) {
      return inChunks(submissionIds, 1, (slice) =>
        db
          .select({ result: questionResults })
          .from(questionResults)
          .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
          .where(where(submissions, inArray(submissions.id, slice)))
          .then((rows) => rows.map((row) => row.result)),
      );
    },

    /** Enrollments of this teacher's classes. */
    enrollmentsOf(classIds: readonly string[]) {
      return inChunks(classIds, 1, (slice) =>
        db
          .select({ enrollment: enrollments })
          .from(enrollments)
          .innerJoin(classes, eq(classes.id, enrollments.classId))
          .innerJoin(students, and(eq(students.id, enrollments.studentId), eq(students.teacherId, teacherId)))
          .where(where(classes, inArray(classes.id, slice)))
          .then((rows) => rows.map((row) => row.enrollment)),
      );
    },

    /** This teacher's students enrolled in one of this teacher's classes (the enrollments reached through the class). */
    async studentsIn(classId: string): Promise<(typeof students.$inferSelect)[]> {
      const enrolled = db
        .select({ id: enrollments.studentId })
        .from(enrollments)
        .innerJoin(classes, eq(classes.id, enrollments.classId))
        .where(where(classes, eq(classes.id, classId)));
      return await db
        .select()
        .from(students)
        .where(where(students, inArray(students.id, enrolled)));
    },

    /** Attendance of one of this teacher's classes. */
    attendanceOf(classId: string) {
      return db
        .select({ record: attendance })
        .from(attendance)
        .innerJoin(classes, eq(classes.id, attendance.classId))
        .where(where(classes, eq(classes.id, classId)))
        .then((rows) => rows.map((row) => row.record));
    },
  };
}
