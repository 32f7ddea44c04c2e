// The dashboard overview API, every Analytics figure against hand-computed values, notifications and the
// review queue, through the real worker with real D1.
import { env } from "cloudflare:workers";
import { eq as sqlEq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../core/db/client";
import { assignments, gradingJobs, questionResults, submissions } from "../../core/db/schema";
import { signedInTeacher, page } from "./classes-helpers";
import { seedFixtureClass } from "./dashboard-fixture";
import { api, postForm, setPlan } from "./helpers";

/** Advanced analytics are Professional (plan-features.test.ts has the Starter side). */
async function professionalTeacher() {
  const teacher = await signedInTeacher();
  await setPlan(teacher.id, "professional");
  return teacher;
}

describe("Analytics figures on the fixture class", () => {
  it("match the hand-computed values for 30 days", async () => {
    const teacher = await professionalTeacher();
    const fixture = await seedFixtureClass(teacher.id);
    const res = await api("/api/analytics?period=30d", { token: teacher.token });
    expect(res.status).toBe(200);
    const r = (await res.json()) as any;

    // Percents: quiz 1 100, 50, 75, 0; quiz 2 100, 100, 50, 50; lab 40. Mean 565 / 9.
    expect(r.kpis).toEqual({
      averageScore: 62.8,
      averageChange: null,
      graded: 9,
      studentsAssessed: 4,
      assignments: 3,
      passRate: 44.4, // 100, 75, 100, 100 of 9
      classes: 2,
    });
    expect(r.distribution.map((d: any) => [d.band, d.count])).toEqual([
      ["A", 3],
      ["B", 0],
      ["C", 1],
      ["D", 0],
      ["F", 5],
    ]);
    // Weekly buckets, oldest first: quiz 1 (10 days ago) in the fourth, quiz 2 and the lab in the last.
    expect(r.trend.map((t: any) => [t.average, t.count])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
      [56.3, 4],
      [68, 5],
    ]);
    expect(r.classes).toEqual([
      expect.objectContaining({ name: "Fixture Math", students: 4, graded: 8, average: 65.6, highest: 100, lowest: 0, belowTarget: 3 }),
      expect.objectContaining({ name: "Fixture Science", students: 1, graded: 1, average: 40, highest: 40, lowest: 40, belowTarget: 1 }),
    ]);
    expect(r.subjects).toEqual([
      { subject: "Mathematics", average: 65.6, graded: 8, target: 80 },
      { subject: "Science", average: 40, graded: 1, target: 80 },
    ]);
    const quiz1 = r.questions.find((a: any) => a.assignmentId === fixture.assignments.a1);
    expect(quiz1.questions).toEqual([
      { number: "1", keyAnswer: "12", answered: 4, right: 3, percentRight: 75, pointsShare: 75 },
      { number: "2", keyAnswer: "7", answered: 4, right: 1, percentRight: 25, pointsShare: 37.5 },
    ]);
    expect(quiz1.mostMissed.number).toBe("2");
    const lab = r.questions.find((a: any) => a.assignmentId === fixture.assignments.a3);
    expect(lab.questions.map((q: any) => [q.right, q.pointsShare])).toEqual([
      [0, 80],
      [0, 0],
    ]);
    expect(r.standards).toEqual([
      { standard: "S.1", average: 65.6, graded: 8, students: 4, target: 80, level: "Approaching" },
      { standard: "S.2", average: 75, graded: 4, students: 4, target: 80, level: "Approaching" },
    ]);
    expect(r.comparison.map((c: any) => [c.name, c.average])).toEqual([
      ["Fixture Math", 65.6],
      ["Fixture Science", 40],
    ]);

    // Seven days hold quiz 2 and the lab only: (100 + 100 + 50 + 50 + 40) / 5; the week before holds quiz 1.
    const week = (await (await api("/api/analytics?period=7d", { token: teacher.token })).json()) as any;
    expect(week.kpis.averageScore).toBe(68);
    expect(week.kpis.averageChange).toBe(11.7); // 68 - 56.3 (quiz 1: 225 / 4 = 56.25)
    expect(week.trend).toHaveLength(7);

    expect((await api("/api/analytics?period=2w", { token: teacher.token })).status).toBe(400);
  });

  it("exports the figures shown as CSV and as a printable report, for the signed-in teacher only", async () => {
    const teacher = await professionalTeacher();
    await seedFixtureClass(teacher.id);
    const csv = await page("/analytics/export.csv?period=30d", teacher.cookie);
    expect(csv.status).toBe(200);
    expect(csv.html).toContain("Average score,62.8%");
    expect(csv.html).toContain("Fixture Math,Mathematics,4,8,65.6%,100%,0%,3");
    expect(csv.html).toContain("Fixture Quiz 1,2,7,4,1,25%,37.5%");
    expect(csv.html).toContain("S.2,75%,Approaching,4,4");

    const report = await page("/analytics/report?period=30d", teacher.cookie);
    expect(report.status).toBe(200);
    expect(report.html).toContain("Gradewell analytics report");
    expect(report.html).toContain("Standards mastery");

    const screen = await page("/analytics?period=30d", teacher.cookie);
    expect(screen.html).toContain("62.8%");
    expect(screen.html).toContain("Export Report");

    const other = await professionalTeacher();
    const theirs = (await (await api("/api/analytics?period=1y", { token: other.token })).json()) as any;
    expect(theirs.kpis.graded).toBe(0);
    expect(theirs.classes).toEqual([]);
  });
});

