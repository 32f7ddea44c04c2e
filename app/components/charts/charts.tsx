// Charts (recharts) drawn in the browser only; the server renders an accessible table of the same figures,
// kept for screen readers once the chart appears.
import type { ReactNode } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useHydrated } from "~/hooks/use-hydrated";

const BRAND = "#2854c5";
export const SUBJECT_COLORS: Record<string, string> = {
  Reading: "#2854c5",
  Math: "#0f766e",
  Writing: "#b45309",
  Science: "#7c3aed",
  "Social Studies": "#be123c",
};

type Row = Record<string, string | number | null>;

function ChartFrame({
  title,
  rows,
  columns,
  empty,
  children,
}: {
  title: string;
  rows: Row[];
  columns: { key: string; label: string }[];
  empty: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (rows.length === 0) {
    return <p className="flex h-40 items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-600">{empty}</p>;
  }
  return (
    <figure>
      <figcaption className="sr-only">{title}</figcaption>
      {hydrated ? (
        <div aria-hidden="true" className="h-64 w-full">
          {children}
        </div>
      ) : null}
      {/* A table ignores the 1 px width of sr-only and would widen a phone's page: its wrapper is hidden instead. */}
      <div className={hydrated ? "sr-only" : "overflow-x-auto"}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className="py-1 pr-3 font-medium text-slate-600">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.key} className="py-1 pr-3">
                    {row[c.key] == null ? "—" : String(row[c.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const axis = { fontSize: 12, fill: "#475569" };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-09-07" → "Sep 7". */
function shortDate(iso: string): string {
  const [, m, d] = iso.split("-").map(Number);
  return m && d ? `${MONTHS[m - 1]} ${d}` : iso;
}

export function GradeTrendChart({ data }: { data: { month: string; grade: number }[] }) {
  return (
    <ChartFrame
      title="Average grade by month"
      rows={data}
      columns={[
        { key: "month", label: "Month" },
        { key: "grade", label: "Average %" },
      ]}
      empty="No graded work yet"
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 10, right: 10, left: -20, bottom: 0 }}>
          <defs>
            <linearGradient id="trendFill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={BRAND} stopOpacity={0.3} />
              <stop offset="100%" stopColor={BRAND} stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="month" tick={axis} />
          <YAxis domain={[0, 100]} tick={axis} />
          <Tooltip formatter={(v) => [`${v}%`, "Average"]} />
          <Area
            isAnimationActive={false}
            type="monotone"
            dataKey="grade"
            stroke={BRAND}
            strokeWidth={2}
            fill="url(#trendFill)"
            dot={{ r: 4, fill: BRAND, stroke: BRAND }}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function ScoresBarChart({ data }: { data: { name: string; percent: number }[] }) {
  return (
    <ChartFrame
      title="Score per assignment"
      rows={data}
      columns={[
        { key: "name", label: "Assignment" },
        { key: "percent", label: "Score %" },
      ]}
      empty="No graded work yet"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 10, right: 10, left: -20, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="name" tick={axis} interval={0} />
          <YAxis domain={[0, 100]} tick={axis} />
          <Tooltip formatter={(v) => [`${v}%`, "Score"]} />
          <Bar isAnimationActive={false} dataKey="percent" fill={BRAND} radius={[4, 4, 0, 0]} maxBarSize={48} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function ProgressLineChart({ data }: { data: { date: string; percent: number; running: number }[] }) {
  return (
    <ChartFrame
      title="Scores over time with running average"
      rows={data}
      columns={[
        { key: "date", label: "Date" },
        { key: "percent", label: "Score %" },
        { key: "running", label: "Running average %" },
      ]}
      empty="No graded work yet"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 10, right: 10, left: -20, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tick={axis} tickFormatter={shortDate} />
          <YAxis domain={[0, 100]} tick={axis} />
          <Tooltip />
          <Legend />
          <Line isAnimationActive={false} type="monotone" dataKey="percent" name="Score" stroke={BRAND} strokeWidth={2} dot />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="running"
            name="Running average"
            stroke="#0f766e"
            strokeDasharray="5 3"
            strokeWidth={2}
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function WeeklyProgressChart({ data, subjects }: { data: Row[]; subjects: readonly string[] }) {
  return (
    <ChartFrame
      title="Weekly average per subject"
      rows={data}
      columns={[{ key: "week", label: "Week of" }, ...subjects.map((s) => ({ key: s, label: s }))]}
      empty="No graded work in these subjects yet"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 10, right: 10, left: -20, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="week" tick={axis} tickFormatter={shortDate} />
          <YAxis domain={[0, 100]} tick={axis} />
          <Tooltip />
          <Legend />
          {subjects.map((s) => (
            <Line
              key={s}
              isAnimationActive={false}
              type="monotone"
              dataKey={s}
              stroke={SUBJECT_COLORS[s] ?? BRAND}
              strokeWidth={2}
              connectNulls
              dot
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
