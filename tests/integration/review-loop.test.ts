// The review loop through the JSON API, inside workerd with the real queue, grading worker and Durable Object:
// a job that ends with failures says so; failed work is retried without uploading it again; a teacher's
// override survives a regrade (unless the teacher chooses otherwise); a paper is linked and relinked to a student.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startJob } from "../../app/server/jobs.server";
import { createAssignment, file, getAssignment } from "./assignments-helpers";
import { api, registerTeacher, waitFor } from "./helpers";
import { seedJob as seedJobRows, worksheetPdf } from "./seeded-jobs";

const CORRUPT = new TextEncoder().encode("%PDF-1.7\nthis is not really a PDF at all") as Uint8Array<ArrayBuffer>;

/** A seeded job (seeded-jobs.ts), started as the app starts one. */
async function seedJob(teacherId: string, files: { name: string; bytes: Uint8Array<ArrayBuffer> }[], classId: string | null = null) {
  const seeded = await seedJobRows(teacherId, files, { prefix: "rl-", classId });
  await startJob(env, { jobId: seeded.jobId, teacherId, submissionIds: seeded.submissionIds });
  return seeded;
}

async function jobEnd(token: string, jobId: string) {
  return waitFor(async () => {
    const body = (await (await api(`/api/v2/grading/job/${jobId}`, { token })).json()) as any;
    return body.status !== "processing" ? body : null;
  }, `job ${jobId} to end`);
}

async function assignmentJson(token: string, id: string) {
  return ((await (await api(`/api/assignments/${id}`, { token })).json()) as { assignment: any }).assignment;
}

