import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getAuth } from "~/server/auth.server";

export const meta: MetaFunction = () => [
  { title: "Gradewell: grade student work in minutes" },
  { name: "description", content: "Photograph or upload student work; Gradewell reads it, grades it against your answer key and writes feedback you review." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: (await getAuth(request, context)) !== null };
}

export default function Landing() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-full bg-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-brand-700">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          Gradewell
        </Link>
        <nav aria-label="Main" className="flex items-center gap-4 text-sm font-medium">
          {signedIn ? (
            <Link to="/dashboard" className="rounded-md bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">
              Dashboard
            </Link>
          ) : (
            <Link to="/login" className="text-slate-700 hover:text-slate-900">
              Sign In
            </Link>
          )}
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Grade a stack of papers before your coffee cools</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
          Photograph or upload your students' work. Gradewell reads it, grades it against your answer key or rubric, and writes feedback you
          review, adjust and export.
        </p>
        <div className="mt-10 flex justify-center gap-4">
          <Link to="/register" className="rounded-md bg-brand-600 px-6 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
            Start Free Trial
          </Link>
          <Link to="/login" className="rounded-md border border-slate-300 px-6 py-3 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Sign In
          </Link>
        </div>
      </main>
    </div>
  );
}
