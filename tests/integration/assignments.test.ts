import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ESTIMATED_TIME_MESSAGE, NO_FILES_MESSAGE, POINTS_MESSAGE, TITLE_REQUIRED_MESSAGE } from "~/schemas/assignments";
import { api, registerTeacher, setPlan } from "./helpers";
import { assignmentForm, createAssignment, file, getAssignment, PDF, PNG, processAndWait } from "./assignments-helpers";
import { createAssignment as createAssignmentRecord, filesFromForm, parseAssignmentForm } from "~/server/assignment-uploads.server";
import { getDb } from "../../core/db/client";

async function r2Keys(teacherId: string) {
  const listed = await env.UPLOADS.list({ prefix: `teachers/${teacherId}/` });
  return listed.objects.map((o) => o.key);
}

describe("POST /api/assignments", () => {
  it("creates the assignment with every field, its files in R2 and one submission per student file", async () => {
    const { access_token, user } = await registerTeacher();
    await setPlan(user.id, "professional"); // a rubric is Professional (plan-features.test.ts has the Starter side)
    const { response, body } = await createAssignment(
      access_token,
      {
        description: "Chapter 4",
        instructions: "Show your work",
        dueDate: "2025-03-14T09:30",
        points: "20",
        estimatedTime: "45",
        gradeLevel: "3rd Grade",
        hasAnswerKey: "true",
        hasRubric: "true",
        useManualStudents: "true",
        manualStudentNames: "Ana Diaz\nBen Ode",
        useManualStandards: "true",
        selectedStandards: JSON.stringify(["CCSS.MATH.3.NF.A.1", "", "CCSS.MATH.3.NF.A.1"]),
        requireManualReview: "true",
        saveWithoutProcessing: "true",
        teacher_id: "current_teacher",
      },
      {
        assignment_files: [file(PNG, "first.png"), file(PDF, "second.pdf")],
        batch_files: [file(PNG, "cy park.png")],
        answer_key_files: [file("1. 3/4\n2. 1/2\n", "key.txt")],
        rubric_files: [file(PDF, "rubric.pdf")],
      },
    );
    expect(response.status).toBe(201);
    const { body: got } = await getAssignment(access_token, body.assignment_id!);
    expect(got.assignment).toMatchObject({
      title: "Fractions quiz",
      description: "Chapter 4",
      instructions: "Show your work",
      due_date: "2025-03-14T09:30:00.000Z",
      points: 20,
      estimated_time: 45,
      assignment_type: "quiz",
      subject: "Mathematics",
      grade_level: "3rd Grade",
      processing_mode: "none",
      status: "Draft",
      require_manual_review: true,
      auto_detect_students: false,
      auto_detect_standards: false,
      manual_student_names: ["Ana Diaz", "Ben Ode"],
      selected_standards: ["CCSS.MATH.3.NF.A.1"],
    });
    expect(got.assignment.submissions.map((s: any) => [s.student, s.status, s.max])).toEqual([
      ["Ana Diaz", "pending", 20],
      ["Ben Ode", "pending", 20],
      ["Cy Park", "pending", 20],
    ]);
    // The plain-text key is kept as text; the other four files are in R2 under the teacher's prefix.
    expect(got.assignment.files.map((f: any) => [f.kind, f.file_name, f.content_type])).toEqual([
      ["assignment", "first.png", "image/png"],
      ["assignment", "second.pdf", "application/pdf"],
      ["batch", "cy park.png", "image/png"],
      ["rubric", "rubric.pdf", "application/pdf"],
    ]);
    expect(await r2Keys(user.id)).toHaveLength(4);
    const row = await env.DB.prepare("select answer_key_text from assignments where id = ?")
      .bind(body.assignment_id)
      .first<{ answer_key_text: string }>();
    expect(row?.answer_key_text).toBe("1. 3/4\n2. 1/2");
  });

  it.each([
    [{ title: "" }, TITLE_REQUIRED_MESSAGE],
    [{ points: "0" }, POINTS_MESSAGE],
    [{ estimatedTime: "4" }, ESTIMATED_TIME_MESSAGE],
    [{ estimatedTime: "301" }, ESTIMATED_TIME_MESSAGE],
    [{ assignmentType: "exam" }, "Choose an assignment type"],
  ])("answers 400 with the rule's message for %o and saves nothing", async (fields, message) => {
    const { access_token, user } = await registerTeacher();
    const { response, body } = await createAssignment(access_token, fields);
    expect(response.status).toBe(400);
    expect(body.error).toBe(message);
    expect(await r2Keys(user.id)).toEqual([]);
  });

  it("needs at least one assignment or batch file", async () => {
    const { access_token } = await registerTeacher();
    const { response, body } = await createAssignment(access_token, {}, { assignment_files: [] });
    expect(response.status).toBe(400);
    expect(body.error).toBe(NO_FILES_MESSAGE);
    const batchOnly = await createAssignment(access_token, {}, { assignment_files: [], batch_files: [file(PNG, "a.png")] });
    expect(batchOnly.response.status).toBe(201);
  });

  it("titles an assignment itself when details are skipped", async () => {
    const { access_token } = await registerTeacher();
    const { body } = await createAssignment(access_token, { title: "", skipDetails: "true", subject: "Science", assignmentType: "lab" });
    const { body: got } = await getAssignment(access_token, body.assignment_id!);
    expect(got.assignment.title).toMatch(/^Science Lab - \d{1,2}\/\d{1,2}\/\d{4}$/);
  });

  it("checks file types by content: a renamed text file is refused and nothing is half-saved", async () => {
    const { access_token, user } = await registerTeacher();
    const { response, body } = await createAssignment(
      access_token,
      {},
      {
        assignment_files: [file(PNG, "good.png"), file(PDF, "good.pdf"), file("just text", "photo.png")],
      },
    );
    expect(response.status).toBe(415);
    expect(body.error).toContain('"photo.png"');
    expect(body.error).toContain("not a PDF, Word document or photo");
    expect(await r2Keys(user.id)).toEqual([]);
    const list = (await (await api("/api/assignments", { token: access_token })).json()) as any;
    expect(list.assignments).toEqual([]);
  });

  it("accepts a real PDF named .jpg (content decides) and refuses an empty file", async () => {
    const { access_token } = await registerTeacher();
    const ok = await createAssignment(access_token, {}, { assignment_files: [file(PDF, "scan.jpg")] });
    expect(ok.response.status).toBe(201);
    const empty = await createAssignment(access_token, {}, { assignment_files: [file(new Uint8Array(), "empty.png")] });
    expect(empty.response.status).toBe(415);
    expect(empty.body.error).toContain("empty");
  });

  it("refuses a class that is not the teacher's", async () => {
    const { access_token, user } = await registerTeacher();
    const { response, body } = await createAssignment(access_token, { classId: "no-such-class" });
    expect(response.status).toBe(400);
    expect(body.error).toBe("Class not found.");
    expect(await r2Keys(user.id)).toEqual([]);
  });

  it("removes every stored file when the database write fails", async () => {
    const { user } = await registerTeacher();
    const db = getDb(env.DB);
    db.batch = (() => Promise.reject(new Error("D1 is down"))) as unknown as typeof db.batch;
    const parsed = parseAssignmentForm(assignmentForm({}, { assignment_files: [file(PNG, "a.png"), file(PDF, "b.pdf")] }));
    if (!parsed.ok) throw new Error("form should parse");
    const files = filesFromForm(assignmentForm({}, { assignment_files: [file(PNG, "a.png"), file(PDF, "b.pdf")] }));
    await expect(createAssignmentRecord(env, db, user.id, parsed.value, files)).rejects.toThrow("D1 is down");
    expect(await r2Keys(user.id)).toEqual([]);
  });

  it("takes a class-sized batch in one go (D1 binds at most 100 values a statement)", async () => {
    const { access_token, user } = await registerTeacher();
    await setPlan(user.id, "professional"); // more than 10 files at once is bulk upload, a Professional feature
    const batch = Array.from({ length: 120 }, (_, i) => file(PNG, `student-${i + 1}.png`));
    const { response, body } = await createAssignment(
      access_token,
      { batchUpload: "true", saveWithoutProcessing: "true" },
      { batch_files: batch },
    );
    expect(response.status).toBe(201);
    const { body: got } = await getAssignment(access_token, body.assignment_id!);
    expect(got.assignment.submissions.filter((s: { student: string }) => /^Student \d+$/.test(s.student))).toHaveLength(120);
  });

  it("uses the teacher's settings as defaults for fields an API client leaves out", async () => {
    const { access_token } = await registerTeacher();
    const put = await api("/api/settings", {
      method: "PUT",
      token: access_token,
      json: { default_points: 50, require_manual_review: true },
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as any).settings).toEqual({
      auto_detect_students: true,
      auto_detect_standards: true,
      default_points: 50,
      require_manual_review: true,
      // Page images stay inside Gradewell unless the teacher says otherwise.
      allow_hosted_reading: false,
    });
    const { body } = await createAssignment(access_token);
    const { body: got } = await getAssignment(access_token, body.assignment_id!);
    expect(got.assignment).toMatchObject({ points: 50, require_manual_review: true, auto_detect_students: true });
    const bad = await api("/api/settings", { method: "PUT", token: access_token, json: { default_points: 0 } });
    expect(bad.status).toBe(400);
  });
});

