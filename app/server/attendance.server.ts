// Attendance: one record per student, class and day (present, absent or late), taken on the class page.
import { and, eq, inArray, sql } from "drizzle-orm";
import { ATTENDANCE_STATUSES } from "../../core/constants";
import { inChunks } from "../../core/db/chunk";
import type { Db } from "../../core/db/client";
import { attendance, classes, enrollments } from "../../core/db/schema";
import { getClass } from "./classes.server";
import { ownedBy } from "../../core/db/scoped";

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export function isAttendanceStatus(value: unknown): value is AttendanceStatus {
  return typeof value === "string" && (ATTENDANCE_STATUSES as readonly string[]).includes(value);
}

export async function attendanceForDay(db: Db, teacherId: string, classId: string, date: string) {
  const rows = await db
    .select({ studentId: attendance.studentId, status: attendance.status })
    .from(attendance)
    .innerJoin(classes, eq(classes.id, attendance.classId))
    .where(and(ownedBy(classes, teacherId), eq(attendance.classId, classId), eq(attendance.date, date)));
  return Object.fromEntries(rows.map((r) => [r.studentId, r.status])) as Record<string, AttendanceStatus>;
}

/** Saves the day's register; students not enrolled in the class are ignored. Returns how many were saved. */
export async function saveAttendance(
  db: Db,
  teacherId: string,
  classId: string,
  date: string,
  records: { studentId: string; status: AttendanceStatus }[],
): Promise<number | null> {
  if (!(await getClass(db, teacherId, classId))) return null;
  if (records.length === 0) return 0;
  // The class was found among the teacher's, so its enrollments are reached through a scoped parent.
  const enrolledRows = await inChunks(
    records.map((r) => r.studentId),
    1,
    (slice) =>
      db
        .select({ id: enrollments.studentId })
        .from(enrollments)
        .where(and(eq(enrollments.classId, classId), inArray(enrollments.studentId, slice))),
  );
  const enrolled = new Set(enrolledRows.map((r) => r.id));
  const statements = records
    .filter((r) => enrolled.has(r.studentId))
    .map((r) =>
      db
        .insert(attendance)
        .values({ classId, studentId: r.studentId, date, status: r.status })
        .onConflictDoUpdate({ target: [attendance.classId, attendance.studentId, attendance.date], set: { status: r.status } }),
    );
  if (statements.length > 0) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return statements.length;
}

/** Days recorded for a student across the teacher's classes. */
export async function attendanceCounts(db: Db, teacherId: string, studentId: string) {
  const [row] = await db
    .select({
      present: sql<number>`coalesce(sum(case when ${attendance.status} = 'present' then 1 else 0 end), 0)`,
      absent: sql<number>`coalesce(sum(case when ${attendance.status} = 'absent' then 1 else 0 end), 0)`,
      late: sql<number>`coalesce(sum(case when ${attendance.status} = 'late' then 1 else 0 end), 0)`,
    })
    .from(attendance)
    .innerJoin(classes, eq(classes.id, attendance.classId))
    .where(and(ownedBy(classes, teacherId), eq(attendance.studentId, studentId)));
  return { present: Number(row?.present ?? 0), absent: Number(row?.absent ?? 0), late: Number(row?.late ?? 0) };
}

/** Dates on which attendance was taken for the class, newest first. */
export async function attendanceDays(db: Db, teacherId: string, classId: string, limit = 10) {
  const rows = await db
    .select({
      date: attendance.date,
      present: sql<number>`sum(case when ${attendance.status} = 'present' then 1 else 0 end)`,
      absent: sql<number>`sum(case when ${attendance.status} = 'absent' then 1 else 0 end)`,
      late: sql<number>`sum(case when ${attendance.status} = 'late' then 1 else 0 end)`,
    })
    .from(attendance)
    .innerJoin(classes, eq(classes.id, attendance.classId))
    .where(and(ownedBy(classes, teacherId), eq(attendance.classId, classId)))
    .groupBy(attendance.date)
    .orderBy(sql`${attendance.date} desc`)
    .limit(limit);
  return rows.map((r) => ({ date: r.date, present: Number(r.present), absent: Number(r.absent), late: Number(r.late) }));
}
