// Export my data: one streamed ZIP with JSON of every record, the uploaded files and a grade CSV per assignment.
import { env } from "cloudflare:workers";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { api } from "./helpers";
import { seedTeacher } from "./privacy-helpers";

describe("GET /api/account/export", () => {
  it("streams a ZIP of the teacher's records, files and grades, without secrets or another teacher's data", async () => {
    const t = await seedTeacher("Exporting Teacher");
    const other = await seedTeacher("Other Teacher");
    expect((await api("/api/account/export")).status).toBe(401);

    const response = await api("/api/account/export", { headers: { Cookie: t.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="gradewell-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.body).toBeInstanceOf(ReadableStream);
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(zip).sort();
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!)) as Record<string, unknown>[];

    expect(names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "account.json",
        "data/classes.json",
        "data/students.json",
        "data/enrollments.json",
        "data/attendance.json",
        "data/assignments.json",
        "data/files.json",
        "data/grading_jobs.json",
        "data/submissions.json",
        "data/question_results.json",
        "data/grade_edits.json",
        "data/notes.json",
        "data/conference_items.json",
        "data/access_log.json",
        "data/sessions.json",
        "data/mail.json",
        "data/contact_messages.json",
        `grades/Fractions quiz-${t.assignmentId}.csv`,
      ]),
    );
    const account = JSON.parse(strFromU8(zip["account.json"]!));
    expect(account).toMatchObject({
      id: t.teacherId,
      email: t.email,
      name: "Exporting Teacher",
      plan: "starter",
      signs_in_with: ["password"],
    });
    expect(json("data/students.json").map((s) => s.name)).toEqual(expect.arrayContaining(["Ana Ruiz", "Ben Okafor"]));
    expect(json("data/students.json")).toHaveLength(2);
    expect(json("data/enrollments.json")).toHaveLength(2);
    expect(json("data/attendance.json")).toEqual([expect.objectContaining({ studentId: t.studentId, status: "present" })]);
    expect(json("data/submissions.json")).toEqual([
      expect.objectContaining({ id: t.submissionId, score: 5, feedback: "Check question 2." }),
    ]);
    expect(json("data/question_results.json")).toEqual([expect.objectContaining({ submissionId: t.submissionId, studentAnswer: "12" })]);
    expect(json("data/notes.json")[0]).toMatchObject({ body: "Ana asked for extra practice." });
    expect(json("data/mail.json")[0]).toMatchObject({ toAddress: t.email, subject: "Reset your Gradewell password" });

    // The uploaded files, byte for byte.
    const workName = names.find((n) => n.startsWith(`files/batch/${t.fileId}-`))!;
    expect(workName).toBe(`files/batch/${t.fileId}-work.png`);
    const stored = new Uint8Array(await (await env.UPLOADS.get(t.keys[0]!))!.arrayBuffer());
    expect(zip[workName]).toEqual(stored);
    expect(names.filter((n) => n.startsWith("files/"))).toHaveLength(3);

    const csv = strFromU8(zip[`grades/Fractions quiz-${t.assignmentId}.csv`]!);
    expect(csv).toContain("Ana Ruiz,graded,5,10,50");

    // No secrets, nothing of the other teacher's.
    const everything = names.map((n) => (n.startsWith("files/") ? "" : strFromU8(zip[n]!))).join("\n");
    expect(everything).not.toMatch(/secretHash|secret_hash|passwordHash|password_hash|accessTokenEnc|scrypt\$/);
    expect(everything).not.toContain(other.teacherId);
    expect(everything).not.toContain(other.email);

    // The export is in the access log, for every student.
    const logged = await env.DB.prepare("select student_id from access_log where teacher_id = ? and action = 'exported'")
      .bind(t.teacherId)
      .all();
    expect(logged.results.map((r) => r.student_id).sort()).toEqual([t.studentId, t.otherStudentId].sort());
  });

  it("answers an API client with a bearer token too", async () => {
    const t = await seedTeacher();
    const response = await api("/api/account/export", { token: t.access_token });
    expect(response.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())))).toContain("account.json");
  });
});
