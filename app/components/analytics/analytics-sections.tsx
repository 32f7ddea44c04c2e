// The Analytics screen's sections that are lists and tables rather than charts.
import { Link } from "@remix-run/react";
import { TARGET_PERCENT } from "~/lib/analytics";
import { formatPercent } from "~/lib/format";
import type { AnalyticsReport } from "~/lib/analytics";

export function KpiGrid({ kpis }: { kpis: AnalyticsReport["kpis"] }) {
  const change = kpis.averageChange;
  const cards = [
    {
      label: "Average score",
      value: formatPercent(kpis.averageScore),
      hint: change == null ? "No earlier period to compare" : `${change > 0 ? "+" : ""}${change} points from the previous period`,
    },
    { label: "Graded papers", value: String(kpis.graded), hint: `${kpis.assignments} assignments` },
    { label: "Students assessed", value: String(kpis.studentsAssessed), hint: `${kpis.classes} classes` },
    { label: "Pass rate", value: formatPercent(kpis.passRate), hint: "70% or more" },
  ];
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map((c) => (
        <div key={c.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{c.label}</p>
          <p className="mt-2 text-2xl font-semibold" data-testid={`analytics-${c.label}`}>
            {c.value}
          </p>
          <p className="mt-1 text-xs text-slate-600">{c.hint}</p>
        </div>
      ))}
    </section>
  );
}

export function ClassOverviewList({ classes }: { classes: AnalyticsReport["classes"] }) {
  if (classes.length === 0) return <p className="text-sm text-slate-600">No classes yet.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {classes.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div className="min-w-0">
            <Link to={`/classes/${c.id}`} className="font-medium text-slate-900 hover:underline">
              {c.name}
            </Link>
            <p className="text-slate-600">
              {c.subject} · {c.students} students · {c.graded} graded
              {c.belowTarget ? ` · ${c.belowTarget} below ${TARGET_PERCENT}%` : ""}
            </p>
          </div>
          <span className="text-lg font-semibold">{formatPercent(c.average)}</span>
        </li>
      ))}
    </ul>
  );
}

export function QuestionDifficulty({ assignments }: { assignments: AnalyticsReport["questions"] }) {
  if (assignments.length === 0) return <p className="text-sm text-slate-600">No graded questions in this period.</p>;
  return (
    <div className="space-y-4">
      {assignments.map((a) => (
        <div key={a.assignmentId}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-sm font-semibold">
              <Link to={`/assignment/${a.assignmentId}`} className="hover:underline">
                {a.title}
              </Link>
              {a.className ? <span className="font-normal text-slate-600"> · {a.className}</span> : null}
            </h3>
            {a.mostMissed ? (
              <p className="text-xs text-slate-700">
                Most missed: question {a.mostMissed.number} ({a.mostMissed.right} of {a.mostMissed.answered} right)
              </p>
            ) : null}
          </div>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full min-w-[28rem] text-left text-sm">
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Question
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Key
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Right
                  </th>
                  <th scope="col" className="w-1/3 py-1 pr-3 font-medium">
                    Share right
                  </th>
                </tr>
              </thead>
              <tbody>
                {a.questions.map((q) => (
                  <tr key={q.number} className="border-t border-slate-100">
                    <td className="py-1 pr-3">
                      <Link
                        to={`/assignment/${a.assignmentId}/question/${encodeURIComponent(q.number)}`}
                        className="text-brand-700 hover:underline"
                      >
                        {q.number}
                      </Link>
                    </td>
                    <td className="py-1 pr-3">{q.keyAnswer ?? "—"}</td>
                    <td className="py-1 pr-3">
                      {q.right} of {q.answered}
                    </td>
                    <td className="py-1 pr-3">
                      <div className="flex items-center gap-2">
                        <div className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden="true">
                          <div
                            className={`h-2 rounded-full ${q.percentRight >= TARGET_PERCENT ? "bg-green-600" : q.percentRight >= 50 ? "bg-amber-500" : "bg-red-600"}`}
                            style={{ width: `${q.percentRight}%` }}
                          />
                        </div>
                        <span className="w-12 text-right">{q.percentRight}%</span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  );
}

const LEVEL_STYLE: Record<string, string> = {
  Mastered: "bg-green-50 text-green-800 ring-green-200",
  Approaching: "bg-amber-50 text-amber-800 ring-amber-200",
  Below: "bg-red-50 text-red-800 ring-red-200",
};

export function StandardsMastery({ standards }: { standards: AnalyticsReport["standards"] }) {
  if (standards.length === 0)
    return <p className="text-sm text-slate-600">No standards chosen on the assignments graded in this period.</p>;
  return (
    <div id="standards" className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              Standard
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Average
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Level
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Graded
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Students
            </th>
          </tr>
        </thead>
        <tbody>
          {standards.map((s) => (
            <tr key={s.standard} className="border-t border-slate-100">
              <td className="py-1 pr-3 font-medium">{s.standard}</td>
              <td className="py-1 pr-3">{formatPercent(s.average)}</td>
              <td className="py-1 pr-3">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${LEVEL_STYLE[s.level]}`}>{s.level}</span>
              </td>
              <td className="py-1 pr-3">{s.graded}</td>
              <td className="py-1 pr-3">{s.students}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
