import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { JobProgress } from "~/components/assignments/job-progress";
import { RewriteFeedbackButton } from "~/components/assignments/rewrite-feedback";
import { StatusBadge } from "~/components/ui/toggle";
import { FormAlert } from "~/components/ui/field";
import { formatPercent, formatPoints } from "~/lib/format";
import { SubmissionReviewForm } from "~/schemas/assignments";
import { AssignmentInputError, rowStatus } from "~/server/assignments.server";
import { logAccess, submissionAccess } from "~/server/access-log.server";
import { requireTeacher } from "~/server/auth.server";
import { intentAction } from "~/server/intent-action.server";
import type { IntentReply } from "~/lib/intent-reply";
import type { z } from "zod";
import { getDb } from "../../core/db/client";
import { findJob, regradeSubmission } from "~/server/jobs.server";
import {
  overrideQuestion,
  overrideScore,
  saveRecognizedText,
  setApproval,
  submissionReview,
  type SubmissionReview,
} from "~/server/submissions.server";
import { NotFoundBoundary } from "~/components/classes/not-found";
import { RewriteFeedbackForm, StaleFeedback } from "~/components/assignments/stale-feedback";
import { questionStaleFlag, rewriteAllFeedback, SUMMARY_STALE } from "~/server/feedback-refresh.server";
import { EditHistory } from "./+submission-page/edit-history";
import { QuestionList } from "./+submission-page/question-list";
import { StudentWork } from "./+submission-page/student-work";
import { inputClass } from "./+submission-page/styles";
import { answerCropUrl } from "../../core/files/answer-crop-keys";

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
      cropUrl: answerCropUrl(q),
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

type Result = IntentReply;

export const action = (args: ActionFunctionArgs) =>
  intentAction<SubmissionReview, z.infer<typeof SubmissionReviewForm>, Result>(args, {
    find: (db, teacherId, params) => submissionReview(db, teacherId, params.id ?? "", params.submissionId ?? ""),
    intents: SubmissionReviewForm,
    invalid: (error) => error.issues[0]?.message ?? "Invalid input.",
    run: async ({ intent: input, row: review, teacher, db, env, reply }) => {
      const intent = input.intent;
      const here = `/assignment/${review.assignment.id}/submission/${review.submission.id}`;
      const logged = { score: "overrode", question: "overrode", text: "regraded" } as const;
      if (input.intent in logged) {
        await logAccess(db, teacher, [submissionAccess(review.assignment, review.submission, logged[input.intent as keyof typeof logged])]);
      }
      try {
        switch (input.intent) {
          case "score":
            await overrideScore(db, teacher, review.assignment, review.submission, { score: input.score, feedback: input.feedback });
            return reply({ intent, message: "Score and feedback saved." });
          case "question":
            await overrideQuestion(db, teacher, review.submission, {
              questionId: input.questionId,
              points: input.points!,
              feedback: input.feedback,
            });
            return reply({ intent, message: "Question updated." });
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
            return reply({ intent, message: "Feedback rewritten from the marks." });
          case "approve":
          case "unapprove":
            await setApproval(db, teacher, review.submission, input.intent === "approve");
            return reply({ intent, message: input.intent === "approve" ? "Grade approved." : "Approval withdrawn." });
        }
      } catch (error) {
        if (error instanceof AssignmentInputError) return reply({ intent, error: error.message }, error.status);
        throw error;
      }
    },
  });

export default function SubmissionPage() {
  const { assignment, submission, file, questions, edits, previousId, nextId, job } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Result | undefined;
  const navigation = useNavigation();
  const feedbackRef = useRef<HTMLTextAreaElement>(null);
  const busy = navigation.state === "submitting";
  const base = `/assignment/${assignment.id}/submission`;
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
        {actionData?.message && navigation.state === "idle" ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            {actionData.message}
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
        <StudentWork name={name} file={file} />

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

      {questions.length ? <QuestionList assignmentId={assignment.id} questions={questions} busy={busy} /> : null}

      <EditHistory edits={edits} />
      <RewriteFeedbackForm />
    </main>
  );
}

/** A missing (or another teacher's) submission gets a not-found page inside the app's layout. */
export function ErrorBoundary() {
  return <NotFoundBoundary title="Submission not found" back={{ to: "/assignments", label: "Back to Assignments" }} />;
}
