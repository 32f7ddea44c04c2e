import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatPoints, formatScore, pointsLabel } from "~/lib/format";
import { requireTeacher } from "~/server/auth.server";
import { decide, flagReasons, listFlaggedItems, reviewItem, type QueueDecision } from "~/server/review-queue.server";
import { getDb } from "../../core/db/client";
import { answerCropUrl } from "../../core/files/answer-crop-keys";
import { AnswerInk } from "~/components/ui/answer-ink";

export const meta: MetaFunction = () => [{ title: "Review queue | Gradewell" }];

const int = (value: string | null, fallback = 0) => {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const url = new URL(request.url);
  const items = await listFlaggedItems(db, teacher.id);
  if (items.length === 0) return { total: 0, index: 0, current: null };
  // Past the end (after skipping the last paper) the queue starts again from the oldest.
  const wanted = int(url.searchParams.get("i"));
  const index = wanted < items.length ? wanted : 0;
  const item = items[index];
  const review = await reviewItem(db, teacher.id, item);
  if (!review) throw new Response("Not found", { status: 404 });
  const q = Math.min(int(url.searchParams.get("q")), Math.max(review.flagged.length - 1, 0));
  const question = review.flagged[q] ?? null;
  return {
    total: items.length,
    index,
    current: {
      ...item,
      reasons: flagReasons(item.reasons, question),
      score: review.submission.score,
      maxScore: review.submission.maxScore ?? review.assignment.points,
      recognizedText: review.submission.recognizedText ?? "",
      readingConfidence: review.submission.readingConfidence,
      file: review.file ? { id: review.file.id, contentType: review.file.contentType, fileName: review.file.fileName } : null,
      flaggedCount: review.flagged.length,
      questionIndex: q,
      question: question && {
        id: question.id,
        number: question.questionNumber,
        keyAnswer: question.keyAnswer,
        studentAnswer: question.studentAnswer,
        pointsAwarded: question.pointsAwarded,
        pointsPossible: question.pointsPossible,
        reason: question.reason,
        confidence: question.confidence,
        // The grader's own flag on this question (per-question review flags), when it set one.
        reviewReason: question.needsReview ? question.reviewReason : null,
        cropUrl: answerCropUrl(question),
      },
    },
  };
}

const DECISIONS = ["accept", "full", "zero", "skip"] as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const form = await request.formData();
  const decision = String(form.get("decision") ?? "") as (typeof DECISIONS)[number];
  if (!DECISIONS.includes(decision)) throw new Response("Unknown decision", { status: 400 });
  const index = int(String(form.get("i") ?? "0"));
  const q = int(String(form.get("q") ?? "0"));
  const flaggedCount = int(String(form.get("flaggedCount") ?? "0"));
  if (decision === "skip") throw redirect(`/review?i=${index + 1}`);
  const questionId = String(form.get("questionId") ?? "") || null;
  const last = q + 1 >= flaggedCount;
  const result = await decide(db, teacher, {
    assignmentId: String(form.get("assignmentId") ?? ""),
    submissionId: String(form.get("submissionId") ?? ""),
    questionId,
    decision: decision as QueueDecision,
    last,
  });
  if (!result.ok) throw new Response("Not found", { status: result.status });
  // Approved work leaves the queue, so the same position now holds the next item.
  throw redirect(last ? `/review?i=${index}` : `/review?i=${index}&q=${q + 1}`);
}

const SHORTCUTS: { key: string; decision: (typeof DECISIONS)[number]; label: string; needsQuestion?: boolean }[] = [
  { key: "a", decision: "accept", label: "Accept the grade" },
  { key: "f", decision: "full", label: "Full marks", needsQuestion: true },
  { key: "z", decision: "zero", label: "No marks", needsQuestion: true },
  { key: "s", decision: "skip", label: "Skip for now" },
];

