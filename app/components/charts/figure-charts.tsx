// The dashboard's and the Analytics screen's charts (recharts). Each chart can be focused and walked with the
// arrow keys (recharts' accessibility layer), and each has its figures as a table under "Show data table".
import type { ReactNode } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  Cell,
  CartesianGrid,
  Legend,
  Pie,
  PieChart,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useHydrated } from "~/hooks/use-hydrated";

const BRAND = "#2854c5";
const TARGET = "#b45309";
const BAND_COLORS: Record<string, string> = { A: "#15803d", B: "#2854c5", C: "#a16207", D: "#c2410c", F: "#b91c1c" };
const axis = { fontSize: 12, fill: "#475569" };

type Cellv = string | number | null;

export function ChartFigure({
  title,
  columns,
  rows,
  empty,
  children,
  height = "h-64",
}: {
  title: string;
  columns: string[];
  rows: Cellv[][];
  empty: string;
  children: ReactNode;
  height?: string;
}) {
  const hydrated = useHydrated();
  if (rows.length === 0)
    return <p className="flex h-40 items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-600">{empty}</p>;
  return (
    <figure>
      <figcaption className="sr-only">{title}</figcaption>
      {hydrated ? <div className={`${height} w-full`}>{children}</div> : null}
      <details className="mt-2 text-sm" open={!hydrated}>
        <summary className="cursor-pointer text-brand-700 hover:underline">Show data table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="py-1 pr-3 font-medium text-slate-600">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-t border-slate-100">
                  {row.map((cell, j) => (
                    <td key={j} className="py-1 pr-3">
                      {cell == null ? "—" : String(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

export function TrendAreaChart({ title, points }: { title: string; points: { label: string; average: number | null; count: number }[] }) {
  const rows = points.some((p) => p.count > 0) ? points.map((p) => [p.label, p.average == null ? null : `${p.average}%`, p.count]) : [];
  return (
    <ChartFigure title={title} columns={["Period", "Average", "Graded"]} rows={rows} empty="No graded work in this period">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 10, right: 10, left: -20, bottom: 0 }} title={title} accessibilityLayer>
          <defs>
            <linearGradient id="figureTrendFill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={BRAND} stopOpacity={0.3} />
              <stop offset="100%" stopColor={BRAND} stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={axis} />
          <YAxis domain={[0, 100]} tick={axis} />
          <Tooltip formatter={(v) => [`${v}%`, "Average"]} />
          <Area
            isAnimationActive={false}
            connectNulls
            type="monotone"
            dataKey="average"
            stroke={BRAND}
            strokeWidth={2}
            fill="url(#figureTrendFill)"
            // A single week with work has no line to draw: its dot shows it.
            dot={{ r: 4, fill: BRAND, stroke: BRAND }}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function DistributionDonut({ bands }: { bands: { band: string; label: string; count: number }[] }) {
  const total = bands.reduce((s, b) => s + b.count, 0);
  return (
    <ChartFigure
      title="Grade distribution"
      columns={["Grade", "Papers", "Share"]}
      rows={total ? bands.map((b) => [b.label, b.count, `${Math.round((b.count / total) * 100)}%`]) : []}
      empty="No graded work in this period"
    >
      <ResponsiveContainer width="100%" height="100%">
        <PieChart title="Grade distribution" accessibilityLayer>
          <Pie
            data={bands}
            dataKey="count"
            nameKey="label"
            innerRadius="55%"
            outerRadius="85%"
            isAnimationActive={false}
            label={({ payload }) => (payload.count ? payload.band : "")}
          >
            {bands.map((b) => (
              <Cell key={b.band} fill={BAND_COLORS[b.band]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
        </PieChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function SubjectRadar({ subjects }: { subjects: { subject: string; average: number; target: number; graded: number }[] }) {
  return (
    <ChartFigure
      title="Subject performance against targets"
      columns={["Subject", "Average", "Target", "Graded"]}
      rows={subjects.map((s) => [s.subject, `${s.average}%`, `${s.target}%`, s.graded])}
      empty="No graded work in this period"
    >
      <ResponsiveContainer width="100%" height="100%">
        {subjects.length >= 3 ? (
          <RadarChart data={subjects} outerRadius="75%" title="Subject performance against targets" accessibilityLayer>
            <PolarGrid />
            <PolarAngleAxis dataKey="subject" tick={axis} />
            <PolarRadiusAxis domain={[0, 100]} tick={axis} angle={90} />
            <Radar name="Average" dataKey="average" stroke={BRAND} fill={BRAND} fillOpacity={0.35} isAnimationActive={false} />
            <Radar name="Target" dataKey="target" stroke={TARGET} fill={TARGET} fillOpacity={0.05} isAnimationActive={false} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Tooltip />
          </RadarChart>
        ) : (
          // A radar needs three axes; with fewer subjects the same figures are bars against the target.
          <BarChart
            data={subjects}
            margin={{ top: 10, right: 10, left: -20, bottom: 0 }}
            title="Subject performance against targets"
            accessibilityLayer
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="subject" tick={axis} />
            <YAxis domain={[0, 100]} tick={axis} />
            <Bar dataKey="average" name="Average" fill={BRAND} isAnimationActive={false} />
            <Bar dataKey="target" name="Target" fill={TARGET} isAnimationActive={false} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Tooltip />
          </BarChart>
        )}
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function ComparisonBars({ title, rows }: { title: string; rows: { name: string; average: number | null; graded: number }[] }) {
  return (
    <ChartFigure
      title={title}
      columns={["Class", "Average", "Graded"]}
      rows={rows.map((r) => [r.name, r.average == null ? null : `${r.average}%`, r.graded])}
      empty="No graded work in this period"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 5, right: 20, left: 10, bottom: 0 }} title={title} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis type="number" domain={[0, 100]} tick={axis} />
          <YAxis type="category" dataKey="name" tick={axis} width={120} />
          <Bar dataKey="average" name="Average %" fill={BRAND} isAnimationActive={false} />
          <Tooltip />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
