// The table every list page draws: a header row of column labels and a body of rows the page renders.
// 'panel' is the full-width list in a card (assignments, a question's answers, an assignment's students);
// 'plain' is the compact table inside a section (a class's roster, a student's scores).
import type { ReactNode } from "react";

export type Column =
  | string
  | {
      label: ReactNode;
      /** Read by screen readers only (an actions column). */
      srOnly?: boolean;
      ariaSort?: "ascending" | "descending" | "none";
      className?: string;
    };

const STYLES = {
  panel: {
    table: "min-w-full divide-y divide-slate-200 text-sm",
    thead: "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500",
    th: "px-4 py-3",
    lastTh: "px-4 py-3",
  },
  plain: {
    table: "w-full text-left text-sm",
    thead: "border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500",
    th: "py-2 pr-3 font-medium",
    lastTh: "py-2 font-medium",
  },
} as const;

/** Cell padding that lines up with each variant's header. */
export const cellClass = { panel: "px-4 py-3", plain: "py-2 pr-3" } as const;

export function DataTable({
  columns,
  children,
  variant = "panel",
  caption,
  className = "",
  theadClassName,
  bodyClassName = "divide-y divide-slate-100",
}: {
  columns: Column[];
  children: ReactNode;
  variant?: keyof typeof STYLES;
  caption?: string;
  className?: string;
  theadClassName?: string;
  bodyClassName?: string;
}) {
  const style = STYLES[variant];
  // On a phone a wide table scrolls inside its own box instead of widening the page; width 0 with min-width 100%
  // keeps the table's width out of the layout of the cards and grids around it. Focusable so the keyboard scrolls it.
  // `relative` makes the box the containing block of the sr-only labels (absolutely positioned): without it a
  // label in the last column sits at the table's far edge outside the box and widens the page.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
    <div className="relative w-0 min-w-full overflow-x-auto" tabIndex={0} role="group" aria-label={caption ?? "Table"}>
      <table className={`${style.table} ${className}`.trim()}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={theadClassName ?? style.thead}>
          <tr>
            {columns.map((column, index) => {
              const c = typeof column === "string" ? { label: column } : column;
              const base = index === columns.length - 1 ? style.lastTh : style.th;
              return (
                <th key={index} scope="col" aria-sort={c.ariaSort} className={c.className ?? base}>
                  {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
      </table>
    </div>
  );
}
