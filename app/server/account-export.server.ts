// "Export my data": one ZIP, streamed as the client reads it (client-zip's makeZip pulls entries one at a time):
// JSON of every record of the teacher's (a page of rows at a time), the uploaded files straight from R2, and a
// grade CSV per assignment. Secrets (password and token hashes, encrypted Google tokens) are left out.
// Why client-zip: docs/decisions/0011-accounts-and-privacy.md.
import { makeZip } from "client-zip";
import { eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../core/db/client";
import {
  accessLog,
  assignmentFiles,
  assignments,
  classes,
  conferenceItems,
  contactMessages,
  gradeEdits,
  gradingJobs,
  mailOutbox,
  notes,
  sessions,
  settings,
  students,
  submissions,
  type Teacher,
} from "../../core/db/schema";
import { forTeacher, ownedBy, type TeacherScope } from "../../core/db/scoped";
import { logAccess } from "./access-log.server";
import { assignmentExport } from "./exports.server";

const PAGE = 500;
const encoder = new TextEncoder();

type Row = Record<string, unknown>;
type PagedTable = SQLiteTable & { id: SQLiteColumn; teacherId: SQLiteColumn };

/** The teacher's rows of a table, a page at a time in id order (memory stays flat however many there are). */
async function* teacherRows(scope: TeacherScope, table: PagedTable, omit: readonly string[] = []): AsyncGenerator<Row> {
  let after = "";
  for (;;) {
    const rows = (await scope.rowsAfter(table, after, PAGE)) as Row[];
    for (const row of rows) {
      for (const key of omit) delete row[key];
      yield row;
    }
    if (rows.length < PAGE) return;
    after = String(rows[rows.length - 1]!.id);
  }
}

/** Child rows reached through their parents' ids, the parents read a page at a time. */
async function* childRows(parents: AsyncGenerator<Row>, children: (ids: string[]) => Promise<unknown[]>): AsyncGenerator<Row> {
  let batch: string[] = [];
  const flush = async function* () {
    if (batch.length) for (const row of await children(batch)) yield row as Row;
    batch = [];
  };
  for await (const parent of parents) {
    batch.push(String(parent.id));
    if (batch.length >= PAGE) yield* flush();
  }
  yield* flush();
}

async function* jsonArray(rows: AsyncIterable<Row>): AsyncGenerator<Uint8Array> {
  let first = true;
  yield encoder.encode("[");
  for await (const row of rows) {
    yield encoder.encode(`${first ? "\n" : ",\n"}  ${JSON.stringify(row)}`);
    first = false;
  }
  yield encoder.encode(first ? "]\n" : "\n]\n");
}

const safeName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a ZIP entry name loses
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_")
    .trim()
    .slice(0, 120) || "file";

const README = `Gradewell data export

account.json        your account and settings
data/*.json         every record of yours, one file per kind (classes, students, enrollments, attendance,
                    assignments, files, grading jobs, submissions, question results, grade edits, notes,
                    conference items, access log, sessions, mail, contact messages)
files/              every file you or your students' work uploaded, by area and id
grades/             one CSV of grades per assignment (the same as the assignment page's export)

Password and token hashes and encrypted Google tokens are not included.
`;

type ZipEntry =
  | { name: string; input: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>; lastModified: Date; size?: number }
  | { name: string; input: string; lastModified: Date };

async function* entries(env: Env, db: Db, teacher: Teacher): AsyncGenerator<ZipEntry> {
  const scope = forTeacher(db, teacher.id);
  const now = new Date();
  const setting = await db.query.settings.findFirst({ where: ownedBy(settings, teacher.id) });
  const account = {
    id: teacher.id,
    email: teacher.email,
    name: teacher.name,
    username: teacher.username,
    school_name: teacher.schoolName,
    state: teacher.state,
    grade_level: teacher.gradeLevel,
    plan: teacher.plan,
    signs_in_with: [teacher.passwordHash ? "password" : null, teacher.googleSub ? "google" : null].filter(Boolean),
    created_at: teacher.createdAt.toISOString(),
    settings: setting ? { ...setting, teacherId: undefined } : null,
    exported_at: now.toISOString(),
  };
  yield { name: "README.txt", input: README, lastModified: now };
  yield { name: "account.json", input: `${JSON.stringify(account, null, 2)}\n`, lastModified: now };

  const data = (name: string, rows: AsyncIterable<Row>): ZipEntry => ({
    name: `data/${name}.json`,
    input: jsonArray(rows),
    lastModified: now,
  });
  yield data("classes", teacherRows(scope, classes));
  yield data("students", teacherRows(scope, students));
  yield data(
    "enrollments",
    childRows(teacherRows(scope, classes), (ids) => scope.enrollmentsOf(ids)),
  );
  yield data(
    "attendance",
    childRows(teacherRows(scope, classes), async (ids) => (await Promise.all(ids.map((id) => scope.attendanceOf(id)))).flat()),
  );
  yield data("assignments", teacherRows(scope, assignments));
  yield data("files", teacherRows(scope, assignmentFiles));
  yield data("grading_jobs", teacherRows(scope, gradingJobs));
  yield data("submissions", teacherRows(scope, submissions));
  yield data(
    "question_results",
    childRows(teacherRows(scope, submissions), (ids) => scope.questionResultsOf(ids)),
  );
  yield data("grade_edits", teacherRows(scope, gradeEdits));
  yield data("notes", teacherRows(scope, notes));
  yield data("conference_items", teacherRows(scope, conferenceItems));
  yield data("access_log", teacherRows(scope, accessLog));
  yield data("sessions", teacherRows(scope, sessions, ["secretHash"]));
  yield data("mail", teacherRows(scope, mailOutbox as unknown as PagedTable));
  yield data(
    "contact_messages",
    (async function* () {
      const rows = await db.select().from(contactMessages).where(eq(contactMessages.email, teacher.email));
      for (const row of rows) yield { ...row, ipHash: undefined } as Row;
    })(),
  );

  // Uploaded files, read from R2 only when the ZIP reaches them.
  for await (const file of teacherRows(scope, assignmentFiles)) {
    const object = await env.UPLOADS.get(String(file.r2Key));
    if (!object) continue;
    yield {
      name: `files/${file.kind}/${file.id}-${safeName(String(file.fileName))}`,
      input: object.body,
      size: object.size,
      lastModified: object.uploaded,
    };
  }
  for await (const item of teacherRows(scope, conferenceItems)) {
    if (!item.r2Key) continue;
    const object = await env.UPLOADS.get(String(item.r2Key));
    if (!object) continue;
    yield {
      name: `files/conference/${item.id}-${safeName(String(item.fileName ?? "file"))}`,
      input: object.body,
      size: object.size,
      lastModified: object.uploaded,
    };
  }

  for await (const assignment of teacherRows(scope, assignments)) {
    const sheet = await assignmentExport(db, teacher.id, String(assignment.id));
    if (sheet) yield { name: `grades/${safeName(String(assignment.title))}-${assignment.id}.csv`, input: sheet.csv, lastModified: now };
  }
}

export const EXPORT_FILE_NAME = "gradewell-export.zip";

/** The streamed ZIP, recorded in the access log as an export of every student's work. */
export async function accountExportResponse(env: Env, db: Db, teacher: Teacher): Promise<Response> {
  const everyone = await db
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(forTeacher(db, teacher.id).where(students));
  await logAccess(
    db,
    teacher,
    everyone.map((s) => ({ action: "exported", studentId: s.id, studentName: s.name, target: "Account export (ZIP)" })),
  );
  const date = new Date().toISOString().slice(0, 10);
  return new Response(makeZip(entries(env, db, teacher)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${EXPORT_FILE_NAME.replace(".zip", `-${date}.zip`)}"`,
      "Cache-Control": "no-store",
    },
  });
}
