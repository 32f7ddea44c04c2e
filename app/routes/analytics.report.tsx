import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { isPeriod, type Period } from "~/lib/analytics";
import { PERIOD_LABELS, reportTables } from "~/lib/analytics-tables";
import { analyticsReport } from "~/server/analytics.server";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { hasPlanFeature } from "~/server/plans.server";
import { UpgradeNotice } from "~/components/ui/upgrade-notice";

export const meta: MetaFunction = () => [{ title: "Analytics report | Gradewell" }];

/** The printable report: every figure of /analytics as tables; the browser's print dialog saves it as PDF. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  if (!hasPlanFeature(teacher, "advanced_analytics")) return data({ locked: true as const, plan: teacher.plan }, { status: 403 });
  const param = new URL(request.url).searchParams.get("period");
  const period: Period = isPeriod(param) ? param : "30d";
  const report = await analyticsReport(getDb(context.cloudflare.env.DB), teacher.id, period);
  return { locked: false as const, teacher: teacher.name, period, generatedAt: report.generatedAt, tables: reportTables(report) };
}

export default function AnalyticsReportPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.locked) {
    return (
      <main className="mx-auto max-w-3xl px-6 py-8">
        <h1 className="text-2xl font-bold">Gradewell analytics report</h1>
        <UpgradeNotice feature="advanced_analytics" plan={loaded.plan} className="mt-6" />
      </main>
    );
  }
  const { teacher, period, generatedAt, tables } = loaded;
  return (
    <main className="mx-auto max-w-4xl bg-white px-6 py-8 print:px-0 print:py-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Gradewell analytics report</h1>
          <p className="text-sm text-slate-700">
            {teacher} · {PERIOD_LABELS[period]} · generated {new Date(generatedAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC
          </p>
        </div>
        <div className="flex gap-2 print:hidden">
          <a href={`/analytics?period=${period}`} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
            Back to Analytics
          </a>
          <button
            type="button"
            onClick={() => window.print()}
            className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Print or save as PDF
          </button>
        </div>
      </div>
      {tables.map((table) => (
        <section key={table.id} className="mt-6 break-inside-avoid" aria-labelledby={`report-${table.id}`}>
          <h2 id={`report-${table.id}`} className="text-lg font-semibold">
            {table.title}
          </h2>
          {table.rows.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing in this period.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="mt-2 w-full border-collapse text-left text-sm">
                <thead>
                  <tr>
                    {table.columns.map((c) => (
                      <th key={c} scope="col" className="border-b border-slate-300 py-1 pr-3 font-semibold">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, i) => (
                    <tr key={i}>
                      {row.map((cell, j) => (
                        <td key={j} className="border-b border-slate-100 py-1 pr-3">
                          {cell == null ? "—" : String(cell)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </main>
  );
}
