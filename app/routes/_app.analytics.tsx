import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ComparisonBars, DistributionDonut, SubjectRadar, TrendAreaChart } from "~/components/charts/figure-charts";
import { ClassOverviewList, KpiGrid, QuestionDifficulty, StandardsMastery } from "~/components/analytics/analytics-sections";
import { Panel } from "~/components/dashboard/overview-panels";
import { MenuDetails } from "~/components/ui/menu-details";
import { isPeriod, PERIODS, type Period } from "~/lib/analytics";
import { PERIOD_LABELS } from "~/lib/analytics-tables";
import { analyticsReport } from "~/server/analytics.server";
import { requireTeacher } from "~/server/auth.server";
import { hasPlanFeature } from "~/server/plans.server";
import { UpgradeNotice } from "~/components/ui/upgrade-notice";
import { getDb } from "../../core/db/client";

export const meta: MetaFunction = () => [{ title: "Analytics | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  // Advanced analytics are Professional: Starter sees what the screen holds and the upgrade link, not the figures.
  if (!hasPlanFeature(teacher, "advanced_analytics")) return { locked: true as const, plan: teacher.plan, report: null };
  const param = new URL(request.url).searchParams.get("period");
  const period: Period = isPeriod(param) ? param : "30d";
  return {
    locked: false as const,
    plan: teacher.plan,
    report: await analyticsReport(getDb(context.cloudflare.env.DB), teacher.id, period),
  };
}

export default function Analytics() {
  const { report, plan } = useLoaderData<typeof loader>();
  if (!report) return <LockedAnalytics plan={plan} />;
  const period = report.period;
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Analytics</h1>
          <p className="mt-1 text-slate-600">{PERIOD_LABELS[period]}, from every graded paper.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Period" className="flex gap-1 rounded-lg border border-slate-200 bg-white p-1">
            {(Object.keys(PERIODS) as Period[]).map((p) => (
              <Link
                key={p}
                to={`?period=${p}`}
                aria-current={p === period ? "true" : undefined}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${p === period ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {p}
              </Link>
            ))}
          </nav>
          <MenuDetails
            summary="Export Report"
            summaryClassName="cursor-pointer list-none rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <ul className="absolute right-0 z-10 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
              <li>
                <Link
                  to={`/analytics/report?period=${period}`}
                  reloadDocument
                  className="block rounded-md px-3 py-2 text-sm hover:bg-slate-50"
                >
                  Printable report (PDF)
                </Link>
              </li>
              <li>
                <a
                  href={`/analytics/export.csv?period=${period}`}
                  download
                  className="block rounded-md px-3 py-2 text-sm hover:bg-slate-50"
                >
                  Figures as CSV
                </a>
              </li>
            </ul>
          </MenuDetails>
        </div>
      </div>

      <div className="mt-6 space-y-6">
        <KpiGrid kpis={report.kpis} />
        <div className="grid gap-6 lg:grid-cols-3">
          <Panel title="Performance trend" className="lg:col-span-2">
            <TrendAreaChart title="Average score over the period" points={report.trend} />
          </Panel>
          <Panel title="Grade distribution">
            <DistributionDonut bands={report.distribution} />
          </Panel>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <Panel title="Class overview">
            <ClassOverviewList classes={report.classes} />
          </Panel>
          <Panel title="Subject performance against targets">
            <SubjectRadar subjects={report.subjects} />
          </Panel>
        </div>
        <Panel title="Class comparison">
          <ComparisonBars title="Class averages" rows={report.comparison} />
        </Panel>
        <Panel title="Question difficulty">
          <QuestionDifficulty assignments={report.questions} />
        </Panel>
        <Panel title="Standards mastery">
          <StandardsMastery standards={report.standards} />
        </Panel>
      </div>
    </main>
  );
}

function LockedAnalytics({ plan }: { plan: Parameters<typeof UpgradeNotice>[0]["plan"] }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Analytics</h1>
      <UpgradeNotice feature="advanced_analytics" plan={plan} className="mt-6" />
      <p className="mt-4 text-sm text-slate-600">
        Your dashboard&apos;s Overview and Analytics tabs show your KPIs, performance trend and subject performance on every plan.
      </p>
    </main>
  );
}
