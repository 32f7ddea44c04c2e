import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { primaryButton } from "~/components/ui/kit";

/** Route error boundary for a missing (or another teacher's) class or student. */
export function NotFoundBoundary({ title, back }: { title: string; back: { to: string; label: string } }) {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{missing ? title : "Something went wrong"}</h1>
      <p className="mt-2 text-slate-600">
        {missing
          ? "It may have been deleted, or it belongs to another account."
          : "Please try again. If it keeps happening, contact support."}
      </p>
      <Link to={back.to} className={`${primaryButton} mt-6`}>
        {back.label}
      </Link>
    </main>
  );
}

export function notFound(): never {
  throw new Response("Not found", { status: 404 });
}
