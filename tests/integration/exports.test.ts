import { env } from "cloudflare:workers";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { ONEROSTER_NO_SIS_IDS } from "~/server/exports/oneroster.server";
import { api, registerTeacher } from "./helpers";

const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

/** A class of three students (one without gradebook ids) with `count` assignments, each graded for every student. */
async function seedClass(teacherId: string, count: number) {
  const classId = `class-${crypto.randomUUID()}`;
  const people = [
    { id: `${classId}-ana`, name: "Ana Diaz", email: "ana@school.example", sis: "S-001", login: "ana.diaz" },
    { id: `${classId}-ben`, name: "Ben Ode", email: "ben@school.example", sis: "S-002", login: null },
    { id: `${classId}-cy`, name: "Cy Park", email: "cy@school.example", sis: null, login: null },
  ];
  const statements = [
    env.DB.prepare(
      "insert into classes (id, teacher_id, name, subject, grade_level, class_code) values (?, ?, '7A Science', 'Science', '7', 'XYZ789')",
    ).bind(classId, teacherId),
    ...people.map((p) =>
      env.DB.prepare("insert into students (id, teacher_id, name, email, student_number, login_id) values (?, ?, ?, ?, ?, ?)").bind(
        p.id,
        teacherId,
        p.name,
        p.email,
        p.sis,
        p.login,
      ),
    ),
    ...people.map((p) => env.DB.prepare("insert into enrollments (class_id, student_id) values (?, ?)").bind(classId, p.id)),
  ];
  for (let i = 0; i < count; i++) {
    const assignmentId = `${classId}-a${String(i).padStart(3, "0")}`;
    statements.push(
      env.DB.prepare("insert into assignments (id, teacher_id, class_id, title, points, created_at) values (?, ?, ?, ?, 10, ?)").bind(
        assignmentId,
        teacherId,
        classId,
        `Lab ${i + 1}`,
        1_700_000_000_000 + i,
      ),
    );
    people.forEach((p, j) =>
      statements.push(
        env.DB.prepare(
          "insert into submissions (id, teacher_id, assignment_id, student_id, student_name, status, score, max_score, percent, graded_at) values (?, ?, ?, ?, ?, 'graded', ?, 10, ?, ?)",
        ).bind(`${assignmentId}-${p.id}`, teacherId, assignmentId, p.id, p.name, (i + j) % 11, ((i + j) % 11) * 10, 1_700_000_500_000),
      ),
    );
  }
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
  return { classId, people };
}

