import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CREATE_ERROR_MESSAGE } from "~/schemas/assignments";
import { api, postForm, registerTeacher, waitFor } from "./helpers";
import {
  assignmentForm,
  createAssignment,
  file,
  getAssignment,
  getPage,
  PNG,
  postMultipart,
  processAndWait,
  signedInCookie,
} from "./assignments-helpers";

async function teacherWithCookie() {
  const teacher = await registerTeacher();
  return { ...teacher, cookie: await signedInCookie(teacher.email, teacher.password) };
}

async function gradedAssignment(token: string, fields: Record<string, string> = {}) {
  const { body } = await createAssignment(
    token,
    { points: "10", useManualStudents: "true", manualStudentNames: "Ana Diaz\nBen Ode", ...fields },
    {
      assignment_files: [file(PNG, "a.png"), file(PNG, "b.png")],
    },
  );
  await processAndWait(token, body.assignment_id!);
  const { body: got } = await getAssignment(token, body.assignment_id!);
  return { id: body.assignment_id!, submissions: got.assignment.submissions as { id: string; student: string }[] };
}

async function addQuestions(submissionId: string) {
  const rows = [
    ["q1", "1", "3/4", "3/4", 1, 1],
    ["q2", "2", "12", "21", 0, 2],
  ] as const;
  for (const [suffix, n, key, answer, awarded, possible] of rows) {
    await env.DB.prepare(
      "insert into question_results (id, submission_id, question_number, key_answer, student_answer, points_awarded, points_possible, reason, confidence, feedback) values (?, ?, ?, ?, ?, ?, ?, 'checked', 0.9, 'ok')",
    )
      .bind(`${submissionId}-${suffix}`, submissionId, n, key, answer, awarded, possible)
      .run();
  }
  await env.DB.prepare("update submissions set score = 1, max_score = 3, percent = 33.3, needs_review = 0 where id = ?")
    .bind(submissionId)
    .run();
}

