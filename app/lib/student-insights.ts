// Everything a student profile shows, derived from the student's real submissions, question results and attendance.
// Pure so it can be tested without a database; the queries live in app/server/students.server.ts.
import {
  attendanceRate,
  average,
  ELEMENTARY_SUBJECTS,
  elementarySubjectFor,
  letterGrade,
  monthKey,
  monthLabel,
  roundScore,
  signedPoints,
  weekStart,
  type ElementarySubject,
} from "./grades";

export type QuestionOutcome = {
  questionNumber: string;
  pointsAwarded: number;
  pointsPossible: number;
  feedback: string;
  reason: string;
};

export type StudentWork = {
  submissionId: string;
  assignmentId: string | null;
  title: string;
  subject: string | null;
  assignmentType: string | null;
  standards: string[];
  status: string;
  percent: number | null;
  score: number | null;
  maxScore: number | null;
  date: Date;
  questions: QuestionOutcome[];
};

export const NOT_ENOUGH_GRADED_WORK = "Not enough graded work yet";

export function gradedWork(works: readonly StudentWork[]) {
  return works.filter((w) => w.status === "graded" && w.percent != null).sort((a, b) => a.date.getTime() - b.date.getTime());
}

function firstSentence(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  const match = clean.match(/^(.{1,160}?[.!?])(\s|$)/);
  return match ? match[1] : clean.slice(0, 160);
}

/** Strengths and areas for improvement, each a short sentence naming the work it comes from. */
export function strengthsAndAreas(works: readonly StudentWork[]): { strengths: string[]; areas: string[] } {
  const graded = gradedWork(works);
  if (graded.length === 0) return { strengths: [], areas: [] };
  const strengths: string[] = [];
  const areas: string[] = [];

  const bySubject = new Map<string, number[]>();
  for (const w of graded) {
    const subject = w.subject?.trim();
    if (!subject) continue;
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), w.percent!]);
  }
  for (const [subject, scores] of bySubject) {
    // One grade is not a pattern: subject-level statements need at least two graded pieces.
    if (scores.length < 2) continue;
    const avg = average(scores)!;
    if (avg >= 85) strengths.push(`Strong results in ${subject} (average ${roundScore(avg)}% over ${scores.length} graded)`);
    else if (avg < 70) areas.push(`${subject} average is ${roundScore(avg)}% over ${scores.length} graded`);
  }

  // The same feedback on several questions is one area, naming where it came from.
  const missed = new Map<string, string[]>();
  for (const w of [...graded].reverse()) {
    const full = w.questions.length > 0 && w.questions.every((q) => q.pointsAwarded >= q.pointsPossible);
    if (full) strengths.push(`Full marks on ${w.title}`);
    else if (w.percent! >= 90) strengths.push(`Scored ${roundScore(w.percent)}% on ${w.title}`);
    else if (w.percent! < 70) areas.push(`Scored ${roundScore(w.percent)}% on ${w.title}`);

    for (const q of w.questions) {
      if (q.pointsAwarded >= q.pointsPossible) continue;
      const why = firstSentence(q.feedback || q.reason) || `Lost points on ${w.title}`;
      missed.set(why, [...(missed.get(why) ?? []), `${w.title}, question ${q.questionNumber}`]);
    }
  }
  for (const [why, where] of missed) {
    const shown = where.slice(0, 2).join("; ");
    areas.push(`${why} (${shown}${where.length > 2 ? ` and ${where.length - 2} more` : ""})`);
  }
  const unique = (list: string[]) => [...new Set(list)].slice(0, 5);
  return { strengths: unique(strengths), areas: unique(areas) };
}

export type AttendanceCounts = { present: number; absent: number; late: number };

export function studentSummary(works: readonly StudentWork[], assignmentsTotal: number, attendance: AttendanceCounts) {
  const graded = gradedWork(works);
  const overall = average(graded.map((w) => w.percent!));
  const done = new Set(graded.map((w) => w.assignmentId ?? w.submissionId)).size;
  const rate = attendanceRate(attendance);
  return {
    overallGrade: roundScore(overall),
    letterGrade: letterGrade(overall),
    assignmentsCompleted: done,
    assignmentsTotal: Math.max(assignmentsTotal, done),
    attendanceRate: roundScore(rate),
    attendance,
  };
}

/** Monthly average of graded work, oldest first. */
export function gradeTrend(works: readonly StudentWork[]) {
  const byMonth = new Map<string, number[]>();
  for (const w of gradedWork(works)) {
    const key = monthKey(w.date);
    byMonth.set(key, [...(byMonth.get(key) ?? []), w.percent!]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, scores]) => ({
      month: monthLabel(key),
      grade: roundScore(average(scores))!,
    }));
}

export function assignmentScores(works: readonly StudentWork[]) {
  return gradedWork(works).map((w) => ({
    name: w.title,
    percent: roundScore(w.percent)!,
    score: w.score,
    max: w.maxScore,
    date: w.date.toISOString().slice(0, 10),
  }));
}

export function recentActivity(works: readonly StudentWork[], limit = 8) {
  return [...works]
    .sort((a, b) => b.date.getTime() - a.date.getTime())
    .slice(0, limit)
    .map((w) => ({
      date: w.date.toISOString().slice(0, 10),
      activity:
        w.status === "graded"
          ? `Graded: ${w.title}`
          : w.status === "missing"
            ? `Missing: ${w.title}`
            : w.status === "failed"
              ? `Could not be graded: ${w.title}`
              : `Submitted: ${w.title}`,
      score: w.status === "graded" ? roundScore(w.percent) : null,
    }));
}

export type SubjectCard = { subject: ElementarySubject; currentGrade: number | null; trend: string | null; count: number };

/** The five elementary cards: average of the subject's graded work, and the point change from the previous to the latest score. */
export function subjectPerformance(works: readonly StudentWork[]): SubjectCard[] {
  const graded = gradedWork(works);
  return ELEMENTARY_SUBJECTS.map((subject) => {
    const scores = graded.filter((w) => elementarySubjectFor(w.subject, w.assignmentType) === subject).map((w) => w.percent!);
    const delta = scores.length >= 2 ? scores[scores.length - 1] - scores[scores.length - 2] : null;
    return { subject, currentGrade: roundScore(average(scores)), trend: signedPoints(delta), count: scores.length };
  });
}

/** One row per week (Monday) with each subject's average that week, oldest first. */
export function weeklyProgress(works: readonly StudentWork[]) {
  const weeks = new Map<string, Map<ElementarySubject, number[]>>();
  for (const w of gradedWork(works)) {
    const subject = elementarySubjectFor(w.subject, w.assignmentType);
    if (!subject) continue;
    const key = weekStart(w.date);
    const row = weeks.get(key) ?? new Map();
    row.set(subject, [...(row.get(subject) ?? []), w.percent!]);
    weeks.set(key, row);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, row]) => {
      const entry: Record<string, string | number | null> = { week };
      for (const subject of ELEMENTARY_SUBJECTS) entry[subject] = roundScore(average(row.get(subject) ?? []));
      return entry;
    });
}

/** Subject Details rows: every graded piece of work in that subject, newest first. */
export function subjectDetails(works: readonly StudentWork[], subject: ElementarySubject) {
  return gradedWork(works)
    .filter((w) => elementarySubjectFor(w.subject, w.assignmentType) === subject)
    .reverse()
    .map((w) => ({
      submissionId: w.submissionId,
      date: w.date.toISOString().slice(0, 10),
      assignment: w.title,
      type: w.assignmentType ?? "",
      standard: w.standards.join(", "),
      score: roundScore(w.percent)!,
    }));
}
