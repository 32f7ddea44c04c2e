import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { useJobEvents } from "~/hooks/use-job-events";
import { useTypewriter } from "~/hooks/use-typewriter";
import { formatPercent, formatScore, scoreBadgeClass } from "~/lib/format";
import { initialJobView, jobProgressPercent, type SubmissionView } from "~/lib/job-state";
import { withCurrentScores } from "~/lib/job-scores";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { jobPageData } from "~/server/jobs.server";
import { NotFoundBoundary } from "~/components/classes/not-found";
import { AnswerInk } from "~/components/ui/answer-ink";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Grading"} | Gradewell` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const data = await jobPageData(getDb(context.cloudflare.env.DB), teacher.id, params.jobId ?? "");
  if (!data) throw new Response("Grading job not found", { status: 404 });
  const { job, assignment, submissions } = data;
  return {
    jobId: job.id,
    title: assignment ? `Grading: ${assignment.title}` : "QuickSnap grading",
    assignment,
    files: Object.fromEntries(submissions.map((s) => [s.id, { fileId: s.fileId, fileName: s.fileName, contentType: s.contentType }])),
    seed: {
      status: job.status === "queued" ? ("processing" as const) : job.status,
      total: job.total,
      done: job.done,
      failed: job.failed,
      averageScore: job.averageScore,
      submissions: submissions.map((s) => ({ ...s, feedback: s.feedback ?? "" })),
    },
  };
}

const STATUS_LABEL = {
  processing: "Grading…",
  completed: "Complete",
  completed_with_failures: "Complete, with failures",
  failed: "Failed",
} as const;

