import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";

type Row = {
  submissionId: string;
  student: string;
  late: boolean;
  sync: "draft" | "returned" | "failed" | null;
  grade: number | null;
  error: string | null;
};
type Overview = {
  inClassroom: boolean;
  owned: boolean;
  canPost: boolean;
  hasKey: boolean;
  rows: Row[];
  result?: { sent: number; unchanged: number; failed: number; notReady: number };
  error?: string;
  gradebook?: boolean;
};

const button =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60";
const primary = "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60";

const SYNC: Record<string, string> = { draft: "Draft grade sent", returned: "Returned", failed: "Not sent" };

function summary(result: NonNullable<Overview["result"]>) {
  const parts = [`${result.sent} sent`, `${result.unchanged} unchanged`];
  if (result.notReady) parts.push(`${result.notReady} not graded or approved yet`);
  if (result.failed) parts.push(`${result.failed} not sent`);
  return `Google Classroom: ${parts.join(", ")}.`;
}

/** The assignment page's Google Classroom panel: the key for imported coursework, post, send, return, sync state. */
export function AssignmentClassroom({ assignmentId }: { assignmentId: string }) {
  const url = `/api/classroom/assignments/${assignmentId}`;
  const loader = useFetcher<Overview>();
  const action = useFetcher<Overview>();
  useEffect(() => {
    if (loader.state === "idle" && !loader.data) loader.load(url);
  }, [loader, url]);
  const data = action.data && !action.data.error ? action.data : loader.data;
  if (!data || data.error || (!data.inClassroom && !data.canPost)) return null;
  const busy = action.state !== "idle" ? (action.json as { action?: string } | undefined)?.action : null;
  const send = (what: string, extra: Record<string, string> = {}) =>
    action.submit({ action: what, ...extra }, { method: "post", action: url, encType: "application/json" });

  return (
    <section aria-labelledby="classroom-panel" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="classroom-panel" className="text-base font-semibold text-slate-900">
          Google Classroom
        </h2>
        <div className="flex flex-wrap gap-2">
          {data.canPost ? (
            <button type="button" className={primary} disabled={Boolean(busy)} onClick={() => send("post")}>
              {busy === "post" ? "Posting..." : "Post to Classroom"}
            </button>
          ) : null}
          {data.inClassroom && data.owned ? (
            <>
              <button type="button" className={button} disabled={Boolean(busy)} onClick={() => send("draft")}>
                {busy === "draft" ? "Sending..." : "Send draft grades"}
              </button>
              <button type="button" className={primary} disabled={Boolean(busy)} onClick={() => send("return")}>
                {busy === "return" ? "Returning..." : "Return grades"}
              </button>
            </>
          ) : null}
        </div>
      </div>
      {data.inClassroom && !data.owned ? (
        <p className="mt-2 text-sm text-slate-700">
          Google Classroom lets an app set grades only on coursework that the app created. This coursework was made in Classroom itself, so
          Gradewell cannot send its grades.{" "}
          <a href={`/api/exports/assignment/${assignmentId}?format=csv`} className="font-medium text-brand-700 underline">
            Download the gradebook file
          </a>{" "}
          instead.
        </p>
      ) : null}
      {action.data?.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {action.data.error}
          {action.data.gradebook ? (
            <>
              {" "}
              <a href={`/api/exports/assignment/${assignmentId}?format=csv`} className="font-medium underline">
                Download the gradebook file
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {action.data?.result ? (
        <p role="status" className="mt-2 text-sm text-green-800">
          {summary(action.data.result)}
        </p>
      ) : null}
      {data.inClassroom && !data.hasKey ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            const key = String(new FormData(event.currentTarget).get("answer_key_text") ?? "");
            send("key", { answer_key_text: key });
          }}
        >
          <label htmlFor="classroom-key" className="block text-sm font-medium text-slate-700">
            Answer key (one answer a line, such as &quot;1. 3/4&quot;)
          </label>
          <textarea
            id="classroom-key"
            name="answer_key_text"
            rows={4}
            required
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <button type="submit" className={button} disabled={Boolean(busy)}>
            Save answer key
          </button>
        </form>
      ) : null}
      {data.rows.length ? (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Classroom sync">
          {data.rows.map((row) => (
            <li key={row.submissionId} className="flex flex-wrap justify-between gap-2 py-1.5" data-testid="classroom-row">
              <span>
                {row.student}
                {row.late ? <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900">Late</span> : null}
              </span>
              <span className={row.sync === "failed" ? "text-red-700" : "text-slate-600"} title={row.error ?? undefined}>
                {row.sync ? `${SYNC[row.sync]}${row.grade != null && row.sync !== "failed" ? ` (${row.grade})` : ""}` : "Not sent yet"}
                {row.sync === "failed" && row.error ? `: ${row.error}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
