import { describe, expect, it } from "vitest";
import { bandOf, droppedStudents, inPeriod, insights, kpis, trend, type GradeFact, type QuestionFact } from "~/lib/analytics";
import { formatScore, pointsLabel } from "~/lib/format";
import { answerKey, DEMO_ASSIGNMENTS, DEMO_STUDENTS, demoWork } from "../../../scripts/db/demo/content";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 12);
const fact = (over: Partial<GradeFact>): GradeFact => ({
  submissionId: Math.random().toString(36),
  studentId: "s1",
  studentName: "Ana",
  assignmentId: "a1",
  assignmentTitle: "Quiz",
  classId: "c1",
  className: "Math",
  subject: "Mathematics",
  standards: [],
  date: NOW - DAY,
  score: 8,
  maxScore: 10,
  percent: 80,
  ...over,
});

describe("figures", () => {
  it("bands grades A to F at 90, 80, 70 and 60", () => {
    expect([100, 90, 89.9, 80, 79, 70, 69, 60, 59.9, 0].map(bandOf)).toEqual(["A", "A", "B", "B", "C", "C", "D", "D", "F", "F"]);
  });

  it("counts a period up to now and compares it with the one before", () => {
    const facts = [
      fact({ date: NOW - 2 * DAY, percent: 90 }),
      fact({ date: NOW - 9 * DAY, percent: 60 }),
      fact({ date: NOW - 40 * DAY, percent: 10 }),
    ];
    expect(inPeriod(facts, "7d", NOW)).toHaveLength(1);
    expect(inPeriod(facts, "7d", NOW, 1)).toHaveLength(1);
    expect(kpis(inPeriod(facts, "7d", NOW), inPeriod(facts, "7d", NOW, 1))).toMatchObject({
      averageScore: 90,
      averageChange: 30,
      passRate: 100,
    });
    expect(kpis([], [])).toMatchObject({ averageScore: null, averageChange: null, graded: 0, passRate: null });
  });

  it("buckets the trend by day for 7 days and by month for a year", () => {
    const facts = [fact({ date: NOW - 0.5 * DAY, percent: 70 }), fact({ date: NOW - 0.2 * DAY, percent: 90 })];
    const week = trend(facts, "7d", NOW);
    expect(week).toHaveLength(7);
    expect(week.at(-1)).toMatchObject({ average: 80, count: 2 });
    expect(week[0]).toMatchObject({ average: null, count: 0 });
    expect(trend(facts, "1y", NOW)).toHaveLength(12);
  });

  it("finds a student whose last two grades dropped ten points or more, and says on what numbers", () => {
    const facts = [
      fact({ date: NOW - 30 * DAY, percent: 90 }),
      fact({ date: NOW - 20 * DAY, percent: 80 }),
      fact({ date: NOW - 10 * DAY, percent: 70 }),
      fact({ date: NOW - 5 * DAY, percent: 70 }),
      fact({ studentId: "s2", studentName: "Ben", date: NOW - 9 * DAY, percent: 90 }),
      fact({ studentId: "s2", studentName: "Ben", date: NOW - 8 * DAY, percent: 85 }),
      fact({ studentId: "s2", studentName: "Ben", date: NOW - 7 * DAY, percent: 82 }),
    ];
    expect(droppedStudents(facts)).toEqual([{ studentId: "s1", name: "Ana", recentAverage: 70, earlierAverage: 85, change: -15 }]);
    const said = insights(facts, []);
    expect(said).toEqual([
      {
        kind: "average_dropped",
        text: "Ana's average dropped 15 points.",
        basis: "last two assignments 70%, earlier 85%",
        href: "/student/s1",
      },
    ]);
  });

  it("names a most-missed question only when enough students answered it and most missed it", () => {
    const facts = [1, 2, 3].map((i) => fact({ submissionId: `x${i}`, studentId: `s${i}` }));
    const q = (submissionId: string, awarded: number): QuestionFact => ({
      submissionId,
      assignmentId: "a1",
      number: "4",
      pointsAwarded: awarded,
      pointsPossible: 2,
      keyAnswer: "83",
    });
    expect(insights(facts, [q("x1", 2), q("x2", 0), q("x3", 1)])[0]).toMatchObject({
      kind: "most_missed",
      basis: "1 of 3 right (33.3%); key: 83",
    });
    expect(insights(facts, [q("x1", 2), q("x2", 2), q("x3", 0)])).toEqual([]);
    expect(insights(facts.slice(0, 2), [q("x1", 0), q("x2", 0)])).toEqual([]);
  });
});

describe("score formatting", () => {
  it("shows scores one way and counts points in words", () => {
    expect(formatScore(6.666666, 10)).toBe("6.67 / 10");
    expect(formatScore(null, 10)).toBe("– / 10");
    expect(pointsLabel(1)).toBe("1 point");
    expect(pointsLabel(2)).toBe("2 points");
    expect(pointsLabel(0.5)).toBe("0.5 points");
  });
});

describe("the living demo's content", () => {
  it("gives every enrolled student a page for every assignment of their class, the same on every run", () => {
    const work = demoWork();
    const expected = DEMO_ASSIGNMENTS.reduce((n, a) => n + DEMO_STUDENTS.filter((s) => s.classes.includes(a.classId)).length, 0);
    expect(work).toHaveLength(expected);
    expect(new Set(work.map((w) => w.submissionId)).size).toBe(work.length);
    expect(demoWork().map((w) => w.lines.join("\n"))).toEqual(work.map((w) => w.lines.join("\n")));
    for (const w of work) {
      expect(w.lines[0]).toBe(`Name: ${w.student.name}`);
      expect(w.lines.filter((l) => l.startsWith("Answer:"))).toHaveLength(w.assignment.questions.length);
    }
    expect(answerKey(DEMO_ASSIGNMENTS[0])).toMatch(/^1\. 5\n2\. -13/);
    // Some pages are photographed or poor, so the grader has real reasons to ask for review.
    expect(work.some((w) => w.quality !== "clean")).toBe(true);
  });
});

describe("score colours", () => {
  it("never shows 0% in green", async () => {
    const { scoreBadgeClass } = await import("~/lib/format");
    expect(scoreBadgeClass(0)).toContain("red");
    expect(scoreBadgeClass(65)).toContain("amber");
    expect(scoreBadgeClass(95)).toContain("emerald");
    expect(scoreBadgeClass(null)).toContain("slate");
  });
});

describe("job page after overrides", () => {
  it("shows the stored scores and their average, not the streamed ones", async () => {
    const { initialJobView } = await import("~/lib/job-state");
    const { withCurrentScores } = await import("~/lib/job-scores");
    const sub = (id: string, score: number) => ({
      id,
      studentName: id,
      status: "graded" as const,
      score,
      maxScore: 10,
      percent: score * 10,
      needsReview: false,
      feedback: "",
      recognizedText: null,
      failureReason: null,
    });
    const streamed = initialJobView({
      status: "completed",
      total: 2,
      done: 2,
      failed: 0,
      averageScore: 50,
      submissions: [sub("a", 4), sub("b", 6)],
    });
    const view = withCurrentScores(streamed, [
      { ...sub("a", 10), status: "graded" },
      { ...sub("b", 6), status: "graded" },
    ]);
    expect(view.averageScore).toBe(80);
    expect(view.submissions.a.score).toBe(10);
  });
});