describe("the review loop through the API", () => {
  it("ends a job with failures as completed_with_failures, averaging graded work only, and retries the failed one without re-upload", async () => {
    const { user, access_token: token } = await registerTeacher();
    const { jobId, assignmentId, submissionIds, keys } = await seedJob(user.id, [
      { name: "Ana.pdf", bytes: await worksheetPdf("Ana Diaz", ["96", "1", "1/2", "83"]) },
      { name: "Broken.pdf", bytes: CORRUPT },
    ]);
    const end = await jobEnd(token, jobId);
    expect(end).toMatchObject({
      status: "completed",
      outcome: "completed_with_failures",
      progress: { done: 2, failed: 1, graded: 1, total: 2 },
      results: { average_score: 100, graded: 1, failed: 1 },
    });

    const before = await assignmentJson(token, assignmentId);
    const broken = before.submissions.find((s: any) => s.id === submissionIds[1]);
    expect(broken).toMatchObject({ status: expect.any(String), file_id: `${jobId}-f1`, file_name: "Broken.pdf" });
    const ana = before.submissions.find((s: any) => s.id === submissionIds[0]);
    expect(ana.questions[0]).toMatchObject({ number: "1", needs_review: false, review_reason: null });

    // Nothing ungraded is left, but the failed paper can be retried from its stored file.
    expect((await api(`/api/document-ai/process/assignment/${assignmentId}`, { method: "POST", token })).status).toBe(409);
    await env.UPLOADS.put(keys[1]!, await worksheetPdf("Ben Ode", ["96", "2", "1/2", "83"])); // the storage hiccup is over
    const retry = await api(`/api/assignments/${assignmentId}/retry-failed`, { method: "POST", token });
    expect(retry.status).toBe(202);
    const { job_id: retryJob, total } = (await retry.json()) as { job_id: string; total: number };
    expect(total).toBe(1);
    expect(await jobEnd(token, retryJob)).toMatchObject({ status: "completed", outcome: "completed", results: { graded: 1, failed: 0 } });
    const after = await assignmentJson(token, assignmentId);
    const ben = after.submissions.find((s: any) => s.id === submissionIds[1]);
    expect(ben.processing_status ?? ben.status).not.toBe("failed");
    expect(ben.score).toBe(6);
    expect((await api(`/api/assignments/${assignmentId}/retry-failed`, { method: "POST", token })).status).toBe(409);
  });

  it("keeps a teacher's question override through a regrade of corrected text, and drops it when asked", async () => {
    const { user, access_token: token } = await registerTeacher();
    const { jobId, assignmentId, submissionIds } = await seedJob(user.id, [
      { name: "Cleo.pdf", bytes: await worksheetPdf("Cleo Park", ["96", "2", "1/3", "83"]) },
    ]);
    await jobEnd(token, jobId);
    const id = submissionIds[0]!;
    expect((await assignmentJson(token, assignmentId)).submissions[0].score).toBe(4);

    const override = await api(`/api/submissions/${id}/questions/2`, {
      method: "PATCH",
      token,
      json: { points: 1, feedback: "Half credit: good method." },
    });
    expect(override.status).toBe(200);
    expect(((await override.json()) as any).submission.score).toBe(5);

    // The teacher corrects the reading of question 3 and regrades: question 3 is now right, question 2 keeps the override.
    const regrade = await api(`/api/submissions/${id}/regrade`, {
      token,
      json: { recognized_text: "Name: Cleo Park\n1. 96\n2. 2\n3. 1/2\n4. 83" },
    });
    expect(regrade.status).toBe(202);
    await jobEnd(token, ((await regrade.json()) as { job_id: string }).job_id);
    let sub = (await assignmentJson(token, assignmentId)).submissions[0];
    expect(sub.score).toBe(7);
    expect(sub.questions.find((q: any) => q.number === "2")).toMatchObject({
      points: 1,
      ai_points: 0,
      edited: true,
      feedback: "Half credit: good method.",
    });
    expect(sub.questions.find((q: any) => q.number === "3")).toMatchObject({ points: 2, edited: false });

    const fresh = await api(`/api/submissions/${id}/regrade`, { token, json: { keep_overrides: false } });
    expect(fresh.status).toBe(202);
    await jobEnd(token, ((await fresh.json()) as { job_id: string }).job_id);
    sub = (await assignmentJson(token, assignmentId)).submissions[0];
    expect(sub.score).toBe(6);
    expect(sub.questions.find((q: any) => q.number === "2")).toMatchObject({ points: 0, edited: false });

    // Another teacher cannot touch it.
    const other = await registerTeacher();
    expect(
      (await api(`/api/submissions/${id}/questions/2`, { method: "PATCH", token: other.access_token, json: { points: 2 } })).status,
    ).toBe(404);
    expect((await api(`/api/submissions/${id}/regrade`, { token: other.access_token, json: {} })).status).toBe(404);
  });

  it("offers likely roster matches for a paper and links, then relinks, it to a student", async () => {
    const { user, access_token: token } = await registerTeacher();
    const classId = `rl-class-${user.id}`;
    await env.DB.prepare(
      "INSERT INTO classes (id, teacher_id, name, subject, grade_level, class_code) VALUES (?, ?, 'Period 2', 'Mathematics', '5th Grade', ?)",
    )
      .bind(classId, user.id, `C${Date.now() % 10000000}`)
      .run();
    for (const [sid, name] of [
      [`rl-st-${user.id}-1`, "Daniela Ruiz"],
      [`rl-st-${user.id}-2`, "Dan Smith"],
      [`rl-st-${user.id}-3`, "Priya Shah"],
    ]) {
      await env.DB.prepare("INSERT INTO students (id, teacher_id, name) VALUES (?, ?, ?)").bind(sid, user.id, name).run();
      await env.DB.prepare("INSERT INTO enrollments (class_id, student_id) VALUES (?, ?)").bind(classId, sid).run();
    }
    const { jobId, assignmentId, submissionIds } = await seedJob(
      user.id,
      [{ name: "scan-001.pdf", bytes: await worksheetPdf("Dan Ruiz", ["96", "1", "1/2", "83"]) }],
      classId,
    );
    await jobEnd(token, jobId);
    const id = submissionIds[0]!;
    const matches = (await (await api(`/api/submissions/${id}/student`, { token })).json()) as { matches: { id: string; name: string }[] };
    expect(matches.matches[0]).toMatchObject({ id: `rl-st-${user.id}-1`, name: "Daniela Ruiz" });

    const link = await api(`/api/submissions/${id}/student`, { method: "PUT", token, json: { student_id: `rl-st-${user.id}-1` } });
    expect(link.status).toBe(200);
    let a = await assignmentJson(token, assignmentId);
    expect(a.submissions.find((s: any) => s.id === id)).toMatchObject({ student: "Daniela Ruiz", student_id: `rl-st-${user.id}-1` });

    const relink = await api(`/api/submissions/${id}/student`, { method: "PUT", token, json: { student_id: `rl-st-${user.id}-3` } });
    expect(relink.status).toBe(200);
    a = await assignmentJson(token, assignmentId);
    expect(a.submissions.find((s: any) => s.id === id)).toMatchObject({ student: "Priya Shah", student_id: `rl-st-${user.id}-3` });

    const other = await registerTeacher();
    expect((await api(`/api/submissions/${id}/student`, { method: "PUT", token, json: { student_id: "no-such-student" } })).status).toBe(
      404,
    );
    expect(
      (
        await api(`/api/submissions/${id}/student`, {
          method: "PUT",
          token: other.access_token,
          json: { student_id: `rl-st-${user.id}-1` },
        })
      ).status,
    ).toBe(404);
  });

  it("links papers to the roster by the name on them, accents, order and one misread letter allowed, and flags the rest", async () => {
    const { user, access_token: token } = await registerTeacher();
    const classId = `rl-names-${user.id}`;
    await env.DB.prepare(
      "INSERT INTO classes (id, teacher_id, name, subject, grade_level, class_code) VALUES (?, ?, 'Period 3', 'Mathematics', '5th Grade', ?)",
    )
      .bind(classId, user.id, `N${Date.now() % 10000000}`)
      .run();
    const roster = ["Ana María López", "Jordan Smith", "Jamie Smith", "Daniela Ruiz"];
    for (const [i, name] of roster.entries()) {
      await env.DB.prepare("INSERT INTO students (id, teacher_id, name) VALUES (?, ?, ?)")
        .bind(`rl-n-${user.id}-${i}`, user.id, name)
        .run();
      await env.DB.prepare("INSERT INTO enrollments (class_id, student_id) VALUES (?, ?)").bind(classId, `rl-n-${user.id}-${i}`).run();
    }
    const written = ["Lopez, Ana Maria", "Smith, Jordan", "Danieia Ruiz", "J. Smith"];
    const files = await Promise.all(
      written.map(async (name, i) => ({ name: `scan-${i}.pdf`, bytes: await worksheetPdf(name, ["96", "1", "1/2", "83"]) })),
    );
    const { jobId, assignmentId, submissionIds } = await seedJob(user.id, files, classId);
    await jobEnd(token, jobId);
    const papers = (await assignmentJson(token, assignmentId)).submissions as any[];
    const paper = (i: number) => papers.find((s) => s.id === submissionIds[i]);
    expect(paper(0)).toMatchObject({ student: "Ana María López", student_id: `rl-n-${user.id}-0` });
    expect(paper(1)).toMatchObject({ student: "Jordan Smith", student_id: `rl-n-${user.id}-1` });
    expect(paper(2)).toMatchObject({ student: "Daniela Ruiz", student_id: `rl-n-${user.id}-3` });
    // Two Smiths fit "J. Smith" equally: the paper waits for the teacher, with both offered.
    expect(paper(3)).toMatchObject({ student: "J. Smith", student_id: null, needs_review: true });
    expect(paper(3).review_notes.join(" ")).toContain("likely Jamie Smith, Jordan Smith");
    const matches = (await (await api(`/api/submissions/${submissionIds[3]}/student`, { token })).json()) as {
      matches: { name: string }[];
    };
    expect(matches.matches.map((m) => m.name).sort()).toEqual(["Jamie Smith", "Jordan Smith"]);
  });

  it("keeps an uploaded answer key file even without hasAnswerKey: having a key file means having a key", async () => {
    const { access_token: token } = await registerTeacher();
    const { response, body } = await createAssignment(
      token,
      { processLater: "true" },
      { answer_key_files: [file("1. 3/4\n2. 1/2\n", "key.txt")] },
    );
    expect(response.status).toBe(201);
    const { body: got } = await getAssignment(token, body.assignment_id!);
    expect(got.assignment.has_answer_key).toBe(true);
  });
});
