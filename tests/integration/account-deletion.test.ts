// Delete my account: every table, the bucket and the jobs' Durable Objects hold nothing of the teacher afterwards,
// while another teacher's data is untouched; queued work for the deleted account is dropped.
import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { allowConsoleError } from "../setup/console-error";
import { describe, expect, it } from "vitest";
import { jobStub } from "../../core/jobs/stub";
import { api, postForm } from "./helpers";
import { allTables, objectsUnder, rowsOf, seedTeacher, type SeededTeacher } from "./privacy-helpers";
import worker from "./test-worker";

/** Every table of the schema. A new table fails this test until the deletion (and the seed) cover it. */
const EVERY_TABLE = [
  "access_log",
  "account_tokens",
  "api_tokens",
  "assignment_files",
  "assignments",
  "attendance",
  "classes",
  "conference_items",
  "contact_messages",
  "enrollments",
  "google_tokens",
  "grade_edits",
  "grading_jobs",
  "known_devices",
  "login_attempts",
  "mail_outbox",
  "notes",
  "notifications",
  "question_results",
  "rate_limits",
  "sessions",
  "settings",
  "students",
  "submissions",
  "teachers",
];

async function jobObjectContents(jobId: string) {
  return runInDurableObject(jobStub(env, jobId), async (_instance, state) => ({
    state: state.storage.kv.get("state") ?? null,
    tables: state.storage.sql
      .exec<{ name: string }>("select name from sqlite_master where type = 'table' and name not like '_cf_%' and name not like 'sqlite_%'")
      .toArray()
      .map((r) => r.name),
  }));
}

const identifiersOf = (t: SeededTeacher) => new Set([t.teacherId, t.email]);

