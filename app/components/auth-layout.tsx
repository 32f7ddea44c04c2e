import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col justify-center px-4 py-10">
      <div className="mx-auto w-full max-w-md">
        <Link to="/" className="flex items-center justify-center gap-2 text-xl font-semibold text-brand-700">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          Gradewell
        </Link>
        <h1 className="mt-6 text-center text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-center text-sm text-slate-600">{subtitle}</p>
      </div>
      <main className="mx-auto mt-8 w-full max-w-md rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-sm">{children}</main>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
