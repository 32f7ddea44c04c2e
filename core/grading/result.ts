// The shape every grader returns, local or hosted: hosted answers are parsed with this same schema.
import { z } from "zod";

export const QuestionStatus = z.enum(["correct", "partial", "incorrect", "missing", "needs-review"]);

/** Where the student's answer is on its page image (pixels of the cleaned page), for the crop shown at review. */
export const AnswerRegion = z.object({
  page: z.number().int().min(1),
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type AnswerRegion = z.infer<typeof AnswerRegion>;

export const QuestionResult = z.object({
  number: z.number().int().min(1),
  questionText: z.string().nullable(),
  keyAnswer: z.string().nullable(),
  studentAnswer: z.string().nullable(),
  pointsAwarded: z.number().min(0),
  pointsPossible: z.number().min(0),
  status: QuestionStatus,
  reason: z.string(),
  /** readingConfidence × matchConfidence, 0..1 */
  confidence: z.number().min(0).max(1),
  readingConfidence: z.number().min(0).max(1),
  matchConfidence: z.number().min(0).max(1),
  feedback: z.string(),
  /** The teacher should look at this question; `reviewReason` says why in a sentence. */
  needsReview: z.boolean().default(false),
  reviewReason: z.string().nullable().default(null),
  /** Set by the pipeline from the reading, whoever graded (answers/regions.ts). */
  region: AnswerRegion.nullable().optional(),
});

export const CriterionResult = z.object({
  name: z.string(),
  pointsAwarded: z.number().min(0).nullable(),
  pointsPossible: z.number().min(0),
  level: z.string().nullable(),
  needsTeacher: z.boolean(),
  reason: z.string(),
});

export const GradingFlag = z.object({
  type: z.enum([
    "prompt-injection",
    "low-reading-confidence",
    "missing-answers",
    "unexpected-answers",
    "duplicate-answers",
    "no-key",
    /** QuickSnap's "no key: check what can be checked": checks are reported, no score is given (decision 0033). */
    "checks-only",
    "empty-submission",
    "provider-fallback",
    "student-not-linked",
  ]),
  message: z.string(),
  excerpt: z.string().optional(),
});

export const OverallFeedback = z.object({
  summary: z.string(),
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
  nextStep: z.string(),
});

export const GradingResult = z.object({
  studentName: z.string().nullable(),
  questions: z.array(QuestionResult),
  rubric: z.array(CriterionResult),
  total: z.number().min(0),
  max: z.number().min(0),
  /** 0..100, one decimal */
  percent: z.number().min(0).max(100),
  needsReview: z.boolean(),
  reviewReasons: z.array(z.string()),
  flags: z.array(GradingFlag),
  readingConfidence: z.number().min(0).max(1),
  feedback: OverallFeedback,
  provider: z.object({
    name: z.string(),
    model: z.string(),
    fallbackFrom: z.string().optional(),
    fallbackReason: z.string().optional(),
  }),
});

export type QuestionResult = z.infer<typeof QuestionResult>;
export type CriterionResult = z.infer<typeof CriterionResult>;
export type GradingFlag = z.infer<typeof GradingFlag>;
export type OverallFeedback = z.infer<typeof OverallFeedback>;
export type GradingResult = z.infer<typeof GradingResult>;

export const Assignment = z.object({
  points: z.number().positive(),
  gradeLevel: z.union([z.number(), z.string()]).optional(),
  subject: z.string().optional(),
  title: z.string().optional(),
});
export type Assignment = z.infer<typeof Assignment>;

/** Below this an answer's confidence sends the submission to the teacher. */
export const REVIEW_CONFIDENCE = 0.6;
/** Below this a page's reading is too uncertain to grade without the teacher (handwriting, blur). */
export const REVIEW_READING_CONFIDENCE = 0.75;
