// Every figure of the dashboard and the Analytics screen, computed from graded work (pure: the facts come from
// app/server/analytics.server.ts). One place, so the pages, the JSON API and the exports show the same numbers.
// How a figure is defined: docs/decisions/0012-living-demo-and-dashboard-figures.md.

export const PERIODS = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 } as const;
export type Period = keyof typeof PERIODS;
export const TREND_PERIODS = ["7d", "30d", "90d"] as const;
export const isPeriod = (value: unknown): value is Period => typeof value === "string" && value in PERIODS;

/** The share of points a subject, standard or class should reach; shown beside every comparison. */
export const TARGET_PERCENT = 80;
/** A question counts as right when it got every point. */
const RIGHT = (q: QuestionFact) => q.pointsAwarded >= q.pointsPossible && q.pointsPossible > 0;
const DAY = 86_400_000;

export interface GradeFact {
  submissionId: string;
  studentId: string | null;
  studentName: string;
  assignmentId: string | null;
  assignmentTitle: string;
  classId: string | null;
  className: string | null;
  subject: string;
  standards: string[];
  /** When the work was set (the assignment's due date, else when it was created; QuickSnap: when graded). */
  date: number;
  score: number;
  maxScore: number;
  percent: number;
}

export interface QuestionFact {
  submissionId: string;
  assignmentId: string | null;
  number: string;
  pointsAwarded: number;
  pointsPossible: number;
  keyAnswer: string | null;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const avg1 = (values: number[]) => {
  const m = mean(values);
  return m == null ? null : round1(m);
};

export function inPeriod(facts: GradeFact[], period: Period, now: number, offset = 0) {
  const end = now - offset * PERIODS[period] * DAY;
  const start = end - PERIODS[period] * DAY;
  return facts.filter((f) => f.date > start && f.date <= end);
}

export type Band = "A" | "B" | "C" | "D" | "F";
export const BANDS: { band: Band; label: string; min: number }[] = [
  { band: "A", label: "A (90–100%)", min: 90 },
  { band: "B", label: "B (80–89%)", min: 80 },
  { band: "C", label: "C (70–79%)", min: 70 },
  { band: "D", label: "D (60–69%)", min: 60 },
  { band: "F", label: "F (below 60%)", min: 0 },
];
export const bandOf = (percent: number): Band => BANDS.find((b) => percent >= b.min)!.band;

export function kpis(facts: GradeFact[], previous: GradeFact[]) {
  const average = avg1(facts.map((f) => f.percent));
  const before = avg1(previous.map((f) => f.percent));
  return {
    averageScore: average,
    averageChange: average != null && before != null ? round1(average - before) : null,
    graded: facts.length,
    studentsAssessed: new Set(facts.map((f) => f.studentId ?? `name:${f.studentName}`)).size,
    assignments: new Set(facts.map((f) => f.assignmentId).filter(Boolean)).size,
    passRate: facts.length ? round1((facts.filter((f) => f.percent >= 70).length / facts.length) * 100) : null,
  };
}

/** Average per day (7d), week (30d, 90d) or month (1y), oldest first; empty buckets have no average. */
export function trend(facts: GradeFact[], period: Period, now: number) {
  const days = PERIODS[period];
  const step = period === "7d" ? 1 : period === "1y" ? 365 / 12 : 7;
  const buckets = Math.ceil(days / step);
  const out: { label: string; start: number; average: number | null; count: number }[] = [];
  for (let i = buckets - 1; i >= 0; i--) {
    const end = now - i * step * DAY;
    const start = end - step * DAY;
    const inside = facts.filter((f) => f.date > start && f.date <= end);
    const date = new Date(end);
    const label =
      period === "1y"
        ? date.toLocaleDateString("en-US", { month: "short", timeZone: "UTC" })
        : date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    out.push({ label, start, average: avg1(inside.map((f) => f.percent)), count: inside.length });
  }
  return out;
}

export function distribution(facts: GradeFact[]) {
  return BANDS.map((b) => ({ band: b.band, label: b.label, count: facts.filter((f) => bandOf(f.percent) === b.band).length }));
}

export function bySubject(facts: GradeFact[]) {
  const subjects = [...new Set(facts.map((f) => f.subject || "Other"))].sort();
  return subjects.map((subject) => {
    const inside = facts.filter((f) => (f.subject || "Other") === subject);
    return { subject, average: avg1(inside.map((f) => f.percent))!, graded: inside.length, target: TARGET_PERCENT };
  });
}

export interface ClassInfo {
  id: string;
  name: string;
  subject: string;
  students: number;
}

export function classOverview(facts: GradeFact[], classList: ClassInfo[]) {
  return classList.map((c) => {
    const inside = facts.filter((f) => f.classId === c.id);
    const percents = inside.map((f) => f.percent).sort((a, b) => a - b);
    return {
      id: c.id,
      name: c.name,
      subject: c.subject,
      students: c.students,
      graded: inside.length,
      average: avg1(percents),
      highest: percents.length ? percents.at(-1)! : null,
      lowest: percents.length ? percents[0] : null,
      belowTarget: new Set(
        Object.entries(groupBy(inside, (f) => f.studentId ?? f.studentName))
          .filter(([, rows]) => mean(rows.map((r) => r.percent))! < TARGET_PERCENT)
          .map(([id]) => id),
      ).size,
    };
  });
}

function groupBy<T>(items: T[], key: (item: T) => string) {
  const out: Record<string, T[]> = {};
  for (const item of items) (out[key(item)] ??= []).push(item);
  return out;
}

/** Per assignment, each question: how many answered it, how many got every point, the share of points given. */
export function questionDifficulty(facts: GradeFact[], questions: QuestionFact[]) {
  const inFacts = new Map(facts.map((f) => [f.submissionId, f]));
  const byAssignment = groupBy(
    questions.filter((q) => inFacts.has(q.submissionId) && q.assignmentId),
    (q) => q.assignmentId!,
  );
  return Object.entries(byAssignment)
    .map(([assignmentId, rows]) => {
      const first = facts.find((f) => f.assignmentId === assignmentId)!;
      const perQuestion = Object.entries(groupBy(rows, (q) => q.number)).map(([number, answers]) => {
        const right = answers.filter(RIGHT).length;
        const awarded = answers.reduce((s, a) => s + a.pointsAwarded, 0);
        const possible = answers.reduce((s, a) => s + a.pointsPossible, 0);
        return {
          number,
          keyAnswer: answers[0].keyAnswer,
          answered: answers.length,
          right,
          percentRight: round1((right / answers.length) * 100),
          pointsShare: possible ? round1((awarded / possible) * 100) : 0,
        };
      });
      perQuestion.sort((a, b) => Number(a.number) - Number(b.number) || a.number.localeCompare(b.number));
      return {
        assignmentId,
        title: first.assignmentTitle,
        className: first.className,
        date: first.date,
        questions: perQuestion,
        mostMissed: [...perQuestion].sort((a, b) => a.percentRight - b.percentRight)[0] ?? null,
      };
    })
    .sort((a, b) => b.date - a.date);
}

/** Per standard chosen on assignments: the average of the work set against it. */
export function standardsMastery(facts: GradeFact[]) {
  const standards = [...new Set(facts.flatMap((f) => f.standards))].sort();
  return standards.map((standard) => {
    const inside = facts.filter((f) => f.standards.includes(standard));
    const average = avg1(inside.map((f) => f.percent))!;
    return {
      standard,
      average,
      graded: inside.length,
      students: new Set(inside.map((f) => f.studentId ?? f.studentName)).size,
      target: TARGET_PERCENT,
      level: average >= TARGET_PERCENT ? "Mastered" : average >= 60 ? "Approaching" : "Below",
    };
  });
}

/** Students whose last two grades average at least 10 points below their earlier ones. */
export function droppedStudents(facts: GradeFact[]) {
  const byStudent = groupBy(
    facts.filter((f) => f.studentId),
    (f) => f.studentId!,
  );
  return Object.entries(byStudent)
    .map(([studentId, rows]) => {
      const sorted = [...rows].sort((a, b) => a.date - b.date);
      if (sorted.length < 3) return null;
      const recent = sorted.slice(-2);
      const earlier = sorted.slice(0, -2);
      const recentAverage = round1(mean(recent.map((r) => r.percent))!);
      const earlierAverage = round1(mean(earlier.map((r) => r.percent))!);
      return { studentId, name: rows[0].studentName, recentAverage, earlierAverage, change: round1(recentAverage - earlierAverage) };
    })
    .filter((s): s is NonNullable<typeof s> => s !== null && s.change <= -10)
    .sort((a, b) => a.change - b.change);
}

export interface Insight {
  kind: "most_missed" | "average_dropped" | "standard_below_target";
  text: string;
  /** The figures the statement rests on, shown beside it. */
  basis: string;
  href: string;
}

/** Plain statements computed from the grades, each with the numbers behind it. */
export function insights(facts: GradeFact[], questions: QuestionFact[]): Insight[] {
  const out: Insight[] = [];
  const missed = questionDifficulty(facts, questions)
    .flatMap((a) => a.questions.filter((q) => q.answered >= 3).map((q) => ({ ...q, assignment: a })))
    .sort((a, b) => a.percentRight - b.percentRight)
    .slice(0, 2)
    .filter((q) => q.percentRight < 60);
  for (const q of missed) {
    out.push({
      kind: "most_missed",
      text: `Question ${q.number} of ${q.assignment.title} was the most missed: ${q.answered - q.right} of ${q.answered} students did not get it right.`,
      basis: `${q.right} of ${q.answered} right (${q.percentRight}%)${q.keyAnswer ? `; key: ${q.keyAnswer}` : ""}`,
      href: `/assignment/${q.assignment.assignmentId}/question/${encodeURIComponent(q.number)}`,
    });
  }
  for (const s of droppedStudents(facts).slice(0, 3)) {
    out.push({
      kind: "average_dropped",
      text: `${s.name}'s average dropped ${Math.abs(s.change)} points.`,
      basis: `last two assignments ${s.recentAverage}%, earlier ${s.earlierAverage}%`,
      href: `/student/${s.studentId}`,
    });
  }
  for (const s of standardsMastery(facts)
    .filter((m) => m.average < TARGET_PERCENT)
    .sort((a, b) => a.average - b.average)
    .slice(0, 3)) {
    out.push({
      kind: "standard_below_target",
      text: `Standard ${s.standard} is below target.`,
      basis: `${s.average}% average over ${s.graded} graded papers; target ${s.target}%`,
      href: `/analytics#standards`,
    });
  }
  return out;
}

/** Everything the Analytics screen shows for one period, from the facts (app/server/analytics.server.ts reads them). */
export function analyticsReportOf(facts: GradeFact[], questions: QuestionFact[], classInfo: ClassInfo[], period: Period, now: number) {
  const current = inPeriod(facts, period, now);
  const previous = inPeriod(facts, period, now, 1);
  const classes = classOverview(current, classInfo);
  return {
    period,
    generatedAt: new Date(now).toISOString(),
    kpis: { ...kpis(current, previous), classes: classInfo.length },
    trend: trend(current, period, now),
    distribution: distribution(current),
    classes,
    subjects: bySubject(current),
    questions: questionDifficulty(current, questions),
    standards: standardsMastery(current),
    comparison: classes.filter((c) => c.average != null).sort((a, b) => b.average! - a.average!),
  };
}
export type AnalyticsReport = ReturnType<typeof analyticsReportOf>;
