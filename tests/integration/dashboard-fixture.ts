// A fixture class whose every Analytics figure was computed by hand (see dashboard.test.ts): two classes,
// four students, three graded assignments with two 5-point questions each, written straight into D1.
import { env } from "cloudflare:workers";
import { getDb } from "../../core/db/client";
import { assignments, classes, enrollments, questionResults, students, submissions } from "../../core/db/schema";

const DAY = 86_400_000;
let seq = 0;
const id = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** Points per student on [q1, q2] (out of 5 each). */
export const FIXTURE_POINTS = {
  a1: [
    [5, 5],
    [5, 0],
    [5, 2.5],
    [0, 0],
  ],
  a2: [
    [5, 5],
    [5, 5],
    [0, 5],
    [5, 0],
  ],
  a3: [[4, 0]],
} as const;

export async function seedFixtureClass(teacherId: string, now = Date.now()) {
  const db = getDb(env.DB);
  const math = id("class");
  const science = id("class");
  const kids = [0, 1, 2, 3].map((i) => ({ id: id("student"), name: `Fixture Student ${i + 1}` }));
  await db.batch([
    db
      .insert(classes)
      .values({ id: math, teacherId, name: "Fixture Math", subject: "Mathematics", gradeLevel: "7", classCode: id("M").slice(-6) }),
    db
      .insert(classes)
      .values({ id: science, teacherId, name: "Fixture Science", subject: "Science", gradeLevel: "7", classCode: id("S").slice(-6) }),
    ...kids.map((k) => db.insert(students).values({ id: k.id, teacherId, name: k.name })),
    ...kids.map((k) => db.insert(enrollments).values({ classId: math, studentId: k.id })),
    db.insert(enrollments).values({ classId: science, studentId: kids[0].id }),
  ]);
  const plan = [
    { key: "a1", title: "Fixture Quiz 1", classId: math, subject: "Mathematics", daysAgo: 10, standards: ["S.1"], kids },
    { key: "a2", title: "Fixture Quiz 2", classId: math, subject: "Mathematics", daysAgo: 3, standards: ["S.1", "S.2"], kids },
    { key: "a3", title: "Fixture Lab", classId: science, subject: "Science", daysAgo: 2, standards: [], kids: [kids[0]] },
  ] as const;
  const ids: Record<string, string> = {};
  for (const a of plan) {
    const assignmentId = id("assignment");
    ids[a.key] = assignmentId;
    await db.insert(assignments).values({
      id: assignmentId,
      teacherId,
      classId: a.classId,
      title: a.title,
      subject: a.subject,
      points: 10,
      status: "Completed",
      dueDate: new Date(now - a.daysAgo * DAY),
      selectedStandards: [...a.standards],
      answerKeyText: "1. 12\n2. 7",
    });
    const points = FIXTURE_POINTS[a.key];
    for (const [i, kid] of a.kids.entries()) {
      const [q1, q2] = points[i];
      const submissionId = id("sub");
      await db.batch([
        db.insert(submissions).values({
          id: submissionId,
          teacherId,
          assignmentId,
          studentId: kid.id,
          studentName: kid.name,
          status: "graded",
          score: q1 + q2,
          maxScore: 10,
          percent: (q1 + q2) * 10,
          gradedAt: new Date(now - a.daysAgo * DAY),
        }),
        db
          .insert(questionResults)
          .values({ id: id("q"), submissionId, questionNumber: "1", keyAnswer: "12", pointsAwarded: q1, pointsPossible: 5 }),
        db
          .insert(questionResults)
          .values({ id: id("q"), submissionId, questionNumber: "2", keyAnswer: "7", pointsAwarded: q2, pointsPossible: 5 }),
      ]);
    }
  }
  return { math, science, kids, assignments: ids };
}
