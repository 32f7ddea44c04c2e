import { describe, expect, it } from "vitest";
import { api, postForm } from "./helpers";
import { classStudents, createClassApi, page, seedAssignment, seedGraded, signedInTeacher } from "./classes-helpers";

describe("classes JSON API", () => {
  it("needs a signed-in teacher", async () => {
    expect((await api("/api/classes")).status).toBe(401);
    expect((await api("/api/enhanced-classes/")).status).toBe(401);
    expect((await api("/api/classes", { json: { name: "x" } })).status).toBe(401);
  });

  it("creates a class from the spec's payload with manual students and lists it with live counts", async () => {
    const t = await signedInTeacher();
    expect(await (await api("/api/classes", { token: t.token })).json()).toEqual({ classes: [] });
    const created = await api("/api/classes", {
      token: t.token,
      json: {
        name: "Biology",
        subject: "Science",
        grade_level: "9",
        description: "Cells and life",
        class_code: "bio123",
        enrollment_method: "manual",
        students: [
          { id: 1, name: "Ada Lovelace", email: "ada@school.example" },
          { id: 2, name: "Alan Turing", email: "ALAN@school.example" },
        ],
      },
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { class: Record<string, unknown> };
    expect(body.class).toMatchObject({
      name: "Biology",
      subject: "Science",
      grade_level: "9",
      class_code: "BIO123",
      student_count: 2,
      assignment_count: 0,
      average_score: null,
    });

    const list = (await (await api("/api/classes", { token: t.token })).json()) as { classes: { id: string }[] };
    expect(list.classes).toHaveLength(1);
    const students = await classStudents(t.token, list.classes[0].id);
    expect(students.map((s) => s.email)).toEqual(["ada@school.example", "alan@school.example"]);
  });

  it("generates a 6-character code when none is typed and ignores students for auto enrollment", async () => {
    const t = await signedInTeacher();
    const c = await createClassApi(t.token, { students: [{ name: "X", email: "x@school.example" }] });
    expect(c.class_code).toMatch(/^[A-Z0-9]{6}$/);
    expect(c).toMatchObject({ student_count: 0, enrollment_method: "auto" });
  });

  it("answers GET /api/enhanced-classes/ (trailing slash) with exactly the spec's fields and real averages", async () => {
    const t = await signedInTeacher();
    const c = await createClassApi(t.token, {
      enrollment_method: "manual",
      students: [
        { name: "Ada", email: "ada@school.example" },
        { name: "Bo", email: "bo@school.example" },
      ],
    });
    const [ada, bo] = await classStudents(t.token, c.id);
    const a = await seedAssignment(t.id, c.id);
    await seedGraded(t.id, ada.id, a.id, 90);
    await seedGraded(t.id, bo.id, a.id, 70);
    await seedGraded(t.id, bo.id, a.id, 0, { status: "pending" });
    for (const path of ["/api/enhanced-classes/", "/api/enhanced-classes"]) {
      const response = await api(path, { token: t.token });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        {
          id: c.id,
          name: "Period 1 Math",
          subject: "Mathematics",
          grade_level: "3",
          student_count: 2,
          assignment_count: 1,
          average_score: 80,
          class_code: c.class_code,
        },
      ]);
    }
  });

  it.each([
    [{ name: "" }, "Class name is required"],
    [{ subject: "Cooking" }, "Subject is required"],
    [{ grade_level: "13" }, "Grade level is required"],
    [{ class_code: "AB" }, "Class code must be 6 letters or digits"],
    [{ enrollment_method: "manual", students: [{ name: "Ada", email: "not-an-email" }] }, "Please enter a valid email address"],
  ])("refuses an invalid payload %o with a message", async (change, message) => {
    const t = await signedInTeacher();
    const response = await api("/api/classes", {
      token: t.token,
      json: { name: "Math", subject: "Mathematics", grade_level: "3", ...change },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);
  });

  it("refuses a class code the teacher already uses (409), but another teacher may use it", async () => {
    const t = await signedInTeacher();
    await createClassApi(t.token, { class_code: "SAME01" });
    const again = await api("/api/classes", {
      token: t.token,
      json: { name: "Other", subject: "Art", grade_level: "K", class_code: "same01" },
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe("This class code is already used by another of your classes.");
    const other = await signedInTeacher();
    await createClassApi(other.token, { class_code: "SAME01" });
  });

  it("keeps classes private: another teacher's class is 404 and absent from lists", async () => {
    const owner = await signedInTeacher();
    const c = await createClassApi(owner.token);
    const other = await signedInTeacher();
    expect((await api(`/api/classes/${c.id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/classes/${c.id}`, { token: other.token, method: "DELETE" })).status).toBe(404);
    expect(await (await api("/api/enhanced-classes/", { token: other.token })).json()).toEqual([]);
    expect((await api(`/api/classes/${c.id}`, { token: owner.token, method: "DELETE" })).status).toBe(204);
    expect((await api(`/api/classes/${c.id}`, { token: owner.token })).status).toBe(404);
  });
});

describe("class pages", () => {
  it("/classes shows the empty state, then a card per class with its counts and N/A average", async () => {
    const t = await signedInTeacher();
    const empty = await page("/classes", t.cookie);
    expect(empty.status).toBe(200);
    for (const text of ["My Classes", "Manage your classes and students", "No Classes Yet", "Create Your First Class"])
      expect(empty.html).toContain(text);
    const c = await createClassApi(t.token, {
      name: "Reading Circle",
      enrollment_method: "manual",
      students: [{ name: "Ada", email: "ada@school.example" }],
    });
    const full = await page("/classes", t.cookie);
    for (const text of ["Reading Circle", c.class_code, "N/A", "View Class", "View Details", `/classes/${c.id}/details`])
      expect(full.html).toContain(text);
    expect((await page("/classes", "gw_session=nope")).location).toMatch(/^\/login/);
  });

  it("/create-class works without JavaScript: add and remove students, then create and land on /classes", async () => {
    const t = await signedInTeacher();
    expect((await page("/create-class", t.cookie)).html).toContain("Back to Classes");
    expect((await page("/classes/new", t.cookie)).status).toBe(200);
    const base = {
      name: "Science 4",
      subject: "Science",
      gradeLevel: "4",
      description: "",
      classCode: "SCI444",
      enrollmentMethod: "manual",
    };

    const incomplete = await postForm(
      "/create-class",
      { ...base, intent: "add-student", newStudentName: "Ada", newStudentEmail: "" },
      { cookie: t.cookie },
    );
    expect(incomplete.status).toBe(200);
    expect(await incomplete.text()).toContain("Enter both a name and an email to add a student.");

    const added = await postForm(
      "/create-class",
      {
        ...base,
        intent: "add-student",
        "students[0].name": "Ada",
        "students[0].email": "ada@school.example",
        newStudentName: "Bo",
        newStudentEmail: "bo@school.example",
      },
      { cookie: t.cookie },
    );
    const addedHtml = await added.text();
    expect(addedHtml).toContain('value="bo@school.example"');
    expect(addedHtml).toContain("students[1].email");

    const removed = await postForm(
      "/create-class",
      {
        ...base,
        intent: "remove-student:0",
        "students[0].name": "Ada",
        "students[0].email": "ada@school.example",
        "students[1].name": "Bo",
        "students[1].email": "bo@school.example",
      },
      { cookie: t.cookie },
    );
    const removedHtml = await removed.text();
    expect(removedHtml).not.toContain("ada@school.example");
    expect(removedHtml).toContain("bo@school.example");

    const create = await postForm(
      "/classes/new",
      { ...base, intent: "create", "students[0].name": "Bo", "students[0].email": "bo@school.example" },
      { cookie: t.cookie },
    );
    expect(create.status).toBe(302);
    expect(create.headers.get("Location")).toBe("/classes");
    const [listed] = (await (await api("/api/enhanced-classes/", { token: t.token })).json()) as {
      student_count: number;
      class_code: string;
    }[];
    expect(listed).toMatchObject({ student_count: 1, class_code: "SCI444" });
  });

  it("/create-class shows 'Failed to create class' and the field messages when the server refuses", async () => {
    const t = await signedInTeacher();
    const response = await postForm("/create-class", { name: "", subject: "", gradeLevel: "", intent: "create" }, { cookie: t.cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const text of ["Failed to create class", "Class name is required", "Subject is required", "Grade level is required"])
      expect(html).toContain(text);
    await createClassApi(t.token, { class_code: "TAKEN1" });
    const dup = await postForm(
      "/create-class",
      { name: "B", subject: "Art", gradeLevel: "K", classCode: "TAKEN1", intent: "create" },
      { cookie: t.cookie },
    );
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("This class code is already used by another of your classes.");
  });
});

describe("class page /classes/{id}", () => {
  it("shows the roster and assignments with real averages; another teacher gets 'Class not found' (404)", async () => {
    const t = await signedInTeacher();
    const c = await createClassApi(t.token, {
      name: "Algebra",
      enrollment_method: "manual",
      students: [{ name: "Ada Lovelace", email: "ada@school.example" }],
    });
    const [ada] = await classStudents(t.token, c.id);
    const a = await seedAssignment(t.id, c.id, { title: "Linear equations" });
    await seedGraded(t.id, ada.id, a.id, 84);
    const own = await page(`/classes/${c.id}`, t.cookie);
    expect(own.status).toBe(200);
    for (const text of ["Algebra", "Ada Lovelace", "Linear equations", "84%", c.class_code, "Save attendance"])
      expect(own.html).toContain(text);

    const other = await signedInTeacher();
    const foreign = await page(`/classes/${c.id}`, other.cookie);
    expect(foreign.status).toBe(404);
    expect(foreign.html).toContain("Class not found");
    expect(
      (await postForm(`/classes/${c.id}`, { intent: "enroll", name: "X", email: "x@school.example" }, { cookie: other.cookie })).status,
    ).toBe(404);
    expect((await page(`/classes/${c.id}/details`, other.cookie)).status).toBe(404);
  });

  it("adds, re-adds and removes students, with messages for invalid input", async () => {
    const t = await signedInTeacher();
    const c = await createClassApi(t.token);
    const bad = await postForm(`/classes/${c.id}`, { intent: "enroll", name: "Ada", email: "nope" }, { cookie: t.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address");
    const ok = await postForm(`/classes/${c.id}`, { intent: "enroll", name: "Ada", email: "ada@school.example" }, { cookie: t.cookie });
    expect(await ok.text()).toContain("Added Ada to Period 1 Math.");
    const [ada] = await classStudents(t.token, c.id);
    // The same e-mail in another class is the same student.
    const c2 = await createClassApi(t.token, { name: "Second" });
    await postForm(`/classes/${c2.id}`, { intent: "enroll-existing", studentId: ada.id }, { cookie: t.cookie });
    expect((await classStudents(t.token, c2.id)).map((s) => s.id)).toEqual([ada.id]);
    const removed = await postForm(`/classes/${c.id}`, { intent: "unenroll", studentId: ada.id }, { cookie: t.cookie });
    expect(removed.status).toBe(200);
    expect(await classStudents(t.token, c.id)).toEqual([]);
    expect((await postForm(`/classes/${c.id}`, { intent: "unenroll", studentId: ada.id }, { cookie: t.cookie })).status).toBe(404);
    expect((await postForm(`/classes/${c.id}`, { intent: "bogus" }, { cookie: t.cookie })).status).toBe(400);
  });

  it("previews a roster CSV with row-level errors, then imports the valid rows", async () => {
    const t = await signedInTeacher();
    const c = await createClassApi(t.token);
    const csv = "Name,Email\nAda Lovelace,ada@school.example\nNo Email,\nAlan Turing,alan@school.example\n";
    const preview = await postForm(`/classes/${c.id}`, { intent: "preview-csv", csv }, { cookie: t.cookie });
    const html = await preview.text();
    expect(html).toContain("2 of 3 rows can be imported.");
    expect(html).toContain("Email is missing");
    expect(await classStudents(t.token, c.id)).toEqual([]);
    const imported = await postForm(`/classes/${c.id}`, { intent: "import-csv", csv }, { cookie: t.cookie });
    expect(await imported.text()).toContain("Imported 2 students, 1 row skipped.");
    expect((await classStudents(t.token, c.id)).map((s) => s.name)).toEqual(["Ada Lovelace", "Alan Turing"]);
    const empty = await postForm(`/classes/${c.id}`, { intent: "preview-csv", csv: "" }, { cookie: t.cookie });
    expect(empty.status).toBe(400);
  });

  it("takes attendance per day and shows it back", async () => {
    const t = await signedInTeacher();
    const c = await createClassApi(t.token, {
      enrollment_method: "manual",
      students: [
        { name: "Ada", email: "ada@school.example" },
        { name: "Bo", email: "bo@school.example" },
      ],
    });
    const [ada, bo] = await classStudents(t.token, c.id);
    const saved = await postForm(
      `/classes/${c.id}`,
      { intent: "attendance", date: "2026-03-02", [`status:${ada.id}`]: "present", [`status:${bo.id}`]: "absent" },
      { cookie: t.cookie },
    );
    expect(await saved.text()).toContain("Attendance saved for Mar 2, 2026 (2 students).");
    await postForm(
      `/classes/${c.id}`,
      {
        intent: "attendance",
        date: "2026-03-03",
        [`status:${ada.id}`]: "late",
        [`status:${bo.id}`]: "present",
        "status:someone-else": "present",
      },
      { cookie: t.cookie },
    );
    const day = await page(`/classes/${c.id}?date=2026-03-02`, t.cookie);
    expect(day.html).toContain("Taken for Mar 2, 2026");
    expect(day.html).toContain("1 present · 0 late · 1 absent");
    const details = (await (await api(`/api/classes/${c.id}`, { token: t.token })).json()) as {
      students: { id: string; attendance_rate: number }[];
    };
    expect(Object.fromEntries(details.students.map((s) => [s.id, s.attendance_rate]))).toEqual({ [ada.id]: 100, [bo.id]: 50 });
    expect((await postForm(`/classes/${c.id}`, { intent: "attendance", date: "yesterday" }, { cookie: t.cookie })).status).toBe(400);
  });
});

describe("class settings /classes/{id}/details", () => {
  it("edits, regenerates the code, archives, restores and deletes with confirmation", async () => {
    const t = await signedInTeacher();
    const c = await createClassApi(t.token, { name: "Art Club" });
    expect((await page(`/classes/${c.id}/details`, t.cookie)).html).toContain(c.class_code);

    const invalid = await postForm(
      `/classes/${c.id}/details`,
      { intent: "update", name: "", subject: "Art", gradeLevel: "5" },
      { cookie: t.cookie },
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Class name is required");
    const saved = await postForm(
      `/classes/${c.id}/details`,
      { intent: "update", name: "Art Studio", subject: "Art", gradeLevel: "5", description: "Fridays", enrollmentMethod: "manual" },
      { cookie: t.cookie },
    );
    expect(await saved.text()).toContain("Class details saved.");

    await postForm(`/classes/${c.id}/details`, { intent: "regenerate-code" }, { cookie: t.cookie });
    const [after] = (await (await api("/api/enhanced-classes/", { token: t.token })).json()) as {
      name: string;
      grade_level: string;
      class_code: string;
    }[];
    expect(after).toMatchObject({ name: "Art Studio", grade_level: "5" });
    expect(after.class_code).not.toBe(c.class_code);
    expect(after.class_code).toMatch(/^[A-Z0-9]{6}$/);

    await postForm(`/classes/${c.id}/details`, { intent: "archive" }, { cookie: t.cookie });
    expect(await (await api("/api/enhanced-classes/", { token: t.token })).json()).toEqual([]);
    expect((await page("/classes?archived=1", t.cookie)).html).toContain("Art Studio");
    await postForm(`/classes/${c.id}/details`, { intent: "unarchive" }, { cookie: t.cookie });
    expect(await (await api("/api/enhanced-classes/", { token: t.token })).json()).toHaveLength(1);

    const wrong = await postForm(`/classes/${c.id}/details`, { intent: "delete", confirmName: "art" }, { cookie: t.cookie });
    expect(wrong.status).toBe(400);
    const deleted = await postForm(`/classes/${c.id}/details`, { intent: "delete", confirmName: "Art Studio" }, { cookie: t.cookie });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/classes?deleted=Art%20Studio");
    expect((await api(`/api/classes/${c.id}`, { token: t.token })).status).toBe(404);
  });
});
