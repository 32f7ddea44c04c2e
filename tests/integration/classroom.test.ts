// Google Classroom through the real worker against the fake Classroom of tests/mocks (REST v1 on loopback, on the
// fake Google's origin): connect, import a course and its roster, import coursework with turned-in work, send
// grades back, and every refusal.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, ORIGIN } from "./helpers";
import { processAndWait } from "./assignments-helpers";
import { KEY, worksheetPdf } from "./seeded-jobs";
import { classroomTeacher, control, googleDoc, pdfFile, roster, seedCourse, throughGoogle } from "./classroom-helpers";

const json = (r: Response) => r.json() as Promise<any>;
const fakeState = () => control<{ courseWork: any[]; submissions: any[]; writes: number }>("classroom");

async function importCourse(token: string, courseId: string, body: Record<string, unknown> = {}) {
  return api(`/api/classroom/courses/${courseId}/import`, { token, json: body });
}

async function importWork(token: string, courseId: string, courseWorkId: string) {
  return api(`/api/classroom/courses/${courseId}/coursework/${courseWorkId}/import`, { method: "POST", token });
}

async function studentsOf(teacherId: string) {
  const { results } = await env.DB.prepare("select name, email, google_user_id from students where teacher_id = ? order by name")
    .bind(teacherId)
    .all<{ name: string; email: string; google_user_id: string | null }>();
  return results;
}

describe("Google Classroom: connect and import a course", () => {
  it("asks for the Classroom scopes only when connecting, on top of what was granted", async () => {
    const teacher = await classroomTeacher({ connect: false });
    const { authorize } = await throughGoogle("/auth/google?intent=classroom", teacher.cookie);
    const scopes = authorize.searchParams.get("scope")!.split(" ");
    expect(scopes).toContain("https://www.googleapis.com/auth/classroom.rosters.readonly");
    expect(scopes).toContain("https://www.googleapis.com/auth/classroom.coursework.students");
    expect(authorize.searchParams.get("include_granted_scopes")).toBe("true");
    const signIn = await api("/auth/google?intent=login");
    expect(new URL(signIn.headers.get("Location")!).searchParams.get("scope")).toBe("openid email profile");
  });

  it("makes a class with the roster (names, e-mails, Google ids); importing again updates it and duplicates no one", async () => {
    const teacher = await classroomTeacher();
    // A student the teacher already has, known by e-mail: the import adopts them.
    const names = ["Ana Diaz", "Ben Okafor", "Chloe Martin"];
    const students = roster("u1", names);
    const existing = await api("/api/students", { token: teacher.access_token, json: { name: "Ana D.", email: students[0].email } });
    expect(existing.status).toBe(201);
    await control("classroom/page-size", { pageSize: 2 }); // the roster arrives over two pages
    const courseId = await seedCourse(teacher.googleEmail, "Algebra 1", students);

    const listed = await json(await api("/api/classroom/courses", { token: teacher.access_token }));
    expect(listed.courses).toEqual([{ id: courseId, name: "Algebra 1", section: "Period 2", class_id: null, class_name: null }]);
    const first = await importCourse(teacher.access_token, courseId, { subject: "Mathematics", grade_level: "8" });
    expect(first.status).toBe(200);
    const made = await json(first);
    expect(made).toMatchObject({ className: "Algebra 1 (Period 2)", created: true, added: 3, total: 3 });
    expect(await studentsOf(teacher.user.id)).toEqual([
      { name: "Ana Diaz", email: students[0].email, google_user_id: "u1100" },
      { name: "Ben Okafor", email: students[1].email, google_user_id: "u1101" },
      { name: "Chloe Martin", email: students[2].email, google_user_id: "u1102" },
    ]);

    // In Classroom: Ben changes his name and a fourth student joins.
    const changed = [students[0], { ...students[1], fullName: "Benjamin Okafor" }, students[2], ...roster("u2", ["Dev Patel"])];
    await control("classroom/students", { courseId, students: changed });
    const again = await json(await importCourse(teacher.access_token, courseId));
    expect(again).toMatchObject({ classId: made.classId, created: false, added: 1, updated: 1, total: 4 });
    const after = await studentsOf(teacher.user.id);
    expect(after.map((s) => s.name)).toEqual(["Ana Diaz", "Benjamin Okafor", "Chloe Martin", "Dev Patel"]);
    const klass = await json(await api(`/api/classes/${made.classId}`, { token: teacher.access_token }));
    expect(JSON.stringify(klass)).toContain("Benjamin Okafor");
    await control("classroom/page-size", { pageSize: 30 });
  });

  it("links a course to an existing class; Starter teachers get the upgrade message", async () => {
    const teacher = await classroomTeacher();
    const klass = await json(
      await api("/api/classes", { token: teacher.access_token, json: { name: "Period 5", subject: "Science", grade_level: "7" } }),
    );
    const classId = klass.class?.id ?? klass.id;
    const courseId = await seedCourse(teacher.googleEmail, "Biology", roster("u3", ["Eve Stone"]));
    const linked = await json(await importCourse(teacher.access_token, courseId, { class_id: classId }));
    expect(linked).toMatchObject({ classId, className: "Period 5", created: false, added: 1 });

    const starter = await classroomTeacher({ plan: "starter" });
    const refused = await api("/api/classroom/courses", { token: starter.access_token });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatch(
      /^Google Classroom integration .* is part of the Professional plan; you are on the Starter plan\./,
    );
    // The page explains it with the upgrade link instead of a Connect button.
    const pageHtml = await (await SELF.fetch(`${ORIGIN}/classroom`, { headers: { Cookie: starter.cookie } })).text();
    expect(pageHtml).toContain("Google Classroom integration is part of the Professional plan");
    expect(pageHtml).toContain('href="/pricing"');
    expect(pageHtml).not.toContain("Connect Google Classroom");
  });
});

