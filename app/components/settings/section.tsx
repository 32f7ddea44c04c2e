import type { ReactNode } from "react";

export function SettingsSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function Saved({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="text-sm font-medium text-green-700">
      {message}
    </p>
  );
}

export function SubmitButton({ children, busy, danger = false }: { children: ReactNode; busy?: boolean; danger?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`rounded-md px-4 py-2 text-sm font-semibold text-white shadow-sm disabled:opacity-60 ${
        danger ? "bg-red-600 hover:bg-red-700" : "bg-brand-600 hover:bg-brand-700"
      }`}
    >
      {children}
    </button>
  );
}
