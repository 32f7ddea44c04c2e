// Grade-by-question's answer groups (issue 32): answers that read the same are one group, flagged and small groups
// first; a group is confirmed or marked at once, through the page and the JSON API, and each student's history
// says so. Another teacher's assignment answers 404.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, postForm, registerTeacher } from "./helpers";
import { createAssignment, file, getAssignment, getPage, PNG, processAndWait, signedInCookie } from "./assignments-helpers";

async function classOfThree() {
  const teacher = await registerTeacher();
  const cookie = await signedInCookie(teacher.email, teacher.password);
  const { body } = await createAssignment(
    teacher.access_token,
    { points: "6", useManualStudents: "true", manualStudentNames: "Ana Diaz\nBen Ode\nCora Lee" },
    { assignment_files: [file(PNG, "a.png"), file(PNG, "b.png"), file(PNG, "c.png")] },
  );
  const id = body.assignment_id!;
  await processAndWait(teacher.access_token, id);
  const { body: got } = await getAssignment(teacher.access_token, id);
  const subs = got.assignment.submissions as { id: string; student: string }[];
  // Question 3 ("7 x 8"): two students wrote 56 (one read as "56."), one wrote 65, flagged by the grader.
  const answers: Record<string, [string, number, boolean]> = {
    "Ana Diaz": ["56", 2, false],
    "Ben Ode": ["56.", 2, false],
    "Cora Lee": ["65", 0, true],
  };
  for (const s of subs) {
    const [answer, points, flagged] = answers[s.student]!;
    await env.DB.prepare(
      "insert into question_results (id, submission_id, question_number, key_answer, student_answer, points_awarded, points_possible, reason, confidence, needs_review, review_reason, feedback) values (?, ?, '3', '56', ?, ?, 2, 'checked', 0.9, ?, ?, 'ok')",
    )
      .bind(`${s.id}-q3`, s.id, answer, points, flagged ? 1 : 0, flagged ? "The 6 may be a 5." : null)
      .run();
  }
  return { ...teacher, cookie, id, subs };
}

describe("answer groups", { timeout: 180_000 }, () => {
  it("groups the same answers, flagged first, and confirms a group through the API with each student's history", async () => {
    const t = await classOfThree();
    const path = `/api/assignments/${t.id}/questions/3/groups`;
    const listed = (await (await api(path, { token: t.access_token })).json()) as { groups: any[] };
    expect(listed.groups.map((g) => [g.answer, g.count, g.flagged, g.points])).toEqual([
      ["65", 1, 1, 0],
      ["56", 2, 0, 2],
    ]);
    expect(listed.groups[0].students[0]).toMatchObject({ student: "Cora Lee", needs_review: true, review_reason: "The 6 may be a 5." });

    const confirmed = await api(path, { token: t.access_token, json: { action: "confirm", key: listed.groups[0].key } });
    expect(confirmed.status).toBe(200);
    const after = (await confirmed.json()) as { updated: number; groups: any[] };
    expect(after.updated).toBe(1);
    expect(after.groups.find((g) => g.answer === "65")).toMatchObject({ flagged: 0, points: 0 });
    const cora = t.subs.find((s) => s.student === "Cora Lee")!;
    const history = await env.DB.prepare("select field, old_value, new_value from grade_edits where submission_id = ?").bind(cora.id).all();
    expect(history.results).toEqual([{ field: "group", old_value: "65", new_value: "confirmed 0" }]);

    // Refusals: a group that is gone, a body that is not an action, points beyond the question's, another teacher.
    expect((await api(path, { token: t.access_token, json: { action: "confirm", key: "57" } })).status).toBe(409);
    const bad = await api(path, { token: t.access_token, json: { action: "accept", key: "56" } });
    expect(bad.status).toBe(400);
    expect((await api(path, { token: t.access_token, json: { action: "mark", key: "56", points: 3 } })).status).toBe(400);
    const stranger = await registerTeacher();
    expect((await api(path, { token: stranger.access_token })).status).toBe(404);
    expect((await api(path, { token: stranger.access_token, json: { action: "confirm", key: "56" } })).status).toBe(404);
  });

  it("marks a whole group from the page, rescoring every member and recording it for each", async () => {
    const t = await classOfThree();
    const page = `/assignment/${t.id}/question/3`;
    const html = await (await getPage(page, t.cookie)).text();
    expect(html).toContain("Answer groups");
    expect(html).toContain("Confirm these 2 marks");
    const response = await postForm(page, { intent: "group", key: "56", kind: "mark", points: "1.5" }, { cookie: t.cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Marked 2 students.");
    for (const s of t.subs.filter((s) => s.student !== "Cora Lee")) {
      const row = await env.DB.prepare("select points_awarded, edited_at from question_results where id = ?")
        .bind(`${s.id}-q3`)
        .first<any>();
      expect(row.points_awarded).toBe(1.5);
      expect(row.edited_at).not.toBeNull();
      const fields = await env.DB.prepare("select field, new_value from grade_edits where submission_id = ? order by field")
        .bind(s.id)
        .all();
      expect(fields.results).toEqual([
        { field: "group", new_value: "marked 1.5" },
        { field: "points", new_value: "1.5" },
      ]);
    }
    const empty = await postForm(page, { intent: "group", key: "56", kind: "mark", points: "" }, { cookie: t.cookie });
    expect(empty.status).toBe(400);
  });
});
