// The grading queue's message and the job event stream, validated at both ends
// (web worker producer / SSE reader, grading worker consumer / Durable Object).
import { z } from "zod";

export const GradingMessage = z.object({
  jobId: z.string().min(1),
  submissionId: z.string().min(1),
  teacherId: z.string().min(1),
});
export type GradingMessage = z.infer<typeof GradingMessage>;

export const JOB_STATUS_FOR_POLLING = ["processing", "completed", "failed"] as const;

const base = { submissionId: z.string().optional() };

export const JobEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("job_started"), total: z.number().int().nonnegative() }),
  z.object({
    type: z.literal("submission_started"),
    ...base,
    submissionId: z.string(),
    studentName: z.string(),
    attempt: z.number().int().positive(),
  }),
  z.object({
    type: z.literal("page_read"),
    submissionId: z.string(),
    page: z.number().int().positive(),
    bytes: z.number().int().nonnegative(),
    text: z.string().default(""),
    confidence: z.number().min(0).max(100).nullable().default(null),
    width: z.number().nullable().default(null),
    height: z.number().nullable().default(null),
  }),
  z.object({
    type: z.literal("question_scored"),
    submissionId: z.string(),
    number: z.string(),
    pointsAwarded: z.number(),
    pointsPossible: z.number(),
    reason: z.string(),
    confidence: z.number(),
    /** The grader wants the teacher to look at this question, and why. */
    needsReview: z.boolean().optional(),
    reviewReason: z.string().nullable().optional(),
    /** The answer read, and the link to its crop on the page (the student's ink), when there is one. */
    answer: z.string().nullable().optional(),
    cropUrl: z.string().nullable().optional(),
  }),
  z.object({ type: z.literal("feedback_delta"), submissionId: z.string(), delta: z.string() }),
  z.object({
    type: z.literal("submission_done"),
    submissionId: z.string(),
    studentName: z.string().optional(),
    status: z.enum(["graded", "failed", "pending"]),
    score: z.number().nullable(),
    maxScore: z.number().nullable(),
    percent: z.number().nullable(),
    needsReview: z.boolean(),
    reason: z.string().optional(),
  }),
  z.object({
    type: z.literal("progress"),
    done: z.number().int(),
    failed: z.number().int(),
    total: z.number().int(),
    averageScore: z.number().nullable(),
  }),
  z.object({
    type: z.literal("job_done"),
    status: z.enum(["completed", "completed_with_failures", "failed"]),
    done: z.number().int(),
    failed: z.number().int(),
    total: z.number().int(),
    averageScore: z.number().nullable(),
  }),
  z.object({ type: z.literal("error"), ...base, message: z.string() }),
]);
export type JobEvent = z.infer<typeof JobEvent>;
export type JobEventType = JobEvent["type"];
export type StoredJobEvent = { seq: number; at: number; event: JobEvent };

export const JobStatusResponse = z.object({
  job_id: z.string(),
  status: z.enum(JOB_STATUS_FOR_POLLING),
  progress: z.object({ done: z.number(), failed: z.number(), total: z.number(), graded: z.number() }),
  /** How the job ended (or `processing`): `completed_with_failures` when some submissions failed; `status` keeps the spec's values. */
  outcome: z.enum(["processing", "completed", "completed_with_failures", "failed"]),
  /** The average counts graded submissions only. */
  results: z.object({ average_score: z.number().nullable(), graded: z.number(), failed: z.number() }),
});
export type JobStatusResponse = z.infer<typeof JobStatusResponse>;
