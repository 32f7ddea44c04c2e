// The confirmation page shared by "delete a student" and "delete an assignment": works without JavaScript.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { dangerButton, secondaryButton } from "~/components/ui/kit";

export function ConfirmDelete({ title, back, children, button }: { title: string; back: string; children: ReactNode; button: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <section aria-labelledby="confirm-heading" className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
        <h1 id="confirm-heading" className="text-xl font-semibold text-red-800">
          {title}
        </h1>
        <div className="mt-3 space-y-2 text-sm text-slate-700">{children}</div>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <Link to={back} className={secondaryButton}>
            Cancel
          </Link>
          <button type="submit" className={dangerButton}>
            {button}
          </button>
        </Form>
      </section>
    </main>
  );
}