export default function ReviewQueue() {
  const { total, index, current } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state !== "idle";

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || busy || !current || !formRef.current) return;
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select, [contenteditable]")) return;
      const shortcut = SHORTCUTS.find((s) => s.key === event.key.toLowerCase());
      if (!shortcut || (shortcut.needsQuestion && !current.question)) return;
      event.preventDefault();
      const data = new FormData(formRef.current);
      data.set("decision", shortcut.decision);
      submit(data, { method: "post" });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [busy, current, submit]);

  if (!current) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-10 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Review queue</h1>
        <p className="mt-3 text-slate-600" data-testid="queue-empty">
          Nothing is waiting for your review. Flagged grades land here, oldest first.
        </p>
        <Link to="/dashboard" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
          Back to Dashboard
        </Link>
      </main>
    );
  }
  const question = current.question;
  const isImage = current.file?.contentType.startsWith("image/") && current.file.contentType !== "image/heic";
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Review queue</h1>
        <p className="text-sm text-slate-600" data-testid="queue-position">
          {`${index + 1} of ${total} waiting · oldest first`}
        </p>
      </div>
      <p className="mt-1 text-sm">
        <span className="font-semibold" data-testid="queue-student">
          {current.studentName}
        </span>{" "}
        · {current.assignmentTitle} · score {formatScore(current.score, current.maxScore)}{" "}
        <Link
          to={`/assignment/${current.assignmentId}/submission/${current.submissionId}`}
          className="font-medium text-brand-700 hover:underline"
        >
          Open full review
        </Link>
      </p>

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <section aria-label="Student's page" className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          {current.file && isImage ? (
            <img
              src={`/api/files/${current.file.id}`}
              alt={`${current.studentName}'s page`}
              className="max-h-[70vh] w-full object-contain"
            />
          ) : current.file ? (
            <a href={`/api/files/${current.file.id}`} className="text-sm font-medium text-brand-700 hover:underline">
              Open {current.file.fileName}
            </a>
          ) : (
            <p className="text-sm text-slate-600">No file for this paper.</p>
          )}
        </section>

        <section aria-label="What was read and why it is flagged" className="min-w-0 space-y-4">
          <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm">
            <h2 className="font-semibold text-amber-900">Why it is flagged</h2>
            <ul className="mt-1 list-disc pl-5 text-amber-900" data-testid="queue-reasons">
              {current.reasons.length ? current.reasons.map((r) => <li key={r}>{r}</li>) : <li>The grader asked for a check.</li>}
            </ul>
          </div>

          {question ? (
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="queue-question">
              <h2 className="font-semibold">
                Question {question.number}{" "}
                <span className="text-sm font-normal text-slate-600">
                  ({current.questionIndex + 1} of {current.flaggedCount} flagged on this paper)
                </span>
              </h2>
              <dl className="mt-2 grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">Key</dt>
                <dd className="font-medium">{question.keyAnswer ?? "—"}</dd>
                <dt className="text-slate-600">Answer read</dt>
                <dd className="font-medium">
                  {question.studentAnswer || "(blank)"}
                  <AnswerInk src={question.cropUrl} answer={question.studentAnswer} />
                </dd>
                <dt className="text-slate-600">Points</dt>
                <dd>
                  {formatPoints(question.pointsAwarded)} of {pointsLabel(question.pointsPossible)}
                </dd>
                <dt className="text-slate-600">Reason</dt>
                <dd>
                  {question.reason || "—"} (confidence {Math.round(question.confidence * 100)}%)
                </dd>
                {question.reviewReason ? (
                  <>
                    <dt className="text-slate-600">Flagged</dt>
                    <dd className="font-medium text-amber-900" data-testid="queue-question-flag">
                      {question.reviewReason}
                    </dd>
                  </>
                ) : null}
              </dl>
            </div>
          ) : null}

          <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm" open={!question}>
            <summary className="cursor-pointer font-semibold">
              Text read from the page
              {current.readingConfidence != null ? ` (confidence ${Math.round(current.readingConfidence * 100)}%)` : ""}
            </summary>
            <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-slate-800">
              {current.recognizedText || "No text was read."}
            </pre>
          </details>

          <Form method="post" ref={formRef} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <input type="hidden" name="i" value={index} />
            <input type="hidden" name="q" value={current.questionIndex} />
            <input type="hidden" name="flaggedCount" value={current.flaggedCount} />
            <input type="hidden" name="assignmentId" value={current.assignmentId} />
            <input type="hidden" name="submissionId" value={current.submissionId} />
            <input type="hidden" name="questionId" value={question?.id ?? ""} />
            <div className="flex flex-wrap gap-2">
              {SHORTCUTS.filter((s) => !s.needsQuestion || question).map((s) => (
                <button
                  key={s.decision}
                  type="submit"
                  name="decision"
                  value={s.decision}
                  disabled={busy}
                  aria-keyshortcuts={s.key.toUpperCase()}
                  className={`rounded-md px-3 py-2 text-sm font-semibold ${
                    s.decision === "accept"
                      ? "bg-brand-600 text-white hover:bg-brand-700"
                      : "border border-slate-300 text-slate-800 hover:bg-slate-50"
                  }`}
                >
                  {s.label} <kbd className="ml-1 rounded border border-current px-1 text-xs font-normal">{s.key.toUpperCase()}</kbd>
                </button>
              ))}
            </div>
            <p className="mt-2 text-xs text-slate-600">
              One key decides: {question ? "A keeps the grader's points, F gives full marks, Z gives none; " : "A accepts the grade; "}S
              skips. After the last flagged question the grade is approved and the next paper opens.
            </p>
          </Form>
        </section>
      </div>
    </main>
  );
}