describe("delete my account", () => {
  it("refuses without the typed e-mail and the password, and deletes nothing", async () => {
    const teacher = await seedTeacher("Careful Teacher");
    const wrongEmail = await postForm(
      "/settings",
      { intent: "delete-account", confirmEmail: "someone@else.example", currentPassword: teacher.password },
      { cookie: teacher.cookie },
    );
    expect(wrongEmail.status).toBe(400);
    expect(await wrongEmail.text()).toContain("Type your account&#x27;s e-mail address exactly to confirm.");
    const wrongPassword = await postForm(
      "/settings",
      { intent: "delete-account", confirmEmail: teacher.email, currentPassword: "not it" },
      { cookie: teacher.cookie },
    );
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain("Current password is incorrect");
    expect((await api("/api/auth/me", { token: teacher.access_token })).status).toBe(200);
    expect(await objectsUnder(`teachers/${teacher.teacherId}/`)).toHaveLength(3);
  });

  it("leaves 0 rows in every table, 0 objects in the bucket and empty job objects; the other teacher is untouched", async () => {
    const doomed = await seedTeacher("Leaving Teacher");
    const kept = await seedTeacher("Staying Teacher");

    expect(await allTables()).toEqual(EVERY_TABLE);
    const doomedIds = identifiersOf(doomed);
    const before = await rowsOf(doomedIds, doomed.email);
    const keptBefore = await rowsOf(identifiersOf(kept), kept.email);
    // The seed reaches every table, for both teachers, so 0 afterwards means something.
    for (const table of EVERY_TABLE) {
      expect(before[table], `rows of the doomed teacher in ${table}`).toBeGreaterThan(0);
      expect(keptBefore[table], `rows of the kept teacher in ${table}`).toBeGreaterThan(0);
    }
    expect(await objectsUnder(`teachers/${doomed.teacherId}/`)).toHaveLength(3);
    expect((await jobObjectContents(doomed.jobId)).state).not.toBeNull();

    const response = await postForm(
      "/settings",
      { intent: "delete-account", confirmEmail: doomed.email.toUpperCase(), currentPassword: doomed.password },
      { cookie: doomed.cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?deleted=1");
    expect(response.headers.get("Set-Cookie")).toMatch(/gw_session=;.*Max-Age=0/);

    const after = await rowsOf(doomedIds, doomed.email);
    expect(after).toEqual(Object.fromEntries(EVERY_TABLE.map((t) => [t, 0])));
    expect(await rowsOf(identifiersOf(kept), kept.email)).toEqual(keptBefore);

    expect(await objectsUnder(`teachers/${doomed.teacherId}/`)).toEqual([]);
    const everything = await objectsUnder("");
    expect(everything.filter((key) => key.includes(doomed.teacherId))).toEqual([]);
    expect((await objectsUnder(`teachers/${kept.teacherId}/`)).sort()).toEqual([...kept.keys].sort());

    expect(await jobObjectContents(doomed.jobId)).toEqual({ state: null, tables: [] });
    expect((await jobObjectContents(kept.jobId)).state).toMatchObject({ teacherId: kept.teacherId });

    // Work still queued for the deleted account is acknowledged and dropped, and writes nothing anywhere.
    allowConsoleError(); // the consumer logs the drop
    const batch = createMessageBatch("gradewell-grading", [
      {
        id: "queued-1",
        timestamp: new Date(),
        attempts: 1,
        body: { jobId: doomed.jobId, submissionId: doomed.submissionId, teacherId: doomed.teacherId },
      },
    ]);
    const ctx = createExecutionContext();
    await (worker.queue as ExportedHandlerQueueHandler<Env>)(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["queued-1"]);
    expect(result.retryMessages).toEqual([]);
    expect(await jobObjectContents(doomed.jobId)).toEqual({ state: null, tables: [] });
    expect(await rowsOf(doomedIds, doomed.email)).toEqual(after);
    // Signed out everywhere, and the account no longer signs in (the refused sign-in is itself recorded, so it comes last).
    expect((await api("/api/auth/me", { token: doomed.access_token })).status).toBe(401);
    expect((await api("/dashboard", { headers: { Cookie: doomed.cookie } })).status).toBe(302);
    expect((await postForm("/login", { email: doomed.email, password: doomed.password })).status).toBe(401);
    expect((await api("/api/auth/me", { token: kept.access_token })).status).toBe(200);
  });
});

const count = async (sql: string, ...binds: unknown[]) =>
  Number(
    await env.DB.prepare(sql)
      .bind(...binds)
      .first("n"),
  );
const exists = async (key: string) => (await env.UPLOADS.head(key)) !== null;

describe("delete a student, an assignment, a class", () => {
  it("deletes a student with their submissions, results, files, notes and conference items; the log keeps only the deletion", async () => {
    const t = await seedTeacher();
    const [fileKey, keyFileKey, itemKey] = t.keys;
    const other = await seedTeacher();
    expect((await postForm(`/student/${other.studentId}/delete`, {}, { cookie: t.cookie })).status).toBe(404);

    const page = await api(`/student/${t.studentId}/delete`, { headers: { Cookie: t.cookie } });
    expect(await page.text()).toContain("This deletes Ana Ruiz with 1 graded or pending submission");
    const response = await postForm(`/student/${t.studentId}/delete`, {}, { cookie: t.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/students?deleted=Ana%20Ruiz");

    expect(await count("select count(*) as n from students where id = ?", t.studentId)).toBe(0);
    expect(await count("select count(*) as n from submissions where id = ?", t.submissionId)).toBe(0);
    expect(await count("select count(*) as n from question_results where submission_id = ?", t.submissionId)).toBe(0);
    expect(await count("select count(*) as n from grade_edits where submission_id = ?", t.submissionId)).toBe(0);
    expect(await count("select count(*) as n from notes where student_id = ?", t.studentId)).toBe(0);
    expect(await count("select count(*) as n from conference_items where student_id = ?", t.studentId)).toBe(0);
    expect(await count("select count(*) as n from enrollments where student_id = ?", t.studentId)).toBe(0);
    expect(await count("select count(*) as n from attendance where student_id = ?", t.studentId)).toBe(0);
    expect(await count("select count(*) as n from assignment_files where id = ?", t.fileId)).toBe(0);
    expect([await exists(fileKey!), await exists(itemKey!), await exists(keyFileKey!)]).toEqual([false, false, true]);
    const log = await env.DB.prepare("select action, student_name from access_log where student_id = ?").bind(t.studentId).all();
    expect(log.results).toEqual([{ action: "deleted", student_name: "Ana Ruiz" }]);
    // The rest stays: the class, the assignment, the other student, the other teacher's student.
    expect(await count("select count(*) as n from assignments where id = ?", t.assignmentId)).toBe(1);
    expect(await count("select count(*) as n from students where id in (?, ?)", t.otherStudentId, other.studentId)).toBe(2);
  });

  it("deletes an assignment with its submissions, results, files and job, keeping the students", async () => {
    const t = await seedTeacher();
    const [fileKey, keyFileKey, itemKey] = t.keys;
    const other = await seedTeacher();
    expect((await postForm(`/assignment/${other.assignmentId}/delete`, {}, { cookie: t.cookie })).status).toBe(404);

    const response = await postForm(`/assignment/${t.assignmentId}/delete`, {}, { cookie: t.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/assignments?deleted=Fractions%20quiz");
    expect(await count("select count(*) as n from assignments where id = ?", t.assignmentId)).toBe(0);
    expect(await count("select count(*) as n from submissions where assignment_id = ?", t.assignmentId)).toBe(0);
    expect(await count("select count(*) as n from question_results where submission_id = ?", t.submissionId)).toBe(0);
    expect(await count("select count(*) as n from assignment_files where assignment_id = ?", t.assignmentId)).toBe(0);
    expect(await count("select count(*) as n from grading_jobs where id = ?", t.jobId)).toBe(0);
    expect(await jobObjectContents(t.jobId)).toEqual({ state: null, tables: [] });
    expect([await exists(fileKey!), await exists(keyFileKey!), await exists(itemKey!)]).toEqual([false, false, true]);
    expect(await count("select count(*) as n from students where teacher_id = ?", t.teacherId)).toBe(2);
    expect(await count("select count(*) as n from access_log where student_id = ? and action = 'deleted'", t.studentId)).toBe(1);
    expect(await count("select count(*) as n from assignments where id = ?", other.assignmentId)).toBe(1);
  });

  it("deleting a class asks whether its students go too", async () => {
    const t = await seedTeacher();
    const page = await api(`/classes/${t.classId}/details`, { headers: { Cookie: t.cookie } });
    expect(await page.text()).toContain("Also delete its 2 students who are in no other class, with all their work");

    const kept = await seedTeacher();
    await postForm(`/classes/${kept.classId}/details`, { intent: "delete", confirmName: "Math 5A" }, { cookie: kept.cookie });
    expect(await count("select count(*) as n from classes where id = ?", kept.classId)).toBe(0);
    expect(await count("select count(*) as n from students where teacher_id = ?", kept.teacherId)).toBe(2);

    const response = await postForm(
      `/classes/${t.classId}/details`,
      { intent: "delete", confirmName: "Math 5A", deleteStudents: "on" },
      { cookie: t.cookie },
    );
    expect(response.status).toBe(302);
    expect(await count("select count(*) as n from classes where id = ?", t.classId)).toBe(0);
    expect(await count("select count(*) as n from students where teacher_id = ?", t.teacherId)).toBe(0);
    expect(await count("select count(*) as n from submissions where teacher_id = ? and student_id is not null", t.teacherId)).toBe(0);
  });
});