describe("processing", () => {
  it("starts a job for the ungraded work, grades it through the queue, and has nothing left to start afterwards", async () => {
    const { access_token } = await registerTeacher();
    const { body } = await createAssignment(access_token, {}, { assignment_files: [file(PNG, "ana.png"), file(PDF, "ben.pdf")] });
    const { status, jobId } = await processAndWait(access_token, body.assignment_id!);
    expect(status).toBe(202);
    expect(jobId).toBeTruthy();
    const { body: got } = await getAssignment(access_token, body.assignment_id!);
    expect(got.assignment.job).toMatchObject({ id: jobId, total: 2 });
    expect(got.assignment.submissions.every((s: any) => s.processing_status === "graded")).toBe(true);
    expect(got.assignment.status).not.toBe("Draft");
    const again = await api(`/api/document-ai/process/assignment/${body.assignment_id}`, { method: "POST", token: access_token });
    expect(again.status).toBe(409);
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another teacher's assignment everywhere and lists only the teacher's own", async () => {
    const owner = await registerTeacher();
    const stranger = await registerTeacher();
    const { body } = await createAssignment(owner.access_token);
    const id = body.assignment_id!;
    const { body: got } = await getAssignment(owner.access_token, id);
    const fileId = got.assignment.files[0].id;
    for (const [path, method] of [
      [`/api/assignments/${id}`, "GET"],
      [`/api/document-ai/process/assignment/${id}`, "POST"],
      [`/api/exports/assignment/${id}`, "GET"],
      [`/api/files/${fileId}`, "GET"],
    ] as const) {
      expect((await api(path, { method, token: stranger.access_token })).status, path).toBe(404);
    }
    const list = (await (await api("/api/assignments", { token: stranger.access_token })).json()) as any;
    expect(list.assignments).toEqual([]);
    expect((await api(`/api/files/${fileId}`, { token: owner.access_token })).status).toBe(200);
    expect((await api(`/api/assignments/${id}`)).status).toBe(401);
  });
});

