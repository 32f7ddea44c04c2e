// The dashboard's Overview panels. Every figure links to the list behind it.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { TrendAreaChart } from "~/components/charts/figure-charts";
import { formatPercent } from "~/lib/format";
import type { DashboardOverview } from "~/server/dashboard.server";

export function Panel({
  title,
  action,
  children,
  className = "",
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function KpiCards({ kpis }: { kpis: DashboardOverview["kpis"] }) {
  const cards = [
    { label: "Classes", value: kpis.classes, to: "/classes" },
    { label: "Students", value: kpis.students, to: "/students" },
    { label: "Assignments", value: kpis.assignments, to: "/assignments" },
    { label: "Graded submissions", value: kpis.graded, to: "/assignments?status=Completed" },
    { label: "Average score", value: formatPercent(kpis.averageScore), to: "/analytics" },
    { label: "Waiting for your review", value: kpis.needsReview, to: "/review" },
  ];
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-6">
      {cards.map((kpi) => (
        <Link
          key={kpi.label}
          to={kpi.to}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:shadow focus-visible:outline-2"
        >
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{kpi.label}</p>
          <p className="mt-2 text-2xl font-semibold" data-testid={`kpi-${kpi.label}`}>
            {kpi.value}
          </p>
        </Link>
      ))}
    </section>
  );
}

export function Insights({ insights }: { insights: DashboardOverview["insights"] }) {
  return (
    <Panel title="AI insights">
      {insights.length === 0 ? (
        <p className="text-sm text-slate-600">
          Insights appear once a few assignments are graded: most-missed questions, slipping averages, standards below target.
        </p>
      ) : (
        <ul className="space-y-3" data-testid="insights">
          {insights.map((insight, i) => (
            <li key={i} className="rounded-lg bg-slate-50 p-3 text-sm">
              <Link to={insight.href} className="font-medium text-slate-900 hover:underline">
                {insight.text}
              </Link>
              <p className="mt-1 text-xs text-slate-600">Based on: {insight.basis}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function TrendPanel({ trend }: { trend: DashboardOverview["trend"] }) {
  return (
    <Panel
      title="Performance trend"
      action={
        <nav aria-label="Trend period" className="flex gap-1">
          {(["7d", "30d", "90d"] as const).map((p) => (
            <Link
              key={p}
              to={`?trend=${p}`}
              preventScrollReset
              aria-current={trend.period === p ? "true" : undefined}
              className={`rounded-md px-2 py-1 text-xs font-medium ${trend.period === p ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {p}
            </Link>
          ))}
        </nav>
      }
    >
      <TrendAreaChart title={`Average score, last ${trend.period}`} points={trend.points} />
    </Panel>
  );
}

export function SubjectPerformance({ subjects }: { subjects: DashboardOverview["subjects"] }) {
  return (
    <Panel
      title="Subject performance"
      action={
        <Link to="/analytics" className="text-sm font-medium text-brand-700 hover:underline">
          Analytics
        </Link>
      }
    >
      {subjects.length === 0 ? (
        <p className="text-sm text-slate-600">No graded work yet.</p>
      ) : (
        <ul className="space-y-3">
          {subjects.map((s) => (
            <li key={s.subject}>
              <div className="flex justify-between text-sm">
                <span className="font-medium">{s.subject}</span>
                <span>
                  {formatPercent(s.average)} <span className="text-slate-600">· {s.graded} graded</span>
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className={`h-2 rounded-full ${s.average >= s.target ? "bg-green-600" : "bg-amber-500"}`}
                  style={{ width: `${s.average}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function GradingProgress({ progress }: { progress: DashboardOverview["progress"] }) {
  return (
    <Panel
      title="Grading progress"
      action={
        <Link to="/assignments" className="text-sm font-medium text-brand-700 hover:underline">
          All assignments
        </Link>
      }
    >
      {progress.length === 0 ? (
        <p className="text-sm text-slate-600">No assignments yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {progress.map((a) => (
            <li key={a.id} className="py-2">
              <div className="flex flex-wrap justify-between gap-x-3 text-sm">
                <Link to={`/assignment/${a.id}`} className="min-w-0 font-medium text-slate-900 hover:underline">
                  {a.title}
                </Link>
                <span className="text-slate-600">
                  {a.graded} of {a.total} graded
                  {a.grading ? ` · ${a.grading} grading` : ""}
                  {a.failed ? ` · ${a.failed} failed` : ""}
                  {a.waitingReview ? ` · ${a.waitingReview} to review` : ""}
                </span>
              </div>
              <div
                className="mt-1 h-2 rounded-full bg-slate-100"
                role="progressbar"
                aria-label={`${a.title} grading progress`}
                aria-valuenow={a.percentDone}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${a.percentDone}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function RecentActivity({ recent }: { recent: DashboardOverview["recent"] }) {
  return (
    <Panel title="Recent activity">
      {recent.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing graded yet.{" "}
          <Link to="/add-assignment" className="font-medium text-brand-700 hover:underline">
            Upload your first assignment
          </Link>{" "}
          to see Gradewell at work.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {recent.map((item) => (
            <li key={item.id} className="flex justify-between gap-3 py-2 text-sm">
              {item.href ? (
                <Link to={item.href} className="min-w-0 hover:underline">
                  {item.studentName || "Unnamed student"} · {item.assignmentTitle ?? "QuickSnap"}
                </Link>
              ) : (
                <span className="min-w-0">
                  {item.studentName || "Unnamed student"} · {item.assignmentTitle ?? "QuickSnap"}
                </span>
              )}
              <span className="whitespace-nowrap text-slate-600">{item.percent == null ? item.status : formatPercent(item.percent)}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export const QUICK_ACTIONS = [
  { to: "/dashboard?quicksnap=1", label: "Snap & Grade", hint: "Photograph one paper and grade it now" },
  { to: "/add-assignment", label: "Upload Assignments", hint: "Upload a stack of student work" },
  { to: "/add-assignment?drive=1", label: "Google Drive", hint: "Pick students' work from your Drive" },
  { to: "/assignments", label: "Create Assignment", hint: "Set up an assignment with its key" },
  { to: "/classes", label: "Manage Classes", hint: "Rosters, codes and students" },
];

export function QuickActionsPanel() {
  return (
    <Panel title="Quick actions">
      <ul className="grid gap-2 sm:grid-cols-2">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.label}>
            <Link to={action.to} className="block rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50">
              <span className="block text-sm font-medium text-slate-900">{action.label}</span>
              <span className="block text-xs text-slate-600">{action.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
