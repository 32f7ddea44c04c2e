import { describe, expect, it } from "vitest";
import {
  assignmentScores,
  gradeTrend,
  recentActivity,
  strengthsAndAreas,
  studentSummary,
  subjectDetails,
  subjectPerformance,
  weeklyProgress,
  type StudentWork,
} from "~/lib/student-insights";

const work = (over: Partial<StudentWork>): StudentWork => ({
  submissionId: over.submissionId ?? Math.random().toString(36).slice(2),
  assignmentId: null,
  title: "Quiz",
  subject: "Mathematics",
  assignmentType: "quiz",
  standards: [],
  status: "graded",
  percent: 80,
  score: 8,
  maxScore: 10,
  date: new Date("2026-02-02T10:00:00Z"),
  questions: [],
  ...over,
});

describe("student insights", () => {
  it("shows nothing invented when nothing is graded", () => {
    const pending = [work({ status: "pending", percent: null })];
    expect(strengthsAndAreas(pending)).toEqual({ strengths: [], areas: [] });
    expect(studentSummary(pending, 3, { present: 0, absent: 0, late: 0 })).toMatchObject({
      overallGrade: null,
      letterGrade: null,
      assignmentsCompleted: 0,
      assignmentsTotal: 3,
      attendanceRate: null,
    });
    expect(gradeTrend(pending)).toEqual([]);
    expect(recentActivity(pending)[0]).toMatchObject({ activity: "Submitted: Quiz", score: null });
  });

  it("computes the overall grade, letter, completion and attendance from real records", () => {
    const works = [
      work({ assignmentId: "a1", percent: 90 }),
      work({ assignmentId: "a2", percent: 80 }),
      work({ assignmentId: "a3", status: "missing", percent: null }),
    ];
    expect(studentSummary(works, 4, { present: 8, absent: 1, late: 1 })).toMatchObject({
      overallGrade: 85,
      letterGrade: "B",
      assignmentsCompleted: 2,
      assignmentsTotal: 4,
      attendanceRate: 90,
    });
  });

  it("draws strengths and areas from scores and question feedback", () => {
    const works = [
      work({
        title: "Fractions quiz",
        percent: 100,
        questions: [{ questionNumber: "1", pointsAwarded: 2, pointsPossible: 2, feedback: "", reason: "" }],
      }),
      work({
        title: "Decimals test",
        percent: 50,
        date: new Date("2026-03-01T00:00:00Z"),
        questions: [
          {
            questionNumber: "3",
            pointsAwarded: 0,
            pointsPossible: 2,
            feedback: "Line up the decimal points before adding. Then check.",
            reason: "wrong",
          },
        ],
      }),
    ];
    const { strengths, areas } = strengthsAndAreas(works);
    expect(strengths).toContain("Full marks on Fractions quiz");
    expect(areas).toContain("Scored 50% on Decimals test");
    expect(areas).toContain("Line up the decimal points before adding. (Decimals test, question 3)");
  });

  it("groups the same feedback across questions and needs two grades for a subject-level statement", () => {
    const q = (n: string) => ({ questionNumber: n, pointsAwarded: 1, pointsPossible: 5, feedback: "Show your steps.", reason: "" });
    const works = [
      work({ title: "A", subject: "Science", percent: 95, questions: [q("1")] }),
      work({ title: "B", subject: "Math", percent: 80, questions: [q("2"), q("3")] }),
      work({ title: "C", subject: "Math", percent: 92, questions: [q("4")] }),
    ];
    const { strengths, areas } = strengthsAndAreas(works);
    expect(strengths).toContain("Strong results in Mathematics (average 86% over 2 graded)".replace("Mathematics", "Math"));
    expect(strengths.some((s) => s.includes("Science ("))).toBe(false);
    expect(areas).toEqual(["Show your steps. (C, question 4; B, question 2 and 2 more)"]);
  });

  it("builds monthly trend, scores, subject cards with signed trend and weekly progress", () => {
    const works = [
      work({ title: "M1", percent: 70, date: new Date("2026-01-05T00:00:00Z") }),
      work({ title: "M2", percent: 85, date: new Date("2026-01-20T00:00:00Z") }),
      work({
        title: "R1",
        subject: "English",
        assignmentType: "homework",
        percent: 92,
        date: new Date("2026-01-21T00:00:00Z"),
        standards: ["RL.3.1"],
      }),
    ];
    expect(gradeTrend(works)).toEqual([{ month: "Jan 2026", grade: 82.3 }]);
    expect(assignmentScores(works).map((s) => s.name)).toEqual(["M1", "M2", "R1"]);
    const cards = subjectPerformance(works);
    expect(cards.find((c) => c.subject === "Math")).toMatchObject({ currentGrade: 77.5, trend: "+15", count: 2 });
    expect(cards.find((c) => c.subject === "Reading")).toMatchObject({ currentGrade: 92, trend: null });
    expect(cards.find((c) => c.subject === "Science")).toMatchObject({ currentGrade: null, count: 0 });
    expect(weeklyProgress(works)).toEqual([
      { week: "2026-01-05", Reading: null, Math: 70, Writing: null, Science: null, "Social Studies": null },
      { week: "2026-01-19", Reading: 92, Math: 85, Writing: null, Science: null, "Social Studies": null },
    ]);
    expect(subjectDetails(works, "Reading")[0]).toMatchObject({ assignment: "R1", standard: "RL.3.1", score: 92, type: "homework" });
  });
});