describe("list", () => {
  it("lists assignments with status, submissions/total and summary counts, filtered and searched", async () => {
    const { access_token } = await registerTeacher();
    const a = await createAssignment(access_token, { title: "Spelling test", assignmentType: "test", saveWithoutProcessing: "true" });
    const b = await createAssignment(
      access_token,
      { title: "Fractions homework", assignmentType: "homework" },
      { assignment_files: [file(PNG, "x.png"), file(PNG, "y.png")] },
    );
    await processAndWait(access_token, b.body.assignment_id!);
    const all = (await (await api("/api/assignments", { token: access_token })).json()) as any;
    expect(all.summary).toMatchObject({ total: 2, draft: 1 });
    const spelling = all.assignments.find((x: any) => x.id === a.body.assignment_id);
    expect(spelling).toMatchObject({ title: "Spelling test", status: "Draft", submissions: 1, total: 1 });
    const fractions = all.assignments.find((x: any) => x.id === b.body.assignment_id);
    expect(fractions).toMatchObject({ submissions: 2, total: 2, graded: 2 });
    expect(["Active", "Completed"]).toContain(fractions.status);
    const searched = (await (await api("/api/assignments?q=spell", { token: access_token })).json()) as any;
    expect(searched.assignments.map((x: any) => x.title)).toEqual(["Spelling test"]);
    const typed = (await (await api("/api/assignments?type=homework", { token: access_token })).json()) as any;
    expect(typed.assignments.map((x: any) => x.title)).toEqual(["Fractions homework"]);
  });
});

describe("exports", () => {
  it("exports a generic CSV and Canvas's gradebook shape, UTF-8 with BOM and formula injection neutralised", async () => {
    const { access_token } = await registerTeacher();
    const { body } = await createAssignment(
      access_token,
      { title: "Quiz, week 1", points: "10", useManualStudents: "true", manualStudentNames: 'José Núñez\n=HYPERLINK("http://evil")' },
      { assignment_files: [file(PNG, "a.png"), file(PNG, "b.png")] },
    );
    const generic = await api(`/api/exports/assignment/${body.assignment_id}`, { token: access_token });
    expect(generic.status).toBe(200);
    expect(generic.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(generic.headers.get("Content-Disposition")).toContain("attachment");
    const bytes = new Uint8Array(await generic.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Student,Status,Score,Points Possible,Percent,Needs Review,Approved,Graded At,Feedback");
    expect(lines[1]).toBe("José Núñez,pending,,10,,no,no,,");
    expect(lines[2].startsWith(`"'=HYPERLINK(""http://evil"")"`)).toBe(true);

    const canvas = await (await api(`/api/exports/assignment/${body.assignment_id}?format=canvas`, { token: access_token })).text();
    const rows = canvas
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    // Nothing is graded yet: Canvas gets the header only (no Points Possible row unless the teacher confirms it).
    expect(rows).toEqual(['Student,ID,SIS User ID,SIS Login ID,Section,"Quiz, week 1"']);
    const confirmed = await (
      await api(`/api/exports/assignment/${body.assignment_id}?format=canvas&points=confirmed`, { token: access_token })
    ).text();
    expect(confirmed.replace(/^\uFEFF/, "").split("\r\n")[1]).toBe("Points Possible,,,,,10");
    expect((await api(`/api/exports/assignment/${body.assignment_id}?format=xls`, { token: access_token })).status).toBe(400);

    const list = await (await api("/api/exports/assignments", { token: access_token })).text();
    expect(list.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Title,Class,Type,Subject,Due Date,Status,Submissions,Total,Graded,Needs Review,Average Percent",
    );
  });
});