describe("GET /api/dashboard/overview", () => {
  it("answers the dashboard's figures: KPIs, insights with their basis, trend, subjects, progress", async () => {
    const teacher = await signedInTeacher();
    const fixture = await seedFixtureClass(teacher.id);
    expect((await api("/api/dashboard/overview")).status).toBe(401);
    const res = await api("/api/dashboard/overview?trend=7d", { token: teacher.token });
    expect(res.status).toBe(200);
    const o = (await res.json()) as any;
    expect(o.kpis).toEqual({ classes: 2, students: 4, assignments: 3, graded: 9, failed: 0, needsReview: 0, averageScore: 62.8 });
    expect(o.trend.period).toBe("7d");
    expect(o.trend.points).toHaveLength(7);
    expect(o.subjects.map((s: any) => [s.subject, s.average])).toEqual([
      ["Mathematics", 65.6],
      ["Science", 40],
    ]);
    expect(o.progress).toHaveLength(3);
    expect(o.progress.find((p: any) => p.id === fixture.assignments.a1)).toMatchObject({ total: 4, graded: 4, percentDone: 100 });

    const kinds = o.insights.map((i: any) => i.kind);
    expect(kinds).toEqual(["most_missed", "average_dropped", "standard_below_target", "standard_below_target"]);
    expect(o.insights[0].text).toBe("Question 2 of Fixture Quiz 1 was the most missed: 3 of 4 students did not get it right.");
    expect(o.insights[0].basis).toBe("1 of 4 right (25%); key: 7");
    // Student 1: 100 on quiz 1, then 100 and 40: the last two average 70, 30 points below.
    expect(o.insights[1].text).toBe("Fixture Student 1's average dropped 30 points.");
    expect(o.insights[1].basis).toBe("last two assignments 70%, earlier 100%");
    expect(o.insights[2].basis).toBe("65.6% average over 8 graded papers; target 80%");

    expect((await api("/api/dashboard/overview?trend=1y", { token: teacher.token })).status).toBe(400);
    const other = await signedInTeacher();
    const theirs = (await (await api("/api/dashboard/overview", { token: other.token })).json()) as any;
    expect(theirs.kpis.graded).toBe(0);
    expect(theirs.insights).toEqual([]);
  });

  it("dashboard search finds students, classes and assignments of the teacher only", async () => {
    const teacher = await signedInTeacher();
    await seedFixtureClass(teacher.id);
    const found = await page("/dashboard?q=fixture", teacher.cookie);
    expect(found.html).toContain("Fixture Student 3");
    expect(found.html).toContain("Fixture Science");
    expect(found.html).toContain("Fixture Lab");
    const other = await signedInTeacher();
    const none = await page("/dashboard?q=fixture", other.cookie);
    expect(none.html).toContain("No results found for");
    expect(none.html).not.toContain("Fixture Student 3");
  });
});

