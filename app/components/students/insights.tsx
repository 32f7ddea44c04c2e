import { NOT_ENOUGH_GRADED_WORK } from "~/lib/student-insights";
import { card } from "~/components/ui/kit";

export function InsightList({ title, items, tone }: { title: string; items: string[]; tone: "green" | "amber" }) {
  const dot = tone === "green" ? "bg-emerald-500" : "bg-amber-500";
  return (
    <section className={`${card} p-6`} aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{NOT_ENOUGH_GRADED_WORK}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={item} className="flex gap-2 text-sm text-slate-700">
              <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${dot}`} />
              {item}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