export default function JobPage() {
  const { jobId, title, assignment, files, seed } = useLoaderData<typeof loader>();
  const initial = useMemo(() => initialJobView(seed), [seed]);
  const { view: streamed, connection } = useJobEvents(jobId, initial);
  // Once grading is over the stored scores are the truth (a teacher may have overridden some since): they are
  // read again when the job ends and whenever the teacher comes back to this tab.
  const view = useMemo(
    () => (streamed.status === "processing" ? streamed : withCurrentScores(streamed, seed.submissions)),
    [streamed, seed],
  );
  const revalidator = useRevalidator();
  const finished = streamed.status !== "processing";
  useEffect(() => {
    if (finished) revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the job ends
  }, [finished]);
  useEffect(() => {
    const refresh = () => document.visibilityState === "visible" && revalidator.revalidate();
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("focus", refresh);
    return () => {
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("focus", refresh);
    };
  }, [revalidator]);
  const percent = jobProgressPercent(view);
  const active = view.order.find((id) => view.submissions[id]?.status === "processing");

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Link to={assignment ? `/assignment/${assignment.id}` : "/dashboard"} className="text-sm font-medium text-brand-600 hover:underline">
        ← {assignment ? "Back to the assignment" : "Back to the dashboard"}
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            <span data-testid="job-status">{STATUS_LABEL[view.status]}</span>
            {" · "}
            {view.done} of {view.total} done{view.failed ? ` · ${view.failed} failed` : ""}
            {connection === "reconnecting" ? " · reconnecting…" : ""}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Average score</p>
          <p className="text-3xl font-semibold" data-testid="job-average">
            {formatPercent(view.averageScore)}
          </p>
        </div>
      </div>
      <div
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Grading progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      {view.errors.length > 0 ? (
        <ul className="mt-4 space-y-1 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {view.errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      ) : null}

      <ol className="mt-8 space-y-6">
        {view.order.map((id) => {
          const submission = view.submissions[id];
          return submission ? (
            <SubmissionCard
              key={id}
              submission={submission}
              file={files[id]}
              live={seed.status === "processing"}
              expanded={id === active || view.order.length === 1 || submission.status !== "pending"}
            />
          ) : null;
        })}
      </ol>
    </main>
  );
}

function SubmissionCard({
  submission,
  file,
  expanded,
  live,
}: {
  submission: SubmissionView;
  file?: { fileId: string | null; fileName: string | null; contentType: string | null };
  expanded: boolean;
  live: boolean;
}) {
  const feedback = useTypewriter(submission.feedback, live);
  const name = submission.studentName || file?.fileName || "Student";
  const text = submission.pages
    .map((p) => p.text)
    .join("\n\n")
    .trim();
  const confidence = submission.pages.find((p) => p.confidence != null)?.confidence;
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="submission-card" data-status={submission.status}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
        <h2 className="font-semibold">{name}</h2>
        <StatusBadge submission={submission} />
      </div>
      {expanded ? (
        <div className="grid gap-6 p-5 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div>
            {file?.fileId && file.contentType?.startsWith("image/") && file.contentType !== "image/heic" ? (
              <img
                src={`/api/files/${file.fileId}`}
                alt={`The page ${name} handed in`}
                className="max-h-96 w-full rounded-md border border-slate-200 object-contain"
              />
            ) : file?.fileId ? (
              <a href={`/api/files/${file.fileId}`} className="text-sm font-medium text-brand-600 hover:underline">
                Open {file.fileName ?? "the file"}
              </a>
            ) : null}
            <h3 className="mt-4 text-sm font-semibold text-slate-700">
              Recognised text{confidence != null ? ` (${Math.round(confidence)}% confident)` : ""}
            </h3>
            <pre
              className="mt-1 max-h-72 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800"
              data-testid="recognized-text"
            >
              {text ||
                (submission.status === "pending"
                  ? "Waiting to be read…"
                  : submission.status === "processing"
                    ? "Reading…"
                    : "Nothing could be read.")}
            </pre>
          </div>
          <div>
            {submission.questions.length > 0 ? (
              <table className="w-full text-sm">
                <caption className="sr-only">Scores by question</caption>
                <thead>
                  <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
                    <th className="py-1 pr-3">Q</th>
                    <th className="py-1 pr-3">Score</th>
                    <th className="py-1">Why</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {submission.questions.map((q) => (
                    <tr key={q.number} data-testid="question-row">
                      <td className="py-1.5 pr-3 font-medium">{q.number}</td>
                      <td className="py-1.5 pr-3 whitespace-nowrap">
                        {/* Checked without a key: a check, not a mark (decision 0033). */}
                        {q.pointsPossible === 0 && q.pointsAwarded === 0 ? "Checked" : formatScore(q.pointsAwarded, q.pointsPossible)}
                        {q.needsReview ? (
                          <span className="ml-1 text-amber-700" title={q.reviewReason ?? "Please check"} data-testid="question-flag">
                            ⚠
                          </span>
                        ) : null}
                      </td>
                      <td className="py-1.5 text-slate-600">
                        <AnswerInk src={q.cropUrl} answer={q.answer} size="sm" />
                        {q.reason}
                        {q.needsReview && q.reviewReason ? <span className="block text-amber-800">Check: {q.reviewReason}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <h3 className="mt-4 text-sm font-semibold text-slate-700">Feedback</h3>
            <p className="mt-1 whitespace-pre-wrap text-sm leading-relaxed text-slate-800" data-testid="feedback">
              {feedback || (submission.status === "failed" ? "" : "Feedback appears here as it is written…")}
              {feedback.length < submission.feedback.length || (submission.status === "processing" && feedback) ? (
                <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-brand-500 align-middle" />
              ) : null}
            </p>
            {submission.reason ? <p className="mt-3 text-sm text-red-700">{submission.reason}</p> : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}

function StatusBadge({ submission }: { submission: SubmissionView }) {
  if (submission.status === "graded") {
    return (
      <span className="flex items-center gap-2 text-sm">
        {submission.needsReview ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Needs review</span>
        ) : null}
        {submission.score == null && submission.maxScore == null ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-semibold text-slate-700" data-testid="submission-score">
            No key: checked, not scored
          </span>
        ) : (
          <span
            className={`rounded-full px-2.5 py-0.5 font-semibold ${scoreBadgeClass(submission.percent)}`}
            data-testid="submission-score"
          >
            {formatScore(submission.score, submission.maxScore)}
            {submission.percent != null ? ` · ${formatPercent(submission.percent)}` : ""}
          </span>
        )}
      </span>
    );
  }
  const styles = {
    pending: "bg-slate-100 text-slate-700",
    processing: "bg-brand-100 text-brand-700",
    failed: "bg-red-100 text-red-800",
  } as const;
  const labels = { pending: "Waiting", processing: "Grading…", failed: "Failed" } as const;
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${styles[submission.status]}`}>{labels[submission.status]}</span>;
}

/** A missing (or another teacher's) grading job gets a not-found page inside the app's layout. */
export function ErrorBoundary() {
  return <NotFoundBoundary title="Grading job not found" back={{ to: "/dashboard", label: "Back to Dashboard" }} />;
}
