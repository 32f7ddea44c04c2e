// The Analytics screen's figures as tables: what the printable report prints, the CSV exports, and the
// screen shows under each chart. One source, so the export holds exactly the figures shown.
import type { AnalyticsReport } from "~/lib/analytics";

export type TableCell = string | number | null;
export interface FigureTable {
  id: string;
  title: string;
  columns: string[];
  rows: TableCell[][];
}

const pct = (n: number | null | undefined) => (n == null ? null : `${n}%`);
export const PERIOD_LABELS = { "7d": "Last 7 days", "30d": "Last 30 days", "90d": "Last 90 days", "1y": "Last year" } as const;

export function reportTables(report: AnalyticsReport): FigureTable[] {
  const k = report.kpis;
  return [
    {
      id: "kpis",
      title: "Key figures",
      columns: ["Figure", "Value"],
      rows: [
        ["Average score", pct(k.averageScore)],
        ["Change from the previous period", k.averageChange == null ? null : `${k.averageChange > 0 ? "+" : ""}${k.averageChange} points`],
        ["Graded papers", k.graded],
        ["Students assessed", k.studentsAssessed],
        ["Assignments graded", k.assignments],
        ["Pass rate (70% or more)", pct(k.passRate)],
        ["Classes", k.classes],
      ],
    },
    {
      id: "trend",
      title: "Performance trend",
      columns: ["Period", "Average", "Graded"],
      rows: report.trend.map((t) => [t.label, pct(t.average), t.count]),
    },
    {
      id: "distribution",
      title: "Grade distribution",
      columns: ["Grade", "Papers"],
      rows: report.distribution.map((d) => [d.label, d.count]),
    },
    {
      id: "classes",
      title: "Class overview",
      columns: ["Class", "Subject", "Students", "Graded", "Average", "Highest", "Lowest", "Students below target"],
      rows: report.classes.map((c) => [
        c.name,
        c.subject,
        c.students,
        c.graded,
        pct(c.average),
        pct(c.highest),
        pct(c.lowest),
        c.belowTarget,
      ]),
    },
    {
      id: "subjects",
      title: "Subject performance against targets",
      columns: ["Subject", "Average", "Target", "Graded"],
      rows: report.subjects.map((s) => [s.subject, pct(s.average), pct(s.target), s.graded]),
    },
    {
      id: "questions",
      title: "Question difficulty",
      columns: ["Assignment", "Question", "Key", "Answered", "Right", "Right %", "Points given %"],
      rows: report.questions.flatMap((a) =>
        a.questions.map((q) => [a.title, q.number, q.keyAnswer, q.answered, q.right, pct(q.percentRight), pct(q.pointsShare)]),
      ),
    },
    {
      id: "standards",
      title: "Standards mastery",
      columns: ["Standard", "Average", "Level", "Graded", "Students"],
      rows: report.standards.map((s) => [s.standard, pct(s.average), s.level, s.graded, s.students]),
    },
    {
      id: "comparison",
      title: "Class comparison",
      columns: ["Rank", "Class", "Average", "Graded"],
      rows: report.comparison.map((c, i) => [i + 1, c.name, pct(c.average), c.graded]),
    },
  ];
}
