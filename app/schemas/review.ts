// The review loop's JSON bodies (API clients) — one schema per action, strict: an unknown field is a 400.
import { z } from "zod";

export const QuestionOverrideBody = z.strictObject({
  points: z.number({ message: "points must be a number." }).min(0, "points cannot be negative."),
  feedback: z.string().max(5000).optional(),
});

export const SubmissionOverrideBody = z
  .strictObject({
    score: z.number({ message: "score must be a number." }).min(0, "score cannot be negative.").optional(),
    feedback: z.string().max(10000).optional(),
  })
  .refine((b) => b.score !== undefined || b.feedback !== undefined, { message: "Send a score or feedback to change." });

export const ApprovalBody = z.strictObject({ approved: z.boolean().default(true) });

export const RegradeBody = z.strictObject({
  /** The teacher's corrected reading; without it the file is read again. */
  recognized_text: z.string().max(100_000).optional(),
  /** Keep the teacher's per-question overrides (the default). */
  keep_overrides: z.boolean().default(true),
});

export const LinkStudentBody = z.strictObject({ student_id: z.string().min(1, "student_id is required.") });

/** One action on a grade-by-question answer group: confirm its marks, or mark every member the same. */
export const AnswerGroupActionBody = z
  .strictObject({
    action: z.enum(["confirm", "mark"], { message: 'action must be "confirm" or "mark".' }),
    key: z.string({ message: "key must be a group's key." }),
    points: z.number({ message: "points must be a number." }).min(0, "points cannot be negative.").optional(),
  })
  .refine((b) => b.action !== "mark" || b.points !== undefined, { message: "Send the points to mark the group with." });