describe("Google Classroom: coursework in, grades back", () => {
  async function courseWithWork(options: { byGradewell: boolean }) {
    const teacher = await classroomTeacher();
    const students = roster(`w${Date.now() % 100000}`, ["Ana Diaz", "Ben Okafor", "Chloe Martin", "Dev Patel"]);
    const courseId = await seedCourse(teacher.googleEmail, "Math 7", students);
    const work = await control<{ id: string; submissions: { id: string; userId: string }[] }>("classroom/coursework", {
      courseId,
      title: "Fractions check-in",
      maxPoints: 20,
      associatedWithDeveloperProject: options.byGradewell,
      submissions: [
        { userId: students[0].userId, state: "TURNED_IN", files: [await pdfFile("Ana Diaz", ["96", "1", "1/2", "83"])] },
        { userId: students[1].userId, state: "TURNED_IN", late: true, files: [await googleDoc("Ben Okafor", ["96", "1", "1/2", "80"])] },
        { userId: students[2].userId, state: "TURNED_IN", files: [await pdfFile("Chloe Martin", ["90", "1", "1/2", "83"])] },
        { userId: students[3].userId, state: "CREATED" }, // not turned in: missing
      ],
    });
    expect((await importCourse(teacher.access_token, courseId)).status).toBe(200);
    return { teacher, students, courseId, work };
  }

  it("imports turned-in work linked to students, shows late and missing, sends draft grades, returns them, and resends nothing unchanged", async () => {
    const { teacher, students, courseId, work } = await courseWithWork({ byGradewell: true });
    const listed = await json(await api(`/api/classroom/courses/${courseId}/coursework`, { token: teacher.access_token }));
    expect(listed.coursework).toEqual([
      { id: work.id, title: "Fractions check-in", max_points: 20, created_by_gradewell: true, assignment_id: null },
    ]);
    const imported = await importWork(teacher.access_token, courseId, work.id);
    expect(imported.status).toBe(200);
    const result = await json(imported);
    expect(result).toMatchObject({ created: true, imported: 3, late: 1, missing: 1 });

    const detail = await json(await api(`/api/assignments/${result.assignmentId}`, { token: teacher.access_token }));
    expect(JSON.stringify(detail)).toContain("Fractions check-in");
    const overview = await json(await api(`/api/classroom/assignments/${result.assignmentId}`, { token: teacher.access_token }));
    expect(overview).toMatchObject({ inClassroom: true, owned: true, hasKey: false });
    expect(overview.rows.map((r: any) => [r.student, r.late, r.sync])).toEqual([
      ["Ana Diaz", false, null],
      ["Ben Okafor", true, null],
      ["Chloe Martin", false, null],
    ]);
    const { results: files } = await env.DB.prepare(
      "select file_name, content_type from assignment_files where assignment_id = ? order by file_name",
    )
      .bind(result.assignmentId)
      .all();
    expect(files.map((f: any) => f.content_type)).toContain("application/vnd.openxmlformats-officedocument.wordprocessingml.document");

    // The key, then grading as usual.
    const keyed = await api(`/api/classroom/assignments/${result.assignmentId}`, {
      token: teacher.access_token,
      json: { action: "key", answer_key_text: KEY },
    });
    expect(keyed.status).toBe(200);
    await processAndWait(teacher.access_token, result.assignmentId);
    // After review: the teacher approves the grades.
    expect((await api(`/api/assignments/${result.assignmentId}/approve-all`, { method: "POST", token: teacher.access_token })).status).toBe(
      200,
    );
    const graded = await json(await api(`/api/assignments/${result.assignmentId}`, { token: teacher.access_token }));
    expect(JSON.stringify(graded)).toContain("graded");

    // Importing again brings nothing twice; work turned in since comes in.
    const again = await json(await importWork(teacher.access_token, courseId, work.id));
    expect(again).toMatchObject({ created: false, imported: 0 });

    const draft = await json(
      await api(`/api/classroom/assignments/${result.assignmentId}`, { token: teacher.access_token, json: { action: "draft" } }),
    );
    expect(draft.result).toMatchObject({ sent: 3, failed: 0 });
    let remote = (await fakeState()).submissions.filter((s: any) => s.courseWorkId === work.id);
    const ana = remote.find((s: any) => s.userId.endsWith("100"));
    expect(ana.draftGrade).toBe(20); // 4 of 4 right: 100% of 20 points
    expect(ana.assignedGrade).toBeUndefined();
    expect(draft.rows.every((r: any) => r.sync === "draft")).toBe(true);

    const writes = (await fakeState()).writes;
    const same = await json(
      await api(`/api/classroom/assignments/${result.assignmentId}`, { token: teacher.access_token, json: { action: "draft" } }),
    );
    expect(same.result).toMatchObject({ sent: 0, unchanged: 3 });
    expect((await fakeState()).writes).toBe(writes);

    const returned = await json(
      await api(`/api/classroom/assignments/${result.assignmentId}`, { token: teacher.access_token, json: { action: "return" } }),
    );
    expect(returned.result).toMatchObject({ sent: 3 });
    remote = (await fakeState()).submissions.filter((s: any) => s.courseWorkId === work.id);
    const back = remote.filter((s: any) => s.state === "RETURNED");
    expect(back).toHaveLength(3);
    expect(back.every((s: any) => s.assignedGrade === s.draftGrade && typeof s.assignedGrade === "number")).toBe(true);
    expect(returned.rows.every((r: any) => r.sync === "returned")).toBe(true);
    const returnedAgain = await json(
      await api(`/api/classroom/assignments/${result.assignmentId}`, { token: teacher.access_token, json: { action: "return" } }),
    );
    expect(returnedAgain.result).toMatchObject({ sent: 0, unchanged: 3 });

    // Dev turns his work in late: importing again brings in his paper alone, linked to him.
    await control("classroom/turn-in", {
      courseWorkId: work.id,
      userId: students[3].userId,
      late: true,
      files: [await pdfFile("Dev Patel", ["96"])],
    });
    const later = await json(await importWork(teacher.access_token, courseId, work.id));
    expect(later).toMatchObject({ assignmentId: result.assignmentId, created: false, imported: 1, late: 1, missing: 0 });
    const rows = (await json(await api(`/api/classroom/assignments/${result.assignmentId}`, { token: teacher.access_token }))).rows;
    expect(rows.map((r: any) => [r.student, r.late])).toContainEqual(["Dev Patel", true]);
    expect(rows).toHaveLength(4);
  });

  it("refuses grades for coursework Gradewell did not create, offering the gradebook file; posts its own coursework instead", async () => {
    const { teacher, courseId, work } = await courseWithWork({ byGradewell: false });
    const { assignmentId } = await json(await importWork(teacher.access_token, courseId, work.id));
    const refused = await api(`/api/classroom/assignments/${assignmentId}`, { token: teacher.access_token, json: { action: "draft" } });
    expect(refused.status).toBe(409);
    const body = await json(refused);
    expect(body.error).toMatch(/only on coursework that the app created.*Download the gradebook file instead\./);
    expect(body.gradebook).toBe(true);
    expect(
      (await fakeState()).submissions.filter((s: any) => s.courseWorkId === work.id).every((s: any) => s.draftGrade === undefined),
    ).toBe(true);

    // An assignment made in Gradewell for the linked class can be posted, and then takes grades.
    const { results } = await env.DB.prepare("select class_id from assignments where id = ?")
      .bind(assignmentId)
      .all<{ class_id: string }>();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Posted quiz",
      subject: "Mathematics",
      assignmentType: "quiz",
      classId: results[0].class_id,
      points: "10",
    }))
      form.append(k, v);
    form.append("assignment_files", new File([await worksheetPdf("Ana Diaz", ["96"])], "ana-diaz.pdf"));
    const created = await json(await api("/api/assignments", { method: "POST", token: teacher.access_token, body: form }));
    const posted = await api(`/api/classroom/assignments/${created.assignment_id}`, {
      token: teacher.access_token,
      json: { action: "post" },
    });
    expect(posted.status).toBe(200);
    const postedBody = await json(posted);
    expect(postedBody).toMatchObject({ inClassroom: true, owned: true });
    const made = (await fakeState()).courseWork.find((w: any) => w.id === postedBody.posted.courseWorkId);
    expect(made).toMatchObject({ title: "Posted quiz", maxPoints: 10, associatedWithDeveloperProject: true, courseId });
  });

  it("says so plainly when the token is revoked, the scopes are missing, the course is gone, or a file cannot be read, and leaves nothing half-imported", async () => {
    const { teacher, students, courseId, work } = await courseWithWork({ byGradewell: true });
    // A file the teacher cannot read: the whole import is refused and no assignment is left behind.
    const broken = await control<{ id: string }>("classroom/coursework", {
      courseId,
      title: "Essay",
      maxPoints: 10,
      submissions: [
        { userId: students[0].userId, state: "TURNED_IN", files: [await pdfFile("Ana Diaz", ["96"])] },
        {
          userId: students[1].userId,
          state: "TURNED_IN",
          files: [{ name: "notes.zip", mimeType: "application/zip", contentBase64: btoa("PK not a paper") }],
        },
      ],
    });
    const unreadable = await importWork(teacher.access_token, courseId, broken.id);
    expect(unreadable.status).toBe(422);
    expect((await json(unreadable)).error).toMatch(
      /^Gradewell cannot grade "notes\.zip", turned in by Ben Okafor,.*Nothing was imported\./,
    );
    const { results: left } = await env.DB.prepare("select id from assignments where teacher_id = ? and classroom_course_work_id = ?")
      .bind(teacher.user.id, broken.id)
      .all();
    expect(left).toHaveLength(0);
    const r2 = await env.UPLOADS.list({ prefix: `teachers/${teacher.user.id}/` });
    expect(r2.objects).toHaveLength(0);

    // The course is deleted in Classroom.
    await control("classroom/delete-course", { id: courseId });
    const gone = await importWork(teacher.access_token, courseId, work.id);
    expect(gone.status).toBe(404);
    expect((await json(gone)).error).toBe(
      "This course is no longer in Google Classroom: it was deleted, archived, or you no longer teach it.",
    );

    // The teacher removes Gradewell in their Google account.
    await control("revoke-user", { email: teacher.googleEmail });
    await control("expire-access", {});
    const revoked = await api("/api/classroom/courses", { token: teacher.access_token });
    expect(revoked.status).toBe(401);
    expect(await json(revoked)).toMatchObject({
      error: "Your Google Classroom connection has expired or was removed in your Google account. Please connect Google Classroom again.",
      requires_auth: true,
    });

    // Connecting again, the teacher leaves the roster permission unticked.
    await control("deny-scopes", { scopes: ["https://www.googleapis.com/auth/classroom.rosters.readonly"] });
    await throughGoogle("/auth/google?intent=classroom", teacher.cookie);
    const scopes = await api("/api/classroom/courses", { token: teacher.access_token });
    expect(scopes.status).toBe(403);
    expect((await json(scopes)).error).toMatch(/^Gradewell was not allowed to see your Classroom courses, rosters and coursework\./);

    // Disconnecting revokes the grant at Google.
    const before = (await control<string[]>("revoked")).length;
    expect((await api("/api/classroom/disconnect", { method: "POST", token: teacher.access_token })).status).toBe(200);
    expect((await control<string[]>("revoked")).length).toBe(before + 1);
    expect((await api("/api/classroom/courses", { token: teacher.access_token })).status).toBe(401);
  });

  it("never shows another teacher's assignment", async () => {
    const { teacher, courseId, work } = await courseWithWork({ byGradewell: true });
    const { assignmentId } = await json(await importWork(teacher.access_token, courseId, work.id));
    const other = await classroomTeacher();
    expect((await api(`/api/classroom/assignments/${assignmentId}`, { token: other.access_token })).status).toBe(404);
    expect((await api(`/api/classroom/assignments/${assignmentId}`, { token: other.access_token, json: { action: "draft" } })).status).toBe(
      404,
    );
  });
});
