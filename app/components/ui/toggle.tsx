import type { ReactNode } from "react";

/**
 * A switch that always posts a value: the hidden 'false' goes first and a ticked box's 'on' after it, so a form
 * without JavaScript and the JSON API read the same field (the last value wins).
 */
export function Toggle({
  name,
  label,
  hint,
  checked,
  defaultChecked,
  disabled,
  onChange,
  id,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
  id?: string;
}) {
  const inputId = id ?? `toggle-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input type="hidden" name={name} value="false" />
      <span className="relative mt-0.5 inline-flex h-5 w-9 shrink-0">
        <input
          id={inputId}
          type="checkbox"
          role="switch"
          name={name}
          className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          checked={checked}
          defaultChecked={defaultChecked}
          disabled={disabled}
          onChange={onChange ? (e) => onChange(e.currentTarget.checked) : undefined}
          aria-describedby={hint ? `${inputId}-hint` : undefined}
        />
        <span
          aria-hidden="true"
          className="h-5 w-9 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 peer-disabled:opacity-50"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-4"
        />
      </span>
      <span className="min-w-0">
        <label htmlFor={inputId} className={`block text-sm font-medium ${disabled ? "text-slate-400" : "text-slate-800"}`}>
          {label}
        </label>
        {hint ? (
          <span id={`${inputId}-hint`} className="block text-xs text-slate-500">
            {hint}
          </span>
        ) : null}
      </span>
    </div>
  );
}

export function Card({
  title,
  description,
  children,
  className = "",
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      {title ? <h2 className="text-base font-semibold text-slate-900">{title}</h2> : null}
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className={title || description ? "mt-4" : ""}>{children}</div>
    </section>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const styles: Record<string, string> = {
    Active: "bg-blue-50 text-blue-700 ring-blue-200",
    Draft: "bg-slate-100 text-slate-700 ring-slate-200",
    Completed: "bg-green-50 text-green-700 ring-green-200",
    graded: "bg-green-50 text-green-700 ring-green-200",
    pending: "bg-amber-50 text-amber-800 ring-amber-200",
    missing: "bg-red-50 text-red-700 ring-red-200",
    "needs review": "bg-orange-50 text-orange-800 ring-orange-200",
    approved: "bg-emerald-50 text-emerald-700 ring-emerald-200",
    failed: "bg-red-50 text-red-700 ring-red-200",
    processing: "bg-blue-50 text-blue-700 ring-blue-200",
  };
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[status] ?? styles.Draft}`}
    >
      {status}
    </span>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span>{clamped}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={clamped}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