async function seedJob(teacherId: string, assignmentId: string, over: Partial<typeof gradingJobs.$inferInsert>) {
  const id = `job-${Math.random().toString(36).slice(2)}`;
  await getDb(env.DB)
    .insert(gradingJobs)
    .values({ id, teacherId, assignmentId, kind: "assignment", total: 4, finishedAt: new Date(), ...over });
  return id;
}

describe("notifications", () => {
  it("records grading finished, failed and waiting for review once each, and marks them read", async () => {
    const teacher = await signedInTeacher();
    const fixture = await seedFixtureClass(teacher.id);
    await seedJob(teacher.id, fixture.assignments.a1, { status: "completed", done: 4, averageScore: 56.3 });
    await seedJob(teacher.id, fixture.assignments.a2, { status: "completed_with_failures", done: 3, failed: 1 });
    await getDb(env.DB).update(submissions).set({ needsReview: true }).where(eqAssignment(fixture.assignments.a3));

    const first = (await (await api("/api/notifications", { token: teacher.token })).json()) as any;
    const second = (await (await api("/api/notifications", { token: teacher.token })).json()) as any;
    expect(second.items).toHaveLength(first.items.length);
    const titles = first.items.map((n: any) => n.title).sort();
    expect(titles).toEqual([
      "1 paper is waiting for your review",
      "Grading failed: Fixture Quiz 2",
      "Grading finished: Fixture Quiz 1",
      "Grading finished: Fixture Quiz 2",
    ]);
    expect(first.unread).toBe(4);
    const finished = first.items.find((n: any) => n.title === "Grading finished: Fixture Quiz 1");
    expect(finished.body).toBe("4 of 4 graded, average 56.3%.");
    expect(finished.href).toBe(`/assignment/${fixture.assignments.a1}`);

    // Another teacher cannot mark mine read.
    const other = await signedInTeacher();
    await api("/api/notifications", { token: other.token, json: { ids: [finished.id] } });
    expect(((await (await api("/api/notifications", { token: teacher.token })).json()) as any).unread).toBe(4);

    const after = (await (await api("/api/notifications", { token: teacher.token, json: { ids: [finished.id] } })).json()) as any;
    expect(after.unread).toBe(3);
    expect(after.items.find((n: any) => n.id === finished.id).read).toBe(true);

    // The dashboard's button marks all read without JavaScript.
    const res = await postForm("/dashboard", { intent: "read-all" }, { cookie: teacher.cookie });
    expect(res.status).toBe(200);
    expect(((await (await api("/api/notifications", { token: teacher.token })).json()) as any).unread).toBe(0);
    expect((await api("/api/notifications", { token: teacher.token, json: { ids: 3 } })).status).toBe(400);
  });
});

function eqAssignment(assignmentId: string) {
  return sqlEq(submissions.assignmentId, assignmentId);
}

