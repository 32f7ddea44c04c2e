// The submission page's questions: each question's key, the answer read, the grader's reason and the teacher's points and feedback.
import { Form, Link } from "@remix-run/react";
import { StaleFeedback } from "~/components/assignments/stale-feedback";
import { AnswerInk } from "~/components/ui/answer-ink";
import { formatPoints } from "~/lib/format";
import { inputClass } from "./styles";

export type ReviewQuestion = {
  id: string;
  number: string;
  keyAnswer: string | null;
  studentAnswer: string | null;
  pointsAwarded: number;
  pointsPossible: number;
  aiPoints: number | null;
  reason: string | null;
  confidence: number;
  needsReview: boolean;
  reviewReason: string | null;
  feedback: string;
  edited: boolean;
  feedbackStale: boolean;
  /** The crop of the student's ink for this answer, when the page was read from an image. */
  cropUrl: string | null;
};

export function QuestionList({ assignmentId, questions, busy }: { assignmentId: string; questions: ReviewQuestion[]; busy: boolean }) {
  return (
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
                  to={`/assignment/${assignmentId}/question/${encodeURIComponent(q.number)}`}
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
                {q.cropUrl ? (
                  <div className="mt-1 flex items-center gap-2">
                    <span className="text-slate-500">Written:</span>
                    <AnswerInk src={q.cropUrl} answer={q.studentAnswer} />
                  </div>
                ) : null}
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
                {q.edited && q.aiPoints != null ? <p className="mt-1 text-xs text-slate-500">AI gave {formatPoints(q.aiPoints)}</p> : null}
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
  );
}
