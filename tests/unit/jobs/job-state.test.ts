import { describe, expect, it } from "vitest";
import { applyJobEvent, initialJobView, jobProgressPercent, type StreamedEvent } from "~/lib/job-state";

const seed = initialJobView({
  status: "processing",
  total: 2,
  done: 0,
  failed: 0,
  averageScore: null,
  submissions: [
    {
      id: "s1",
      studentName: "Ana",
      status: "pending",
      score: null,
      maxScore: null,
      percent: null,
      needsReview: false,
      feedback: "",
      recognizedText: null,
      failureReason: null,
    },
    {
      id: "s2",
      studentName: "Ben",
      status: "pending",
      score: null,
      maxScore: null,
      percent: null,
      needsReview: false,
      feedback: "",
      recognizedText: null,
      failureReason: null,
    },
  ],
});

let seq = 0;
const ev = (event: Record<string, unknown>) => ({ seq: ++seq, at: seq, ...event }) as StreamedEvent;

describe("job page state", () => {
  const log = [
    ev({ type: "job_started", total: 2 }),
    ev({ type: "submission_started", submissionId: "s1", studentName: "Ana", attempt: 1 }),
    ev({ type: "page_read", submissionId: "s1", page: 1, bytes: 10, text: "1. 96", confidence: 92, width: 100, height: 100 }),
    ev({
      type: "question_scored",
      submissionId: "s1",
      number: "1",
      pointsAwarded: 2,
      pointsPossible: 2,
      reason: "Correct",
      confidence: 0.9,
    }),
    ev({ type: "feedback_delta", submissionId: "s1", delta: "Great " }),
    ev({ type: "feedback_delta", submissionId: "s1", delta: "work." }),
    ev({ type: "submission_done", submissionId: "s1", status: "graded", score: 2, maxScore: 2, percent: 100, needsReview: false }),
    ev({ type: "progress", done: 1, failed: 0, total: 2, averageScore: 100 }),
  ];

  it("folds the stream into what the teacher sees", () => {
    const view = log.reduce(applyJobEvent, seed);
    expect(view.submissions.s1).toMatchObject({ status: "graded", feedback: "Great work.", score: 2, percent: 100 });
    expect(view.submissions.s1!.pages[0]!.text).toBe("1. 96");
    expect(view.submissions.s2!.status).toBe("pending");
    expect(jobProgressPercent(view)).toBe(50);
  });

  it("ignores events replayed after a reconnect, so nothing is shown twice", () => {
    const once = log.reduce(applyJobEvent, seed);
    const twice = [...log, ...log.slice(3)].reduce(applyJobEvent, seed);
    expect(twice).toEqual(once);
  });

  it("starts a retried submission over", () => {
    const view = [...log.slice(0, 6), ev({ type: "submission_started", submissionId: "s1", studentName: "Ana", attempt: 2 })].reduce(
      applyJobEvent,
      seed,
    );
    expect(view.submissions.s1).toMatchObject({ status: "processing", attempt: 2, feedback: "", questions: [] });
  });
});