describe("review queue", () => {
  async function flagged(teacherId: string) {
    const fixture = await seedFixtureClass(teacherId);
    const db = getDb(env.DB);
    // Flag student 3's quiz 2 (newer) and student 4's quiz 1 (older); quiz 1's flag rests on question 2's confidence.
    const subs = await db.select().from(submissions).where(sqlEq(submissions.teacherId, teacherId));
    const older = subs.find((s) => s.assignmentId === fixture.assignments.a1 && s.studentName === "Fixture Student 4")!;
    const newer = subs.find((s) => s.assignmentId === fixture.assignments.a2 && s.studentName === "Fixture Student 3")!;
    for (const s of [newer, older]) {
      await db
        .update(submissions)
        .set({ needsReview: true, reviewNotes: ["Low confidence on question 2."] })
        .where(sqlEq(submissions.id, s.id));
    }
    const [q2] = await db
      .select()
      .from(questionResults)
      .where(sqlEq(questionResults.submissionId, older.id))
      .orderBy(questionResults.questionNumber)
      .limit(1)
      .offset(1);
    await db
      .update(questionResults)
      .set({ confidence: 0.3, reason: "The answer was hard to read.", needsReview: true, reviewReason: "Could be a 7 or a 1." })
      .where(sqlEq(questionResults.id, q2.id));
    return { fixture, older, newer, q2 };
  }

  it("walks flagged work oldest first; full marks on the last flagged question approves it and opens the next", async () => {
    const teacher = await signedInTeacher();
    const { older, newer, q2 } = await flagged(teacher.id);

    const first = await page("/review", teacher.cookie);
    expect(first.status).toBe(200);
    expect(first.html).toMatch(/data-testid="queue-student"[^>]*>Fixture Student 4</);
    expect(first.html).toContain("1 of 2 waiting");
    expect(first.html).toContain("The answer was hard to read.");
    expect(first.html).toContain("Low confidence on question 2.");
    expect(first.html).toMatch(/data-testid="queue-question-flag"[^>]*>Could be a 7 or a 1\.</);

    const decided = await postForm(
      "/review",
      { decision: "full", i: "0", q: "0", flaggedCount: "1", assignmentId: older.assignmentId!, submissionId: older.id, questionId: q2.id },
      { cookie: teacher.cookie },
    );
    expect(decided.status).toBe(302);
    expect(decided.headers.get("Location")).toBe("/review?i=0");
    const db = getDb(env.DB);
    const [question] = await db.select().from(questionResults).where(sqlEq(questionResults.id, q2.id));
    expect(question.pointsAwarded).toBe(5);
    expect(question.aiPoints).toBe(0);
    const [sub] = await db.select().from(submissions).where(sqlEq(submissions.id, older.id));
    expect(sub.score).toBe(5);
    expect(sub.percent).toBe(50);
    expect(sub.approvedAt).not.toBeNull();

    const next = await page("/review?i=0", teacher.cookie);
    expect(next.html).toMatch(/data-testid="queue-student"[^>]*>Fixture Student 3</);
    expect(next.html).toContain("1 of 1 waiting");

    // No flagged question on this one: accepting approves it as graded.
    await postForm(
      "/review",
      { decision: "accept", i: "0", q: "0", flaggedCount: "0", assignmentId: newer.assignmentId!, submissionId: newer.id, questionId: "" },
      { cookie: teacher.cookie },
    );
    const [accepted] = await db.select().from(submissions).where(sqlEq(submissions.id, newer.id));
    expect(accepted.approvedAt).not.toBeNull();
    expect(accepted.score).toBe(newer.score);
    expect((await page("/review", teacher.cookie)).html).toContain('data-testid="queue-empty"');
  });

  it("skips without changing anything, and answers 404 for another teacher's work", async () => {
    const teacher = await signedInTeacher();
    const { older } = await flagged(teacher.id);
    const skipped = await postForm("/review", { decision: "skip", i: "0" }, { cookie: teacher.cookie });
    expect(skipped.headers.get("Location")).toBe("/review?i=1");
    const [still] = await getDb(env.DB).select().from(submissions).where(sqlEq(submissions.id, older.id));
    expect(still.approvedAt).toBeNull();

    const other = await signedInTeacher();
    const theirs = await postForm(
      "/review",
      { decision: "accept", i: "0", q: "0", flaggedCount: "0", assignmentId: older.assignmentId!, submissionId: older.id, questionId: "" },
      { cookie: other.cookie },
    );
    expect(theirs.status).toBe(404);
    expect((await getDb(env.DB).select().from(assignments).where(sqlEq(assignments.id, older.assignmentId!))).length).toBe(1);
  });
});
