// The job page's state, folded from the job's event stream (app/schemas/grading.ts). Pure, so it is unit-tested
// and the same fold serves a live stream, a replay after reload, and a resume after a dropped connection.
import type { JobEvent } from "../../core/jobs/events";

export type StreamedEvent = JobEvent & { seq: number; at: number };

export type SubmissionView = {
  id: string;
  studentName: string;
  status: "pending" | "processing" | "graded" | "failed";
  attempt: number;
  pages: { page: number; text: string; confidence: number | null; width: number | null; height: number | null }[];
  questions: {
    number: string;
    pointsAwarded: number;
    pointsPossible: number;
    reason: string;
    confidence: number;
    needsReview: boolean;
    reviewReason: string | null;
    /** The answer read and the crop of the student's ink, when the event carried them. */
    answer?: string | null;
    cropUrl?: string | null;
  }[];
  feedback: string;
  score: number | null;
  maxScore: number | null;
  percent: number | null;
  needsReview: boolean;
  reason?: string;
};

export type JobView = {
  lastSeq: number;
  status: "processing" | "completed" | "completed_with_failures" | "failed";
  total: number;
  done: number;
  failed: number;
  averageScore: number | null;
  startedAt: number | null;
  submissions: Record<string, SubmissionView>;
  order: string[];
  errors: string[];
};

/** What the page shows before the stream connects (and without JavaScript): the job as stored in D1. */
export function initialJobView(seed: {
  status: JobView["status"];
  total: number;
  done: number;
  failed: number;
  averageScore: number | null;
  submissions: (Pick<SubmissionView, "id" | "studentName" | "score" | "maxScore" | "percent" | "needsReview" | "feedback"> & {
    status: string;
    recognizedText: string | null;
    failureReason: string | null;
  })[];
}): JobView {
  const submissions: Record<string, SubmissionView> = {};
  for (const s of seed.submissions) {
    submissions[s.id] = {
      ...emptySubmission(s.id, s.studentName),
      status: s.status === "graded" || s.status === "failed" || s.status === "processing" ? s.status : "pending",
      pages: s.recognizedText ? [{ page: 1, text: s.recognizedText, confidence: null, width: null, height: null }] : [],
      feedback: s.feedback,
      score: s.score,
      maxScore: s.maxScore,
      percent: s.percent,
      needsReview: s.needsReview,
      reason: s.failureReason ?? undefined,
    };
  }
  return {
    lastSeq: 0,
    status: seed.status,
    done: seed.done,
    failed: seed.failed,
    averageScore: seed.averageScore,
    total: seed.total,
    startedAt: null,
    submissions,
    order: seed.submissions.map((s) => s.id),
    errors: [],
  };
}

function emptySubmission(id: string, studentName = ""): SubmissionView {
  return {
    id,
    studentName,
    status: "pending",
    attempt: 0,
    pages: [],
    questions: [],
    feedback: "",
    score: null,
    maxScore: null,
    percent: null,
    needsReview: false,
  };
}

function withSubmission(state: JobView, id: string, change: (s: SubmissionView) => SubmissionView): JobView {
  const current = state.submissions[id] ?? emptySubmission(id);
  return {
    ...state,
    submissions: { ...state.submissions, [id]: change(current) },
    order: state.order.includes(id) ? state.order : [...state.order, id],
  };
}

/** Applies one event; events already applied (by sequence number) are ignored, so replays never repeat. */
export function applyJobEvent(state: JobView, event: StreamedEvent): JobView {
  if (event.seq <= state.lastSeq) return state;
  const next = { ...state, lastSeq: event.seq };
  switch (event.type) {
    case "job_started":
      return { ...next, total: event.total, startedAt: event.at };
    case "submission_started":
      // A retry starts the submission over: what the failed attempt showed is replaced.
      return withSubmission(next, event.submissionId, (s) => ({
        ...emptySubmission(s.id, event.studentName || s.studentName),
        status: "processing",
        attempt: event.attempt,
      }));
    case "page_read":
      return withSubmission(next, event.submissionId, (s) => ({
        ...s,
        pages: [
          ...s.pages.filter((p) => p.page !== event.page),
          { page: event.page, text: event.text, confidence: event.confidence, width: event.width, height: event.height },
        ].sort((a, b) => a.page - b.page),
      }));
    case "question_scored":
      return withSubmission(next, event.submissionId, (s) => ({
        ...s,
        questions: [
          ...s.questions.filter((q) => q.number !== event.number),
          {
            number: event.number,
            pointsAwarded: event.pointsAwarded,
            pointsPossible: event.pointsPossible,
            reason: event.reason,
            confidence: event.confidence,
            // Events written before per-question flags carried only a confidence.
            needsReview: event.needsReview ?? event.confidence < 0.6,
            reviewReason: event.reviewReason ?? null,
            answer: event.answer ?? null,
            cropUrl: event.cropUrl ?? null,
          },
        ],
      }));
    case "feedback_delta":
      return withSubmission(next, event.submissionId, (s) => ({ ...s, feedback: s.feedback + event.delta }));
    case "submission_done":
      return withSubmission(next, event.submissionId, (s) => ({
        ...s,
        studentName: event.studentName || s.studentName,
        status: event.status === "failed" ? "failed" : "graded",
        score: event.score,
        maxScore: event.maxScore,
        percent: event.percent,
        needsReview: event.needsReview,
        reason: event.reason,
      }));
    case "progress":
      return { ...next, done: event.done, failed: event.failed, total: event.total, averageScore: event.averageScore };
    case "job_done":
      return {
        ...next,
        status: event.status,
        done: event.done,
        failed: event.failed,
        total: event.total,
        averageScore: event.averageScore,
      };
    case "error":
      return { ...next, errors: [...next.errors, event.message].slice(-5) };
  }
}

export function jobProgressPercent(state: JobView): number {
  return state.total === 0 ? 0 : Math.round((state.done / state.total) * 100);
}
