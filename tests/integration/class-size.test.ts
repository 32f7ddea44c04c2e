// A class bigger than D1's 100 bound values a statement: every id list goes through inChunks, so a class of
// 150 students is enrolled, listed and has its attendance saved in full.
import { describe, expect, it } from "vitest";
import { api, postForm } from "./helpers";
import { classStudents, createClassApi, page, signedInTeacher } from "./classes-helpers";

const SIZE = 150;
const roster = Array.from({ length: SIZE }, (_, i) => {
  const n = String(i + 1).padStart(3, "0");
  return { name: `Student ${n}`, email: `student${n}@school.example` };
});

describe(`a class of ${SIZE} students`, () => {
  it("enrolls and lists every student, and saves attendance for all of them", async () => {
    const t = await signedInTeacher();
    const c = await createClassApi(t.token, { enrollment_method: "manual", students: roster });

    const listed = await classStudents(t.token, c.id);
    expect(listed.map((s) => s.name)).toEqual(roster.map((s) => s.name));

    const all = await page("/students", t.cookie);
    for (const s of roster) expect(all.html).toContain(s.name);
    const inClass = await page(`/students?class=${c.id}`, t.cookie);
    for (const s of roster) expect(inClass.html).toContain(s.name);

    const register: Record<string, string> = { intent: "attendance", date: "2026-03-02" };
    listed.forEach((s, i) => (register[`status:${s.id}`] = i % 3 === 0 ? "absent" : "present"));
    const saved = await postForm(`/classes/${c.id}`, register, { cookie: t.cookie });
    expect(await saved.text()).toContain(`Attendance saved for Mar 2, 2026 (${SIZE} students).`);
    const day = await page(`/classes/${c.id}?date=2026-03-02`, t.cookie);
    expect(day.html).toContain(`${SIZE - 50} present · 0 late · 50 absent`);
    const details = (await (await api(`/api/classes/${c.id}`, { token: t.token })).json()) as {
      students: { id: string; attendance_rate: number }[];
    };
    expect(details.students).toHaveLength(SIZE);
    expect(details.students.filter((s) => s.attendance_rate === 100)).toHaveLength(SIZE - 50);
    expect(details.students.filter((s) => s.attendance_rate === 0)).toHaveLength(50);
  });
});
