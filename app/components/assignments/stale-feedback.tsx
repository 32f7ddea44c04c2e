import { Form } from "@remix-run/react";

/**
 * Feedback the teacher wrote before changing a mark is kept, but never silently: it says so, with a one-click
 * rewrite from the marks as they stand (app/server/feedback-refresh.server.ts). Its own form, so it can sit
 * beside the feedback box (a form inside a form is not allowed, hence the `form` attribute).
 */
export function StaleFeedback({ busy }: { busy: boolean }) {
  return (
    <p
      className="mt-2 flex flex-wrap items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
      data-testid="feedback-stale"
    >
      <span className="font-semibold">Written before your change:</span>
      <span>the marks have changed since this feedback was written.</span>
      <button
        type="submit"
        form="rewrite-feedback"
        name="intent"
        value="rewrite-feedback"
        disabled={busy}
        className="rounded border border-amber-300 bg-white px-2 py-1 font-medium text-amber-900 hover:bg-amber-100"
      >
        Rewrite from the marks
      </button>
    </p>
  );
}

/** The form the stale-feedback buttons submit; rendered once per page, outside the other forms. */
export function RewriteFeedbackForm() {
  return <Form method="post" id="rewrite-feedback" className="hidden" />;
}