describe("gradebook exports", () => {
  it("exports a class with 120 assignments in every format (D1 binds at most 100 values a statement)", async () => {
    const t = await registerTeacher();
    const { classId } = await seedClass(t.user.id, 120);

    const generic = lines(await (await api(`/api/exports/class/${classId}`, { token: t.access_token })).text());
    expect(generic[0].split(",")).toHaveLength(3 + 120);
    expect(generic[1].split(",").slice(0, 4)).toEqual(["Ana Diaz", "ana@school.example", "S-001", "0"]);
    expect(generic[1].split(",")[3 + 119]).toBe(String(119 % 11));
    expect(generic[3].split(",")[3 + 119]).toBe(String((119 + 2) % 11));

    const canvas = lines(await (await api(`/api/exports/class/${classId}?format=canvas`, { token: t.access_token })).text());
    expect(canvas[0].split(",").slice(0, 7)).toEqual(["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Lab 1", "Lab 2"]);
    expect(canvas[0].split(",")).toHaveLength(5 + 120);
    expect(canvas.slice(1).map((row) => row.split('",')[0])).toEqual(['"Diaz, Ana', '"Ode, Ben', '"Park, Cy']);
    expect(canvas[1].split('",')[1].split(",").slice(0, 4)).toEqual(["", "S-001", "ana.diaz", "7A Science"]);
    expect(canvas[1].split(",").at(-1)).toBe(String(119 % 11));

    const missingIds = await api(`/api/exports/class/${classId}?format=oneroster`, { token: t.access_token });
    expect(missingIds.status).toBe(400);
    expect(((await missingIds.json()) as { error: string }).error).toMatch(/classSourcedId and schoolSourcedId/);

    const zip = await api(`/api/exports/class/${classId}?format=oneroster&classSourcedId=SEC-7A&schoolSourcedId=SCH-1`, {
      token: t.access_token,
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["categories.csv", "lineItems.csv", "manifest.csv", "results.csv"]);
    const results = strFromU8(files["results.csv"]).trimEnd().split("\r\n");
    // Cy has no SIS id, so only Ana's and Ben's 120 results each.
    expect(results).toHaveLength(1 + 240);
    expect(results.filter((r) => r.includes(",S-001,")).length).toBe(120);
    expect(strFromU8(files["lineItems.csv"]).trimEnd().split("\r\n")).toHaveLength(1 + 120);

    const stranger = await registerTeacher();
    for (const format of ["csv", "canvas", "oneroster"]) {
      const response = await api(`/api/exports/class/${classId}?format=${format}&classSourcedId=a&schoolSourcedId=b`, {
        token: stranger.access_token,
      });
      expect(response.status).toBe(404);
    }
  });

  it("reads and writes students' SIS ids and logins through the API, scoped to the teacher", async () => {
    const t = await registerTeacher();
    const created = await api("/api/students", {
      token: t.access_token,
      json: { name: "Dee Lin", email: "dee@school.example", sis_id: "0042", login_id: "dee.lin" },
    });
    expect(created.status).toBe(201);
    const { student } = (await created.json()) as { student: { id: string } };
    expect(student).toMatchObject({ name: "Dee Lin", sis_id: "0042", login_id: "dee.lin" });

    const patched = await api(`/api/students/${student.id}`, { method: "PATCH", token: t.access_token, json: { login_id: "dlin" } });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { student: unknown }).student).toMatchObject({
      sis_id: "0042",
      login_id: "dlin",
      email: "dee@school.example",
    });
    const bad = await api(`/api/students/${student.id}`, { method: "PATCH", token: t.access_token, json: { login_id: "d lin" } });
    expect(bad.status).toBe(400);

    const list = (await (await api("/api/students", { token: t.access_token })).json()) as { students: unknown[] };
    expect(list.students).toEqual([expect.objectContaining({ id: student.id, sis_id: "0042", login_id: "dlin" })]);

    const stranger = await registerTeacher();
    expect((await api(`/api/students/${student.id}`, { token: stranger.access_token })).status).toBe(404);
    const steal = await api(`/api/students/${student.id}`, { method: "PATCH", token: stranger.access_token, json: { sis_id: "x" } });
    expect(steal.status).toBe(404);
  });

  it("marks missing work in the class CSV, apart from work not graded yet", async () => {
    const t = await registerTeacher();
    const { classId } = await seedClass(t.user.id, 2);
    // Cy handed nothing in for Lab 1; Ben's Lab 2 is still being graded.
    await env.DB.prepare("delete from submissions where id = ?").bind(`${classId}-a000-${classId}-cy`).run();
    await env.DB.prepare("update submissions set status = 'pending', score = null where id = ?")
      .bind(`${classId}-a001-${classId}-ben`)
      .run();
    const sheet = lines(await (await api(`/api/exports/class/${classId}`, { token: t.access_token })).text()).map((r) => r.split(","));
    expect(sheet.map((r) => [r[0], ...r.slice(3)])).toEqual([
      ["Student", "Lab 1 (10)", "Lab 2 (10)"],
      ["Ana Diaz", "0", "1"],
      ["Ben Ode", "1", ""],
      ["Cy Park", "missing", "3"],
    ]);
  });

  it("refuses a OneRoster ZIP without results when no student has an SIS id, and the preview says why", async () => {
    const t = await registerTeacher();
    const { classId } = await seedClass(t.user.id, 1);
    await env.DB.prepare("update students set student_number = null where teacher_id = ?").bind(t.user.id).run();
    const query = "format=oneroster&classSourcedId=SEC-7A&schoolSourcedId=SCH-1";
    const refused = await api(`/api/exports/class/${classId}?${query}`, { token: t.access_token });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("Content-Type")).toMatch(/json/);
    expect(((await refused.json()) as { error: string }).error).toBe(ONEROSTER_NO_SIS_IDS);
    const preview = (await (await api(`/api/exports/preview/class/${classId}`, { token: t.access_token })).json()) as {
      oneRoster: { refused: string | null; written: number };
    };
    expect(preview.oneRoster).toMatchObject({ refused: ONEROSTER_NO_SIS_IDS, written: 0 });
  });
});
