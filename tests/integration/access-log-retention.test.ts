// The access log (an entry for each action, shown on the profile and in Settings, kept one year) and the daily
// retention clean-up of uploaded student work (grades and feedback stay).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, postForm } from "./helpers";
import { seedTeacher } from "./privacy-helpers";
import worker from "./test-worker";

type Entry = { action: string; student_id: string | null; student_name: string; target: string; actor: string };

async function entries(teacherId: string): Promise<Entry[]> {
  const { results } = await env.DB.prepare(
    "select action, student_id, student_name, target, actor from access_log where teacher_id = ? order by at, rowid",
  )
    .bind(teacherId)
    .all<Entry>();
  return results;
}

async function runDailyCron() {
  const ctx = createExecutionContext();
  await (worker.scheduled as (c: ScheduledController, e: Env, x: ExecutionContext) => Promise<void>)(createScheduledController(), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("access log", () => {
  it("records views, overrides, regrades and exports of a student's work, and shows them", async () => {
    const t = await seedTeacher("Logging Teacher");
    await env.DB.prepare("delete from access_log where teacher_id = ?").bind(t.teacherId).run();
    const submissionPage = `/assignment/${t.assignmentId}/submission/${t.submissionId}`;
    const cookie = { headers: { Cookie: t.cookie } };

    expect((await api(submissionPage, cookie)).status).toBe(200);
    expect((await postForm(submissionPage, { intent: "score", score: "7", feedback: "Better." }, { cookie: t.cookie })).status).toBe(200);
    expect((await postForm(submissionPage, { intent: "text", recognizedText: "1. 12\n2. 7" }, { cookie: t.cookie })).status).toBe(302);
    expect((await api(`/api/exports/assignment/${t.assignmentId}`, cookie)).status).toBe(200);
    expect((await api(`/api/exports/class/${t.classId}`, cookie)).status).toBe(200);
    expect((await api(`/student/${t.studentId}`, cookie)).status).toBe(200);

    const logged = await entries(t.teacherId);
    expect(logged.map((e) => [e.action, e.student_id, e.target])).toEqual([
      ["viewed", t.studentId, "Fractions quiz: submission"],
      ["overrode", t.studentId, "Fractions quiz: submission"],
      ["viewed", t.studentId, "Fractions quiz: submission"], // the page shown again after saving
      ["regraded", t.studentId, "Fractions quiz: submission"],
      ["exported", t.studentId, "Fractions quiz: grades (CSV)"],
      ...[t.studentId, t.otherStudentId].sort().map((id) => ["exported", id, "Math 5A: gradebook (CSV)"]),
      ["viewed", t.studentId, "Student profile"],
    ]);
    expect(new Set(logged.map((e) => e.actor))).toEqual(new Set([`Logging Teacher <${t.email}>`]));

    const profile = await (await api(`/student/${t.studentId}`, cookie)).text();
    expect(profile).toContain("Access log");
    expect(profile).toContain(`Logging Teacher &lt;${t.email}&gt; changed the grade of fractions quiz: submission`);
    const settings = await (await api("/settings", cookie)).text();
    expect(settings).toContain(`Logging Teacher &lt;${t.email}&gt; exported Ben Okafor&#x27;s math 5A: gradebook (CSV)`);

    // Another teacher's profile answers 404 and logs nothing.
    const other = await seedTeacher();
    expect((await api(`/student/${other.studentId}`, cookie)).status).toBe(404);
    expect((await entries(t.teacherId)).length).toBe(logged.length + 1);
  });

  it("is kept for one year", async () => {
    const t = await seedTeacher();
    const yearAndADay = Date.now() - 366 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("update access_log set at = ? where teacher_id = ?").bind(yearAndADay, t.teacherId).run();
    await env.DB.prepare(
      "insert into access_log (id, teacher_id, actor, action, student_id, student_name, target, at) values (?, ?, 'x', 'viewed', ?, 'Ana Ruiz', 'recent', ?)",
    )
      .bind(`recent-${t.teacherId}`, t.teacherId, t.studentId, Date.now() - 364 * 24 * 60 * 60 * 1000)
      .run();
    await runDailyCron();
    expect((await entries(t.teacherId)).map((e) => e.target)).toEqual(["recent"]);
  });
});

describe("retention", () => {
  it("deletes uploaded student work N days after grading, keeping grades and feedback; off by default", async () => {
    const t = await seedTeacher(); // its submission was graded 40 days ago
    const off = await seedTeacher();
    const [fileKey, keyFileKey, itemKey] = t.keys;
    const saved = await postForm("/settings", { intent: "retention", retentionDays: "30" }, { cookie: t.cookie });
    expect(await saved.text()).toContain("Retention saved.");
    const bad = await postForm("/settings", { intent: "retention", retentionDays: "7" }, { cookie: t.cookie });
    expect(bad.status).toBe(400);

    // A second submission graded yesterday keeps its photo.
    const recentKey = `teachers/${t.teacherId}/batch/recent/work.png`;
    await env.UPLOADS.put(recentKey, "recent photo");
    await env.DB.batch([
      env.DB.prepare(
        "insert into assignment_files (id, teacher_id, assignment_id, kind, r2_key, file_name, content_type, size) values (?, ?, ?, 'batch', ?, 'work.png', 'image/png', 12)",
      ).bind(`recent-file-${t.teacherId}`, t.teacherId, t.assignmentId, recentKey),
      env.DB.prepare(
        "insert into submissions (id, teacher_id, assignment_id, student_id, student_name, file_id, status, score, graded_at) values (?, ?, ?, ?, 'Ben Okafor', ?, 'graded', 9, ?)",
      ).bind(
        `recent-sub-${t.teacherId}`,
        t.teacherId,
        t.assignmentId,
        t.otherStudentId,
        `recent-file-${t.teacherId}`,
        Date.now() - 86_400_000,
      ),
    ]);

    await runDailyCron();

    expect(await env.UPLOADS.head(fileKey!)).toBeNull();
    expect(await env.UPLOADS.head(recentKey)).not.toBeNull();
    expect(await env.UPLOADS.head(keyFileKey!)).not.toBeNull(); // the teacher's answer key
    expect(await env.UPLOADS.head(itemKey!)).not.toBeNull(); // a conference folder item
    const graded = await env.DB.prepare("select file_id, score, feedback, status from submissions where id = ?")
      .bind(t.submissionId)
      .first();
    expect(graded).toEqual({ file_id: null, score: 5, feedback: "Check question 2.", status: "graded" });
    expect(await env.DB.prepare("select count(*) as n from assignment_files where id = ?").bind(t.fileId).first("n")).toBe(0);
    expect(await env.DB.prepare("select count(*) as n from question_results where submission_id = ?").bind(t.submissionId).first("n")).toBe(
      1,
    );
    // The teacher who left it off keeps everything.
    expect(await env.UPLOADS.head(off.keys[0]!)).not.toBeNull();
  });
});
