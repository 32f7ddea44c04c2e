import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { JobProgress } from "~/components/assignments/job-progress";
import { RewriteFeedbackButton } from "~/components/assignments/rewrite-feedback";
import { StatusBadge } from "~/components/assignments/toggle";
import { FormAlert } from "~/components/ui/field";
import { formatPercent, formatPoints } from "~/lib/format";
import { SubmissionReviewForm } from "~/schemas/assignments";
import { AssignmentInputError, rowStatus } from "~/server/assignments.server";
import { logAccess, submissionAccess } from "~/server/access-log.server";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { findJob, regradeSubmission } from "~/server/jobs.server";
import { overrideQuestion, overrideScore, saveRecognizedText, setApproval, submissionReview } from "~/server/submissions.server";
import { NotFoundBoundary } from "~/components/classes/not-found";
import { RewriteFeedbackForm, StaleFeedback } from "~/components/assignments/stale-feedback";
import { questionStaleFlag, rewriteAllFeedback, SUMMARY_STALE } from "~/server/feedback-refresh.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.submission.studentName || "Submission"} · ${data?.assignment.title ?? ""} | Gradewell` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const review = await submissionReview(db, teacher.id, params.id ?? "", params.submissionId ?? "");
  if (!review) throw new Response("Submission not found", { status: 404 });
  const { assignment, submission, file, questions, edits, previousId, nextId } = review;
  await logAccess(db, teacher, [submissionAccess(assignment, submission, "viewed")]);
  const job = submission.jobId ? await findJob(db, teacher.id, submission.jobId) : undefined;
  return {
    assignment: {
      id: assignment.id,
      title: assignment.title,
      points: assignment.points,
      requireManualReview: assignment.requireManualReview,
    },
    submission: {
      id: submission.id,
      studentName: submission.studentName,
      status: submission.status,
      rowStatus: rowStatus(assignment, submission),
      score: submission.score,
      aiScore: submission.aiScore,
      teacherScored: submission.flags.includes("teacher_scored"),
      maxScore: submission.maxScore ?? assignment.points,
      percent: submission.percent,
      needsReview: submission.needsReview,
      approvedAt: submission.approvedAt?.toISOString() ?? null,
      recognizedText: submission.recognizedText ?? "",
      readingConfidence: submission.readingConfidence,
      feedback: submission.feedback ?? "",
      feedbackStale: submission.flags.includes(SUMMARY_STALE),
      failureReason: submission.failureReason,
      flags: submission.flags,
      reviewNotes: submission.reviewNotes,
    },
    file: file ? { id: file.id, fileName: file.fileName, contentType: file.contentType } : null,
    questions: questions.map((q) => ({
      id: q.id,
      number: q.questionNumber,
      keyAnswer: q.keyAnswer,
      studentAnswer: q.studentAnswer,
      pointsAwarded: q.pointsAwarded,
      pointsPossible: q.pointsPossible,
      aiPoints: q.aiPoints,
      reason: q.reason,
      confidence: q.confidence,
      needsReview: q.needsReview && q.editedAt == null,
      reviewReason: q.reviewReason,
      feedback: q.feedback,
      edited: q.editedAt != null,
      feedbackStale: submission.flags.includes(questionStaleFlag(q.questionNumber)),
    })),
    edits: edits.map((e) => ({ ...e, editedAt: e.editedAt.toISOString() })),
    previousId,
    nextId,
    job:
      job && (job.status === "processing" || job.status === "queued")
        ? { id: job.id, done: job.done, failed: job.failed, total: job.total }
        : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  const review = await submissionReview(db, teacher.id, params.id ?? "", params.submissionId ?? "");
  if (!review) throw new Response("Submission not found", { status: 404 });
  const parsed = SubmissionReviewForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Invalid input.", saved: null }, { status: 400 });
  const input = parsed.data;
  const here = `/assignment/${review.assignment.id}/submission/${review.submission.id}`;
  const logged = { score: "overrode", question: "overrode", text: "regraded" } as const;
  if (input.intent in logged) {
    await logAccess(db, teacher, [submissionAccess(review.assignment, review.submission, logged[input.intent as keyof typeof logged])]);
  }
  try {
    switch (input.intent) {
      case "score":
        await overrideScore(db, teacher, review.assignment, review.submission, { score: input.score, feedback: input.feedback });
        return { error: null, saved: "Score and feedback saved." };
      case "question":
        await overrideQuestion(db, teacher, review.submission, {
          questionId: input.questionId,
          points: input.points!,
          feedback: input.feedback,
        });
        return { error: null, saved: "Question updated." };
      case "text":
        await saveRecognizedText(db, teacher, review.submission, input.recognizedText);
        await regradeSubmission(
          env,
          db,
          teacher.id,
          { ...review.submission, recognizedText: input.recognizedText },
          { keepOverrides: !input.discardOverrides },
        );
        throw redirect(here);
      case "rewrite-feedback":
        await rewriteAllFeedback(db, teacher, review.submission.id);
        return { error: null, saved: "Feedback rewritten from the marks." };
      case "approve":
      case "unapprove":
        await setApproval(db, teacher, review.submission, input.intent === "approve");
        return { error: null, saved: input.intent === "approve" ? "Grade approved." : "Approval withdrawn." };
    }
  } catch (error) {
    if (error instanceof AssignmentInputError) return data({ error: error.message, saved: null }, { status: error.status });
    throw error;
  }
}

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none";