describe("review and override", () => {
  it("overrides a question's points and feedback, keeps the AI's points and the edit history, and rescores", async () => {
    const t = await teacherWithCookie();
    const { id, submissions } = await gradedAssignment(t.access_token);
    const sub = submissions.find((s) => s.student === "Ana Diaz")!;
    await addQuestions(sub.id);
    const page = `/assignment/${id}/submission/${sub.id}`;
    const response = await postForm(
      page,
      { intent: "question", questionId: `${sub.id}-q2`, points: "5", feedback: "Check the digits" },
      { cookie: t.cookie },
    );
    expect(response.status).toBe(200);
    const { body } = await getAssignment(t.access_token, id);
    const got = body.assignment.submissions.find((s: any) => s.id === sub.id);
    expect(got).toMatchObject({ score: 3, max: 3, percent: 100 });
    expect(got.questions[1]).toMatchObject({
      number: "2",
      key: "12",
      answer: "21",
      points: 2,
      ai_points: 0,
      feedback: "Check the digits",
      edited: true,
    });
    const edits = await env.DB.prepare(
      "select field, question_number, old_value, new_value, edited_by from grade_edits where submission_id = ? order by field",
    )
      .bind(sub.id)
      .all();
    expect(edits.results).toEqual([
      { field: "feedback", question_number: "2", old_value: "ok", new_value: "Check the digits", edited_by: t.user.id },
      { field: "points", question_number: "2", old_value: "0", new_value: "2", edited_by: t.user.id }, // clamped to the question's maximum
    ]);
    const html = await (await getPage(page, t.cookie)).text();
    expect(html).toContain("changed the points on question 2 from 0 to 2");
  });

  it("overrides the grader's score, keeps the AI's score beside it, and exports the teacher's score", async () => {
    const t = await teacherWithCookie();
    const { id, submissions } = await gradedAssignment(t.access_token);
    const sub = submissions[0];
    const page = `/assignment/${id}/submission/${sub.id}`;
    expect((await postForm(page, { intent: "score", score: "7", feedback: "Nice work" }, { cookie: t.cookie })).status).toBe(200);
    expect((await postForm(page, { intent: "score", score: "8.5", feedback: "Nice work" }, { cookie: t.cookie })).status).toBe(200);
    const row = await env.DB.prepare("select score, ai_score, percent, feedback, flags from submissions where id = ?")
      .bind(sub.id)
      .first<any>();
    expect(row).toMatchObject({ score: 8.5, ai_score: 0, percent: 85, feedback: "Nice work" }); // a blank page: the grader gave 0
    expect(JSON.parse(row.flags)).toContain("teacher_scored");
    expect((await postForm(page, { intent: "score", score: "-1" }, { cookie: t.cookie })).status).toBe(400);
    const csv = await (await api(`/api/exports/assignment/${id}`, { token: t.access_token })).text();
    expect(csv).toContain(`${sub.student},graded,8.5,10,85,`);
  });

  it("holds grades as pending under manual review until the teacher approves them", async () => {
    const t = await teacherWithCookie();
    const { id, submissions } = await gradedAssignment(t.access_token, { requireManualReview: "true" });
    const sub = submissions[0];
    const page = `/assignment/${id}/submission/${sub.id}`;
    await postForm(page, { intent: "score", score: "9" }, { cookie: t.cookie });
    let got = (await getAssignment(t.access_token, id)).body.assignment.submissions.find((s: any) => s.id === sub.id);
    expect(got).toMatchObject({ status: "pending", score: null, approved: false });
    let canvas = await (await api(`/api/exports/assignment/${id}?format=canvas`, { token: t.access_token })).text();
    expect(canvas).not.toContain("Diaz, Ana"); // held: no final grade, so not in the file
    expect((await postForm(page, { intent: "approve" }, { cookie: t.cookie })).status).toBe(200);
    got = (await getAssignment(t.access_token, id)).body.assignment.submissions.find((s: any) => s.id === sub.id);
    expect(got).toMatchObject({ status: "graded", score: 9, approved: true, needs_review: false });
    canvas = await (await api(`/api/exports/assignment/${id}?format=canvas`, { token: t.access_token })).text();
    expect(canvas).toContain('"Diaz, Ana",,,,,9\r\n');
  });

  it("lists needs-review work first and approves every grade at once", async () => {
    const t = await teacherWithCookie();
    const { id, submissions } = await gradedAssignment(t.access_token);
    await env.DB.prepare("update submissions set needs_review = 0, score = 5, percent = 50 where id = ?").bind(submissions[0].id).run();
    const html = await (await getPage(`/assignment/${id}`, t.cookie)).text();
    expect(html.indexOf("Ben Ode")).toBeLessThan(html.indexOf("Ana Diaz")); // Ben still needs review
    expect((await postForm(`/assignment/${id}`, { intent: "approve-all" }, { cookie: t.cookie })).status).toBe(200);
    const list = (await (await api("/api/assignments", { token: t.access_token })).json()) as any;
    expect(list.assignments[0]).toMatchObject({ status: "Completed", needs_review: 0 });
  });

  it("grades one question across all students at once", async () => {
    const t = await teacherWithCookie();
    const { id, submissions } = await gradedAssignment(t.access_token);
    for (const s of submissions) await addQuestions(s.id);
    const html = await (await getPage(`/assignment/${id}/question/2`, t.cookie)).text();
    expect(html).toContain("Question 2");
    const fields = Object.fromEntries(
      submissions.flatMap((s) => [
        [`points.${s.id}-q2`, "1.5"],
        [`feedback.${s.id}-q2`, "Half right"],
      ]),
    );
    const response = await postForm(`/assignment/${id}/question/2`, fields, { cookie: t.cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Saved 2 changes.");
    const { body } = await getAssignment(t.access_token, id);
    for (const s of body.assignment.submissions) expect(s).toMatchObject({ score: 2.5, percent: 83.3 });
  });

  it("regrades one submission after the teacher corrects the recognised text", async () => {
    const t = await teacherWithCookie();
    const { id, submissions } = await gradedAssignment(t.access_token);
    const sub = submissions[0];
    const response = await postForm(
      `/assignment/${id}/submission/${sub.id}`,
      { intent: "text", recognizedText: "1. 3/4\n2. 12" },
      { cookie: t.cookie },
    );
    expect(response.status).toBe(302);
    const row = await waitFor(async () => {
      const r = await env.DB.prepare("select status, recognized_text, flags, job_id from submissions where id = ?")
        .bind(sub.id)
        .first<any>();
      return r.status === "graded" ? r : null;
    }, "regrade");
    expect(row.recognized_text).toBe("1. 3/4\n2. 12");
    expect(JSON.parse(row.flags)).toContain("text_corrected");
    const jobs = await env.DB.prepare("select count(*) as n from grading_jobs where assignment_id = ?").bind(id).first<{ n: number }>();
    expect(jobs?.n).toBe(2);
  });

  it("shows an unknown or another teacher's assignment as a not-found page inside the app, with a way back", async () => {
    const owner = await teacherWithCookie();
    const stranger = await teacherWithCookie();
    const { id, submissions } = await gradedAssignment(owner.access_token);
    for (const [path, title] of [
      ["/assignment/no-such-id", "Assignment not found"],
      [`/assignment/${id}`, "Assignment not found"],
      [`/assignment/${id}/question/1`, "Assignment not found"],
      [`/assignment/${id}/submission/${submissions[0].id}`, "Submission not found"],
      ["/jobs/no-such-job", "Grading job not found"],
    ]) {
      const res = await getPage(path, stranger.cookie);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain(`>${title}</h1>`);
      expect(html, path).toContain('aria-label="Main"'); // the app's own navigation around it
      expect(html, path).toMatch(/href="\/(assignments|dashboard)"[^>]*>Back to (Assignments|Dashboard)</);
    }
  });

  it("answers 404 on another teacher's pages and refuses their submissions", async () => {
    const owner = await teacherWithCookie();
    const stranger = await teacherWithCookie();
    const { id, submissions } = await gradedAssignment(owner.access_token);
    expect((await getPage(`/assignment/${id}`, stranger.cookie)).status).toBe(404);
    expect((await getPage(`/assignment/${id}/submission/${submissions[0].id}`, stranger.cookie)).status).toBe(404);
    expect((await getPage(`/assignment/${id}/question/1`, stranger.cookie)).status).toBe(404);
    const before = await env.DB.prepare("select score from submissions where id = ?")
      .bind(submissions[0].id)
      .first<{ score: number | null }>();
    const post = await postForm(
      `/assignment/${id}/submission/${submissions[0].id}`,
      { intent: "score", score: "1" },
      { cookie: stranger.cookie },
    );
    expect(post.status).toBe(404);
    const row = await env.DB.prepare("select score from submissions where id = ?")
      .bind(submissions[0].id)
      .first<{ score: number | null }>();
    expect(row?.score).toBe(before?.score);
  });
});

describe("pages without JavaScript", () => {
  it("renders the create page in the spec's words with the teacher's defaults", async () => {
    const t = await teacherWithCookie();
    await postForm(
      "/settings",
      { autoDetectStudents: "false", autoDetectStandards: "false", requireManualReview: "false", defaultPoints: "25" },
      { cookie: t.cookie },
    );
    const html = await (await getPage("/add-assignment", t.cookie)).text();
    for (const text of [
      "Create New Assignment",
      "Skip details",
      "Show Advanced Options",
      "Process Immediately",
      "Save &amp; Process Later",
      "Save Without Processing",
      "Create &amp; Process Assignment",
      "Assignment Files",
      "Answer Key",
      "Snap Photo",
      "25.00 MB",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).not.toContain("Google Drive Connected");
    expect(html).toMatch(/name="points"[^>]*value="25"/);
    const advanced = await (await getPage("/add-assignment?advanced=1", t.cookie)).text();
    expect(advanced).toContain("Hide Advanced Options");
    expect(advanced).toContain("Student Names Override");
  });

  it("creates and starts processing through the plain form, then redirects to the list with the job", async () => {
    const t = await teacherWithCookie();
    const form = assignmentForm({ processingMode: "immediate", hasAnswerKey: "false" });
    const response = await postMultipart("/add-assignment", form, t.cookie);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/assignments\?created=[a-z0-9]+&job=[a-z0-9]+$/);
    const list = await (await getPage(location, t.cookie)).text();
    expect(list).toContain("Fractions quiz");
    expect(list).toContain("Watch grading live");
  });

  it("shows why nothing was saved when a file is not a document or photo", async () => {
    const t = await teacherWithCookie();
    const response = await postMultipart("/add-assignment", assignmentForm({}, { assignment_files: [file("hello", "x.png")] }), t.cookie);
    expect(response.status).toBe(415);
    const html = await response.text();
    expect(html).toContain(CREATE_ERROR_MESSAGE);
    expect(html).toContain("not a PDF, Word document or photo");
  });

  it("saves the settings page and validates default points", async () => {
    const t = await teacherWithCookie();
    const bad = await postForm("/settings", { defaultPoints: "0" }, { cookie: t.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Points must be at least 1");
    const ok = await postForm(
      "/settings",
      { autoDetectStudents: "on", defaultPoints: "40", requireManualReview: "on", allowHostedReading: "on" },
      { cookie: t.cookie },
    );
    expect(ok.status).toBe(200);
    const settings = (await (await api("/api/settings", { token: t.access_token })).json()) as any;
    expect(settings.settings).toEqual({
      auto_detect_students: true,
      auto_detect_standards: false,
      default_points: 40,
      require_manual_review: true,
      allow_hosted_reading: true,
    });
  });

  it("renders the list with filters and the detail page with its student table", async () => {
    const t = await teacherWithCookie();
    const { id } = await gradedAssignment(t.access_token);
    const list = await (await getPage("/assignments?status=Draft", t.cookie)).text();
    expect(list).toContain("No assignments match");
    const all = await (await getPage("/assignments", t.cookie)).text();
    expect(all).toContain("New Assignment");
    expect(all).toContain(`/assignment/${id}`);
    const detail = await (await getPage(`/assignment/${id}?sort=student&dir=desc`, t.cookie)).text();
    expect(detail.indexOf("Ben Ode")).toBeLessThan(detail.indexOf("Ana Diaz"));
    expect(detail).toContain("Export grades");
  });
});

describe("classes", () => {
  it("shows enrolled students without work as missing and exports the class gradebook in both shapes", async () => {
    const t = await teacherWithCookie();
    const classId = `class-${Date.now()}`;
    await env.DB.batch([
      env.DB.prepare(
        "insert into classes (id, teacher_id, name, subject, grade_level, class_code) values (?, ?, '3B Math', 'Mathematics', '3', 'ABC123')",
      ).bind(classId, t.user.id),
      ...["Ana Diaz", "Ben Ode", "Cy Park"].map((name, i) =>
        env.DB.prepare("insert into students (id, teacher_id, name, email, student_number) values (?, ?, ?, ?, ?)").bind(
          `${classId}-s${i}`,
          t.user.id,
          name,
          `s${i}@school.example`,
          `SIS${i}`,
        ),
      ),
      ...[0, 1, 2].map((i) =>
        env.DB.prepare("insert into enrollments (class_id, student_id) values (?, ?)").bind(classId, `${classId}-s${i}`),
      ),
    ]);
    const { id, submissions } = await gradedAssignment(t.access_token, { classId, title: "Unit 1 quiz" });
    const ana = submissions.find((s) => s.student === "Ana Diaz")!;
    await postForm(`/assignment/${id}/submission/${ana.id}`, { intent: "score", score: "9" }, { cookie: t.cookie });
    await postForm(`/assignment/${id}/submission/${ana.id}`, { intent: "approve" }, { cookie: t.cookie });

    const { body } = await getAssignment(t.access_token, id);
    expect(body.assignment.class_name).toBe("3B Math");
    expect(body.assignment.submissions.map((s: any) => [s.student, s.status, s.student_id])).toEqual([
      ["Ana Diaz", "graded", `${classId}-s0`],
      ["Ben Ode", "graded", `${classId}-s1`],
      ["Cy Park", "missing", `${classId}-s2`],
    ]);
    const list = (await (await api("/api/assignments", { token: t.access_token })).json()) as any;
    expect(list.assignments[0]).toMatchObject({ class: "3B Math", submissions: 2, total: 3 });

    const generic = (await (await api(`/api/exports/class/${classId}`, { token: t.access_token })).text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(generic).toEqual([
      "Student,Email,Student ID,Unit 1 quiz (10)",
      `Ana Diaz,s0@school.example,SIS0,9`,
      `Ben Ode,s1@school.example,SIS1,0`, // a blank page, graded 0 by the grader (and flagged for review)
      `Cy Park,s2@school.example,SIS2,missing`, // handed nothing in (issue 34: not a blank, which means not graded yet)
    ]);
    const canvas = (await (await api(`/api/exports/class/${classId}?format=canvas`, { token: t.access_token })).text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    // Canvas: plain title, ID blank, the SIS id; only Ana's grade is final (Ben's is flagged for review, Cy has none).
    expect(canvas).toEqual(["Student,ID,SIS User ID,SIS Login ID,Section,Unit 1 quiz", `"Diaz, Ana",,SIS0,,3B Math,9`]);
    const stranger = await registerTeacher();
    expect((await api(`/api/exports/class/${classId}`, { token: stranger.access_token })).status).toBe(404);
  });
});
