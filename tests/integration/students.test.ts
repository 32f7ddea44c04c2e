import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, postForm } from "./helpers";
import { getDb } from "../../core/db/client";
import { studentProfile } from "../../app/server/students.server";
import { classStudents, createClassApi, page, seedAssignment, seedGraded, signedInTeacher } from "./classes-helpers";

async function teacherWithStudent() {
  const t = await signedInTeacher("Maria Lopez");
  const c = await createClassApi(t.token, {
    name: "Grade 3 Homeroom",
    enrollment_method: "manual",
    students: [{ name: "Ada Lovelace", email: "ada@school.example" }],
  });
  const [ada] = await classStudents(t.token, c.id);
  return { t, c, ada };
}

describe("/students", () => {
  it("lists students with figures from real submissions, searches and filters by class", async () => {
    const { t, c, ada } = await teacherWithStudent();
    const other = await createClassApi(t.token, {
      name: "Art",
      enrollment_method: "manual",
      students: [{ name: "Bo Diddley", email: "bo@school.example" }],
    });
    const a = await seedAssignment(t.id, c.id);
    await seedGraded(t.id, ada.id, a.id, 92);
    const all = await page("/students", t.cookie);
    expect(all.status).toBe(200);
    for (const text of [
      "Ada Lovelace",
      "Bo Diddley",
      "Grade 3 Homeroom",
      "92%",
      "View Profile",
      "Email All",
      "mailto:?bcc=ada%40school.example,bo%40school.example",
      "No activity yet",
    ]) {
      expect(all.html).toContain(text);
    }
    const searched = await page("/students?q=lovel", t.cookie);
    expect(searched.html).toContain("Ada Lovelace");
    expect(searched.html).not.toContain("Bo Diddley");
    const filtered = await page(`/students?class=${other.id}`, t.cookie);
    expect(filtered.html).toContain("Bo Diddley");
    expect(filtered.html).not.toContain("Ada Lovelace");
    const stranger = await signedInTeacher();
    const theirs = await page("/students", stranger.cookie);
    expect(theirs.html).not.toContain("Ada Lovelace");
    expect(theirs.html).toContain("No students yet");
  });

  it("adds a student (optionally into a class) and explains what is wrong otherwise", async () => {
    const { t, c } = await teacherWithStudent();
    const missing = await postForm("/students", { name: "" }, { cookie: t.cookie });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Student name is required");
    const badEmail = await postForm("/students", { name: "Cy", email: "cy@" }, { cookie: t.cookie });
    expect(await badEmail.text()).toContain("Please enter a valid email address");
    const dup = await postForm("/students", { name: "Ada again", email: "ada@school.example" }, { cookie: t.cookie });
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("A student with this email already exists.");
    const ok = await postForm(
      "/students",
      { name: "Cy Young", email: "cy@school.example", gradeLevel: "3rd Grade", parentContact: "Pat Young 555-0100", classId: c.id },
      { cookie: t.cookie },
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Added Cy Young.");
    expect((await classStudents(t.token, c.id)).map((s) => s.name)).toContain("Cy Young");
    const stranger = await signedInTeacher();
    const foreignClass = await postForm("/students", { name: "Dee", classId: c.id }, { cookie: stranger.cookie });
    expect(foreignClass.status).toBe(409);
  });
});

describe("/student/{id}", () => {
  it("plots work by when it was set (due date), not by when it was graded: six weeks stay six points", async () => {
    const { t, c, ada } = await teacherWithStudent();
    const graded = new Date();
    for (const [i, due] of ["2026-01-12", "2026-02-09", "2026-03-16"].entries()) {
      const a = await seedAssignment(t.id, c.id, { title: `Week ${i + 1} quiz`, dueDate: new Date(`${due}T23:59:00Z`) });
      await seedGraded(t.id, ada.id, a.id, 70 + i * 10, { gradedAt: graded });
    }
    const profile = await studentProfile(getDb(env.DB), t.id, ada.id);
    expect(profile!.gradeTrend.map((p) => p.grade)).toEqual([70, 80, 90]);
    expect(profile!.assignmentScores.map((s) => s.date)).toEqual(["2026-01-12", "2026-02-09", "2026-03-16"]);
  });

  it("shows N/A figures and 'Not enough graded work yet' before anything is graded", async () => {
    const { t, ada } = await teacherWithStudent();
    const profile = await page(`/student/${ada.id}`, t.cookie);
    expect(profile.status).toBe(200);
    for (const text of [
      "Ada Lovelace",
      "Loading student profile...",
      "Overall grade",
      "N/A",
      "Not enough graded work yet",
      "Not taken yet",
      "Overview",
      "Grades",
      "Progress",
      "Notes",
    ]) {
      expect(profile.html).toContain(text);
    }
  });

  it("computes grade, letter, completion, attendance, strengths and areas from real work", async () => {
    const { t, c, ada } = await teacherWithStudent();
    const a1 = await seedAssignment(t.id, c.id, { title: "Fractions quiz" });
    const a2 = await seedAssignment(t.id, c.id, { title: "Decimals test" });
    await seedAssignment(t.id, c.id, { title: "Not yet handed in" });
    await seedGraded(t.id, ada.id, a1.id, 100, { questions: [{ n: "1", awarded: 5, possible: 5 }] });
    await seedGraded(t.id, ada.id, a2.id, 60, {
      questions: [{ n: "2", awarded: 0, possible: 5, feedback: "Line up the decimal points first." }],
    });
    await postForm(`/classes/${c.id}`, { intent: "attendance", date: "2026-03-02", [`status:${ada.id}`]: "present" }, { cookie: t.cookie });
    await postForm(`/classes/${c.id}`, { intent: "attendance", date: "2026-03-03", [`status:${ada.id}`]: "absent" }, { cookie: t.cookie });
    const profile = await page(`/student/${ada.id}`, t.cookie);
    for (const text of [
      "80%",
      "B-",
      "2/3",
      "50%",
      "Full marks on Fractions quiz",
      "Line up the decimal points first. (Decimals test, question 2)",
      "Graded: Decimals test",
    ]) {
      expect(profile.html).toContain(text);
    }
    const grades = await page(`/student/${ada.id}?tab=grades`, t.cookie);
    expect(grades.html).toContain("Assignment scores");
    expect(grades.html).toContain("6/10");
  });

  it("answers 'Student Not Found' (404) for a missing or another teacher's student", async () => {
    const { ada } = await teacherWithStudent();
    const stranger = await signedInTeacher();
    for (const path of [`/student/${ada.id}`, "/student/does-not-exist", `/elementary-student/${ada.id}`]) {
      const response = await page(path, stranger.cookie);
      expect(response.status).toBe(404);
      expect(response.html).toContain("Student Not Found");
      expect(response.html).toContain("Back to Students");
    }
    expect((await postForm(`/student/${ada.id}`, { intent: "add-note", body: "sneaky" }, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("adds, edits, lists and deletes notes; 'View All Notes' once there are more than five", async () => {
    const { t, ada } = await teacherWithStudent();
    const empty = await postForm(`/student/${ada.id}`, { intent: "add-note", body: "  " }, { cookie: t.cookie });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write a note first");
    for (let i = 1; i <= 6; i++) {
      const added = await postForm(`/student/${ada.id}`, { intent: "add-note", body: `Observation ${i}` }, { cookie: t.cookie });
      expect(added.status).toBe(200);
    }
    const notes = await page(`/student/${ada.id}?tab=notes`, t.cookie);
    expect(notes.html).toContain("Notes (6)");
    expect(notes.html).toContain("View All Notes");
    expect(notes.html).not.toContain("Observation 1<");
    const all = await page(`/student/${ada.id}?tab=notes&all=1`, t.cookie);
    expect(all.html).toContain("Observation 1<");
    const noteId = all.html.match(/name="noteId" value="([^"]+)"/)![1];
    const edited = await postForm(`/student/${ada.id}`, { intent: "edit-note", noteId, body: "Reads fluently now" }, { cookie: t.cookie });
    expect(await edited.text()).toContain("Note updated.");
    expect((await page(`/student/${ada.id}?tab=notes&all=1`, t.cookie)).html).toContain("Reads fluently now");
    const deleted = await postForm(`/student/${ada.id}`, { intent: "delete-note", noteId }, { cookie: t.cookie });
    expect(await deleted.text()).toContain("Note deleted.");
    expect((await postForm(`/student/${ada.id}`, { intent: "delete-note", noteId }, { cookie: t.cookie })).status).toBe(404);
  });

  it("saves student details such as the parent contact", async () => {
    const { t, ada } = await teacherWithStudent();
    const bad = await postForm(
      `/student/${ada.id}`,
      { intent: "update-details", name: "Ada Lovelace", email: "bad" },
      { cookie: t.cookie },
    );
    expect(bad.status).toBe(400);
    const ok = await postForm(
      `/student/${ada.id}`,
      {
        intent: "update-details",
        name: "Ada King",
        email: "ada@school.example",
        gradeLevel: "3rd Grade",
        parentContact: "Anne 555-0199",
        studentNumber: "S-42",
      },
      { cookie: t.cookie },
    );
    expect(await ok.text()).toContain("Student details saved.");
    const elementary = await page(`/elementary-student/${ada.id}`, t.cookie);
    expect(elementary.html).toContain("Ada King");
    expect(elementary.html).toContain("Anne 555-0199");
    expect(elementary.html).toContain("Maria Lopez");
    expect((await api("/api/classes", { token: t.token })).status).toBe(200);
  });
});