export default function SubmissionPage() {
  const { assignment, submission, file, questions, edits, previousId, nextId, job } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const feedbackRef = useRef<HTMLTextAreaElement>(null);
  const busy = navigation.state === "submitting";
  const base = `/assignment/${assignment.id}/submission`;
  const fileUrl = file ? `/api/files/${file.id}` : null;
  const isImage = file?.contentType.startsWith("image/") && file.contentType !== "image/heic";
  const isPdf = file?.contentType === "application/pdf";
  const name = submission.studentName || "Unnamed student";

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to={`/assignment/${assignment.id}`} className="font-medium text-slate-600 hover:text-slate-900">
          <span aria-hidden="true">←</span> {assignment.title}
        </Link>
        <span className="flex gap-2">
          {previousId ? (
            <Link
              to={`${base}/${previousId}`}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium text-slate-700 hover:bg-slate-50"
            >
              Previous student
            </Link>
          ) : null}
          {nextId ? (
            <Link
              to={`${base}/${nextId}`}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium text-slate-700 hover:bg-slate-50"
            >
              Next student
            </Link>
          ) : null}
        </span>
      </nav>

      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StatusBadge status={submission.rowStatus} />
            {submission.needsReview && !submission.approvedAt ? <StatusBadge status="needs review" /> : null}
            {submission.approvedAt ? <StatusBadge status="approved" /> : null}
            {submission.status === "failed" ? <StatusBadge status="failed" /> : null}
            <span data-testid="submission-score">
              {submission.score == null
                ? "No score yet"
                : `${formatPoints(submission.score)}/${formatPoints(submission.maxScore)} (${formatPercent(submission.percent)})`}
            </span>
            {submission.teacherScored ? (
              <span className="text-xs text-slate-500">
                AI score: {submission.aiScore == null ? "none" : formatPoints(submission.aiScore)}
              </span>
            ) : null}
          </p>
        </div>
        <Form method="post">
          {submission.approvedAt ? (
            <button
              name="intent"
              value="unapprove"
              disabled={busy}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Withdraw approval
            </button>
          ) : (
            <button
              name="intent"
              value="approve"
              disabled={busy || submission.status !== "graded"}
              className="rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-green-800 disabled:opacity-50"
            >
              Approve grade
            </button>
          )}
        </Form>
      </div>

      <div className="mt-4 space-y-3">
        {actionData?.error ? <FormAlert message={actionData.error} /> : null}
        {actionData?.saved && navigation.state === "idle" ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            {actionData.saved}
          </p>
        ) : null}
        {job ? <JobProgress jobId={job.id} initial={job} /> : null}
        {submission.failureReason ? <FormAlert message={`This work could not be graded: ${submission.failureReason}`} /> : null}
        {submission.needsReview && !submission.approvedAt && submission.reviewNotes.length > 0 ? (
          <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <p className="font-medium">Why this needs your review</p>
            <ul className="mt-1 list-disc pl-5">
              {submission.reviewNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {submission.flags.includes("injection") || submission.flags.includes("prompt_injection") ? (
          <p className="rounded-md border border-orange-200 bg-orange-50 px-3 py-2 text-sm text-orange-900">
            This work contains text that tries to instruct the grader. It was flagged, not obeyed.
          </p>
        ) : null}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="work-title">
          <div className="flex items-center justify-between">
            <h2 id="work-title" className="text-base font-semibold">
              Student&apos;s work
            </h2>
            {fileUrl ? (
              <a href={`${fileUrl}?download`} className="text-sm font-medium text-brand-600 hover:underline">
                Download
              </a>
            ) : null}
          </div>
          <div className="mt-3 overflow-hidden rounded-lg bg-slate-100">
            {!fileUrl ? (
              <p className="p-6 text-sm text-slate-600">No file.</p>
            ) : isImage ? (
              <img src={fileUrl} alt={`${name}'s work`} className="mx-auto max-h-[75vh] w-auto" />
            ) : isPdf ? (
              <object data={fileUrl} type="application/pdf" className="h-[75vh] w-full" aria-label={`${name}'s work`}>
                <p className="p-6 text-sm">
                  <a href={fileUrl} className="text-brand-600 underline">
                    Open {file?.fileName}
                  </a>
                </p>
              </object>
            ) : (
              <p className="p-6 text-sm text-slate-700">
                {file?.fileName}:{" "}
                <a href={`${fileUrl}?download`} className="font-medium text-brand-600 underline">
                  download to view
                </a>
              </p>
            )}
          </div>
        </section>

        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="text-title">
          <h2 id="text-title" className="text-base font-semibold">
            Recognised text
          </h2>
          <p className="mt-1 text-xs text-slate-600">
            {submission.readingConfidence != null ? `Reading confidence ${Math.round(submission.readingConfidence * 100)}%. ` : ""}
            Correct any misread words, then regrade this student.
          </p>
          <Form method="post" className="mt-3 space-y-3">
            <label htmlFor="recognizedText" className="sr-only">
              Recognised text
            </label>
            <textarea
              id="recognizedText"
              name="recognizedText"
              defaultValue={submission.recognizedText}
              rows={16}
              placeholder="No text has been recognised yet. Type what the student wrote to grade it from your text."
              className={`${inputClass} font-mono text-xs`}
            />
            <div className="flex flex-wrap items-center justify-end gap-4">
              <label className="flex items-center gap-2 text-xs text-slate-600">
                <input type="checkbox" name="discardOverrides" value="on" />
                Discard my question overrides
              </label>
              <button
                name="intent"
                value="text"
                disabled={busy}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Save text and regrade
              </button>
            </div>
          </Form>
        </section>
      </div>

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="score-title">
        <h2 id="score-title" className="text-base font-semibold">
          Score and feedback
        </h2>
        {/* Keyed by the stored values, so a regrade that lands while the page is open shows its new values. */}
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-[12rem_1fr]" key={`${submission.score}:${submission.feedback}`}>
          <div>
            <label htmlFor="score" className="mb-1 block text-sm font-medium text-slate-700">
              Score (out of {formatPoints(submission.maxScore)})
            </label>
            <input
              id="score"
              name="score"
              type="number"
              step="any"
              min={0}
              max={submission.maxScore ?? undefined}
              defaultValue={submission.score ?? ""}
              readOnly={questions.length > 0}
              aria-describedby={questions.length ? "score-hint" : undefined}
              className={inputClass}
            />
            {questions.length ? (
              <p id="score-hint" className="mt-1 text-xs text-slate-500">
                The sum of the questions below.
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="feedback" className="mb-1 block text-sm font-medium text-slate-700">
              Feedback for the student
            </label>
            <textarea id="feedback" name="feedback" ref={feedbackRef} defaultValue={submission.feedback} rows={4} className={inputClass} />
            {submission.feedbackStale ? <StaleFeedback busy={busy} /> : null}
          </div>
          <div className="sm:col-span-2 flex flex-wrap justify-end gap-3">
            {submission.status === "graded" ? <RewriteFeedbackButton submissionId={submission.id} target={feedbackRef} /> : null}
            <button
              name="intent"
              value="score"
              disabled={busy}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
            >
              Save score
            </button>
          </div>
        </Form>
      </section>

      {questions.length ? (
        <section className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="questions-title">
          <h2 id="questions-title" className="px-5 pt-5 text-base font-semibold">
            Questions
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {questions.map((q) => (
              <li
                key={`${q.id}:${q.pointsAwarded}:${q.aiPoints}:${q.reason}:${q.feedback}`}
                className={`px-5 py-4 ${q.needsReview ? "bg-orange-50/60" : ""}`}
                data-testid="question-row"
              >
                <Form method="post" className="grid gap-3 md:grid-cols-[6rem_1fr_1fr_9rem]">
                  <input type="hidden" name="questionId" value={q.id} />
                  <div>
                    <Link
                      to={`/assignment/${assignment.id}/question/${encodeURIComponent(q.number)}`}
                      className="text-sm font-semibold text-brand-700 hover:underline"
                    >
                      Question {q.number}
                    </Link>
                    <p className="mt-1 text-xs text-slate-500">Confidence {Math.round(q.confidence * 100)}%</p>
                  </div>
                  <div className="text-sm">
                    <p>
                      <span className="text-slate-500">Key:</span> <span className="font-medium">{q.keyAnswer ?? "—"}</span>
                    </p>
                    <p className="mt-1">
                      <span className="text-slate-500">Answer read:</span> <span className="font-medium">{q.studentAnswer ?? "—"}</span>
                    </p>
                    {q.reason ? <p className="mt-1 text-xs text-slate-600">{q.reason}</p> : null}
                    {q.needsReview ? (
                      <p className="mt-1 text-xs font-medium text-orange-800" data-testid="question-review-reason">
                        Needs review: {q.reviewReason ?? "please check"}
                      </p>
                    ) : null}
                  </div>
                  <div>
                    <label htmlFor={`feedback-${q.id}`} className="mb-1 block text-xs font-medium text-slate-600">
                      Feedback
                    </label>
                    <textarea id={`feedback-${q.id}`} name="feedback" defaultValue={q.feedback} rows={2} className={inputClass} />
                    {q.feedbackStale ? <StaleFeedback busy={busy} /> : null}
                  </div>
                  <div>
                    <label htmlFor={`points-${q.id}`} className="mb-1 block text-xs font-medium text-slate-600">
                      Points (of {formatPoints(q.pointsPossible)})
                    </label>
                    <input
                      id={`points-${q.id}`}
                      name="points"
                      type="number"
                      step="any"
                      min={0}
                      max={q.pointsPossible}
                      defaultValue={q.pointsAwarded}
                      className={inputClass}
                    />
                    {q.edited && q.aiPoints != null ? (
                      <p className="mt-1 text-xs text-slate-500">AI gave {formatPoints(q.aiPoints)}</p>
                    ) : null}
                    <button
                      name="intent"
                      value="question"
                      disabled={busy}
                      className="mt-2 w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                    >
                      Save
                    </button>
                  </div>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="history-title">
        <h2 id="history-title" className="text-base font-semibold">
          Edit history
        </h2>
        {edits.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No changes yet: this is the grader&apos;s work as it came out.</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm" data-testid="edit-history">
            {edits.map((e) => (
              <li key={e.id} className="flex flex-wrap gap-x-2 text-slate-700">
                <time dateTime={e.editedAt} className="text-slate-500">
                  {new Date(e.editedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
                </time>
                <span>
                  {e.editor ?? "A teacher"} {describeEdit(e)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <RewriteFeedbackForm />
    </main>
  );
}

function describeEdit(e: { field: string; questionNumber: string | null; oldValue: string | null; newValue: string | null }) {
  const where = e.questionNumber ? ` on question ${e.questionNumber}` : "";
  switch (e.field) {
    case "score":
      return `changed the score from ${e.oldValue ?? "none"} to ${e.newValue}`;
    case "points":
      return `changed the points${where} from ${e.oldValue ?? "none"} to ${e.newValue}`;
    case "feedback":
      return `edited the feedback${where}`;
    case "recognized_text":
      return "corrected the recognised text and regraded";
    case "approval":
      return e.newValue ? "approved the grade" : "withdrew the approval";
    default:
      return `changed ${e.field}`;
  }
}

/** A missing (or another teacher's) submission gets a not-found page inside the app's layout. */
export function ErrorBoundary() {
  return <NotFoundBoundary title="Submission not found" back={{ to: "/assignments", label: "Back to Assignments" }} />;
}
