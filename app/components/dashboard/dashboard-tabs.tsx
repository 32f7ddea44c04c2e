// The dashboard's tabs (links, so each tab has its own address), the search results and the non-Overview tabs.
import { Link } from "@remix-run/react";
import { TrendAreaChart } from "~/components/charts/figure-charts";
import { formatPercent } from "~/lib/format";
import type { DashboardOverview, searchTeacherData, studentSummaries } from "~/server/dashboard.server";
import { Panel, SubjectPerformance } from "./overview-panels";

export type DashboardTab = "overview" | "analytics" | "assignments" | "students";
const LABELS: Record<DashboardTab, string> = {
  overview: "Overview",
  analytics: "Analytics",
  assignments: "Assignments",
  students: "Students",
};

export function DashboardTabs({ current }: { current: DashboardTab }) {
  return (
    <nav aria-label="Dashboard" className="-mx-1 flex gap-1 overflow-x-auto px-1">
      {(Object.keys(LABELS) as DashboardTab[]).map((tab) => (
        <Link
          key={tab}
          to={tab === "overview" ? "/dashboard" : `/dashboard?tab=${tab}`}
          aria-current={current === tab ? "page" : undefined}
          className={`whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${
            current === tab ? "bg-brand-50 text-brand-700 ring-1 ring-brand-200" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          }`}
        >
          {LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}

type Search = NonNullable<Awaited<ReturnType<typeof searchTeacherData>>>;

export function SearchResults({ search }: { search: Search }) {
  const total = search.students.length + search.classes.length + search.assignments.length;
  return (
    <section aria-label="Search results" className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-sm font-semibold">{total ? `Results for “${search.query}”` : `No results found for “${search.query}”`}</h2>
      {total ? (
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <ResultList
            title="Students"
            items={search.students.map((s) => ({ id: s.id, label: s.name, hint: s.email ?? "", to: `/student/${s.id}` }))}
          />
          <ResultList
            title="Classes"
            items={search.classes.map((c) => ({ id: c.id, label: c.name, hint: c.subject, to: `/classes/${c.id}` }))}
          />
          <ResultList
            title="Assignments"
            items={search.assignments.map((a) => ({ id: a.id, label: a.title, hint: a.subject, to: `/assignment/${a.id}` }))}
          />
        </div>
      ) : null}
    </section>
  );
}

function ResultList({ title, items }: { title: string; items: { id: string; label: string; hint: string; to: string }[] }) {
  return (
    <div>
      <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {items.map((item) => (
            <li key={item.id} className="text-sm">
              <Link to={item.to} className="font-medium text-brand-700 hover:underline">
                {item.label}
              </Link>{" "}
              <span className="text-slate-600">{item.hint}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AnalyticsTab({ overview }: { overview: DashboardOverview }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel
        title="Performance trend"
        action={
          <Link to="/analytics" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
            Open Analytics
          </Link>
        }
      >
        <TrendAreaChart title={`Average score, last ${overview.trend.period}`} points={overview.trend.points} />
      </Panel>
      <SubjectPerformance subjects={overview.subjects} />
    </div>
  );
}

type StudentRow = Awaited<ReturnType<typeof studentSummaries>>[number];

export function StudentsTab({ students }: { students: StudentRow[] }) {
  return (
    <Panel
      title="Students"
      action={
        <Link to="/students" className="text-sm font-medium text-brand-700 hover:underline">
          All students
        </Link>
      }
    >
      {students.length === 0 ? (
        <p className="text-sm text-slate-600">No students yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {students.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <Link to={`/student/${s.id}`} className="font-medium text-slate-900 hover:underline">
                {s.name}
              </Link>
              <p className="text-slate-600">
                Average {formatPercent(s.average)} · {s.graded} graded
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
