// A teacher with a row in every table, objects in R2 and a grading job's Durable Object: what the deletion,
// export and retention tests start from. Rows are written straight into D1 (the pages that write them have
// their own tests); the account, sessions and tokens come from the real API and pages.
import { env } from "cloudflare:workers";
import { getDb } from "../../core/db/client";
import * as schema from "../../core/db/schema";
import { jobStub } from "../../core/jobs/stub";
import { api, postForm, registerTeacher, sessionCookieFrom, waitFor } from "./helpers";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
let n = 0;
const id = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n += 1)}`;

export type SeededTeacher = Awaited<ReturnType<typeof seedTeacher>>;

export async function seedTeacher(name = "Seeded Teacher") {
  const registered = await registerTeacher({ name });
  const { email, password } = registered;
  const teacherId = registered.user.id;
  const cookie = sessionCookieFrom(await postForm("/login", { email, password }));
  const db = getDb(env.DB);

  const classId = id("cls");
  const studentId = id("stu");
  const otherStudentId = id("stu");
  const assignmentId = id("asg");
  const jobId = id("job");
  const submissionId = id("sub");
  const fileId = id("fil");
  const keyFileId = id("fil");
  const itemId = id("itm");
  const prefix = `teachers/${teacherId}/`;
  const fileKey = `${prefix}batch/${fileId}/work.png`;
  const keyFileKey = `${prefix}answer_key/${keyFileId}/key.txt`;
  const itemKey = `${prefix}conference/${studentId}/${itemId}/sample.png`;
  const gradedAt = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);

  await env.UPLOADS.put(fileKey, PNG, { customMetadata: { teacherId } });
  await env.UPLOADS.put(keyFileKey, "1. 12\n2. 7", { customMetadata: { teacherId } });
  await env.UPLOADS.put(itemKey, PNG, { customMetadata: { teacherId } });

  await db.batch([
    db
      .insert(schema.classes)
      .values({ id: classId, teacherId, name: "Math 5A", subject: "Mathematics", gradeLevel: "5", classCode: classId.slice(-6) }),
    db.insert(schema.students).values({ id: studentId, teacherId, name: "Ana Ruiz", email: `${studentId}@pupil.example` }),
    db.insert(schema.students).values({ id: otherStudentId, teacherId, name: "Ben Okafor" }),
    db.insert(schema.enrollments).values({ classId, studentId }),
    db.insert(schema.enrollments).values({ classId, studentId: otherStudentId }),
    db.insert(schema.attendance).values({ classId, studentId, date: "2026-11-02", status: "present" }),
    db
      .insert(schema.assignments)
      .values({ id: assignmentId, teacherId, classId, title: "Fractions quiz", points: 10, answerKeyText: "1. 12\n2. 7" }),
    db.insert(schema.assignmentFiles).values({
      id: fileId,
      teacherId,
      assignmentId,
      kind: "batch",
      r2Key: fileKey,
      fileName: "work.png",
      contentType: "image/png",
      size: PNG.byteLength,
    }),
    db.insert(schema.assignmentFiles).values({
      id: keyFileId,
      teacherId,
      assignmentId,
      kind: "answer_key",
      r2Key: keyFileKey,
      fileName: "key.txt",
      contentType: "text/plain",
      size: 10,
    }),
    db
      .insert(schema.gradingJobs)
      .values({ id: jobId, teacherId, assignmentId, kind: "assignment", status: "completed", total: 1, done: 1 }),
    db.insert(schema.submissions).values({
      id: submissionId,
      teacherId,
      assignmentId,
      jobId,
      studentId,
      studentName: "Ana Ruiz",
      fileId,
      status: "graded",
      score: 5,
      maxScore: 10,
      percent: 50,
      feedback: "Check question 2.",
      gradedAt,
    }),
    db.insert(schema.questionResults).values({
      id: id("qr"),
      submissionId,
      questionNumber: "1",
      keyAnswer: "12",
      studentAnswer: "12",
      pointsAwarded: 5,
      pointsPossible: 5,
    }),
    db
      .insert(schema.gradeEdits)
      .values({ id: id("ged"), teacherId, submissionId, field: "score", oldValue: "4", newValue: "5", editedBy: name }),
    db.insert(schema.notes).values({ id: id("not"), teacherId, studentId, body: "Ana asked for extra practice." }),
    db.insert(schema.conferenceItems).values({
      id: itemId,
      teacherId,
      studentId,
      type: "work_sample",
      title: "Fractions sample",
      date: "2026-11-03",
      r2Key: itemKey,
      fileName: "sample.png",
      fileType: "image/png",
      fileSize: PNG.byteLength,
    }),
    db.insert(schema.googleTokens).values({ teacherId, accessTokenEnc: "ciphertext" }),
    db
      .insert(schema.notifications)
      .values({ id: id("ntf"), teacherId, kind: "grading_finished", key: `job:${jobId}`, title: "Grading finished" }),
    db.insert(schema.contactMessages).values({ id: id("msg"), name, email, type: "support", subject: "Help", message: "How do I export?" }),
    db.insert(schema.accessLog).values({
      id: id("log"),
      teacherId,
      actor: `${name} <${email}>`,
      action: "viewed",
      studentId,
      studentName: "Ana Ruiz",
      target: "Fractions quiz: submission",
    }),
  ]);

  // The job's Durable Object with its event log.
  await jobStub(env, jobId).start({ jobId, teacherId, total: 1 });
  await jobStub(env, jobId).append({ type: "progress", done: 1, failed: 0, total: 1, averageScore: 50 });

  // A failed sign-in (throttle record), a reset link with its mail in the outbox (account token + mail + throttle).
  expect200or401((await postForm("/login", { email, password: "wrong password" })).status);
  await postForm("/forgot-password", { email });
  await waitFor(
    async () => (await env.DB.prepare("select count(*) as n from mail_outbox where to_address = ?").bind(email).first<number>("n")) === 1,
    "the reset mail",
  );

  return {
    ...registered,
    teacherId,
    cookie,
    classId,
    studentId,
    otherStudentId,
    assignmentId,
    jobId,
    submissionId,
    fileId,
    keys: [fileKey, keyFileKey, itemKey],
  };
}

function expect200or401(status: number) {
  if (status !== 401) throw new Error(`expected a refused sign-in, got ${status}`);
}

/** The tables of the database, as the migrations made them (D1's and SQLite's own excluded). */
export async function allTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'd1_migrations' order by name",
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

/**
 * The rows of each table that belong to a teacher: a row belongs when one of its values is the teacher's id or
 * e-mail (or contains the e-mail), or the id of a row that belongs, found again until nothing new turns up.
 */
export async function rowsOf(identifiers: Set<string>, email: string) {
  const tables = await allTables();
  const dump = new Map<string, Record<string, unknown>[]>();
  for (const table of tables) dump.set(table, (await env.DB.prepare(`select * from "${table}"`).all<Record<string, unknown>>()).results);
  const belongs = (row: Record<string, unknown>) =>
    Object.values(row).some((v) => typeof v === "string" && (identifiers.has(v) || v.toLowerCase().includes(email.toLowerCase())));
  for (let grew = true; grew;) {
    grew = false;
    for (const rows of dump.values()) {
      for (const row of rows) {
        if (typeof row.id === "string" && !identifiers.has(row.id) && belongs(row)) {
          identifiers.add(row.id);
          grew = true;
        }
      }
    }
  }
  return Object.fromEntries(tables.map((t) => [t, dump.get(t)!.filter(belongs).length])) as Record<string, number>;
}

export async function objectsUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await env.UPLOADS.list({ prefix, cursor });
    keys.push(...listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return keys;
}

export { api };
