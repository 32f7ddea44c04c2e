import { Link } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { FREE_TRIAL_DAYS } from "~/lib/plans";
import { Icon } from "./icons";

export const DEMO_DIALOG_ID = "demo-dialog";

function demoDialog(): HTMLDialogElement | null {
  return document.getElementById(DEMO_DIALOG_ID) as HTMLDialogElement | null;
}

/**
 * Opens the demo dialog. `command`/`commandfor` open it natively, even before (or without) JavaScript in current
 * browsers; once React runs, the click handler opens it everywhere.
 */
export function DemoButton({ className, children }: { className?: string; children: ReactNode }) {
  const invoker = { command: "show-modal", commandfor: DEMO_DIALOG_ID } as Record<string, string>;
  function open(event: MouseEvent<HTMLButtonElement>) {
    const dialog = demoDialog();
    if (!dialog || dialog.open) return;
    event.preventDefault();
    dialog.showModal();
  }
  return (
    <button type="button" aria-haspopup="dialog" className={className} onClick={open} {...invoker}>
      {children}
    </button>
  );
}

export function DemoDialog() {
  return (
    // A click on the backdrop closes the dialog; Escape already does so from the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      id={DEMO_DIALOG_ID}
      aria-labelledby="demo-dialog-title"
      aria-describedby="demo-dialog-text"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 backdrop:backdrop-blur-sm"
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself: close, as people expect.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="px-6 pt-8 pb-6 text-center sm:px-8">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon name="video" className="h-6 w-6" />
        </span>
        <h2 id="demo-dialog-title" className="mt-4 text-xl font-bold tracking-tight">
          Demo Coming Soon!
        </h2>
        <p id="demo-dialog-text" className="mt-2 text-sm leading-6 text-slate-600">
          We are recording a guided tour of Gradewell. Until it is ready, the quickest way to see it is on your own papers: the{" "}
          {FREE_TRIAL_DAYS}-day free trial needs no credit card.
        </p>
        <form method="dialog" className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          <Link
            to="/register"
            className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Start Free Trial
          </Link>
          <button
            type="submit"
            // The dialog's one action takes focus when it opens, as a native <dialog> expects.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            className="rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Got it!
          </button>
        </form>
      </div>
    </dialog>
  );
}
