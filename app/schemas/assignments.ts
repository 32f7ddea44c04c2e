// The assignment form (spec section 3) and the forms of review, override and settings. One schema serves the page
// (conform, with auto-coercion off), the no-JS action and the multipart JSON API, so each field accepts what a
// browser form posts ('on', repeated fields) and what an API client sends ('true', JSON text).
import { z } from "zod";
import { ASSIGNMENT_TYPES, PROCESSING_MODES } from "../../core/constants";
import { normalizeStandards, parseStudentNames } from "../lib/format";

export const DEFAULT_POINTS = 100;
export const DEFAULT_ESTIMATED_TIME = 30;
export const MIN_ESTIMATED_TIME = 5;
export const MAX_ESTIMATED_TIME = 300;

export const NO_FILES_MESSAGE = "Please upload at least one assignment file to continue.";
export const CREATE_ERROR_MESSAGE = "Error creating assignment. Please try again.";
export const TITLE_REQUIRED_MESSAGE = "Title is required";
export const POINTS_MESSAGE = "Points must be at least 1";
export const ESTIMATED_TIME_MESSAGE = "Estimated time must be between 5 and 300 minutes";
export const PROCESSING_MODE_MESSAGE = "Choose only one processing option.";

const single = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

export const flag = z.preprocess((v) => {
  const value = single(v);
  if (typeof value === "boolean") return value;
  return typeof value === "string" && ["on", "true", "1", "yes"].includes(value.trim().toLowerCase());
}, z.boolean());

const text = (max: number, message: string) =>
  z.preprocess(
    (v) => {
      const value = single(v);
      return typeof value === "string" ? value.trim() : "";
    },
    z.string().max(max, message),
  );

/** A whole number; blank or missing means the default. Anything else that is not a number stays invalid. */
const wholeNumber = (fallback: number, message: string) =>
  z.preprocess(
    (v) => {
      const value = single(v);
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return fallback;
      return typeof value === "number" ? value : Number(String(value).trim());
    },
    z.number({ error: message }).int(message),
  );

const stringList = (splitLines: boolean) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return [];
      const values = Array.isArray(v) ? v : [v];
      const out: string[] = [];
      for (const value of values) {
        if (typeof value !== "string") continue;
        const trimmed = value.trim();
        if (trimmed.startsWith("[")) {
          try {
            const parsed: unknown = JSON.parse(trimmed);
            if (Array.isArray(parsed)) {
              for (const item of parsed) if (typeof item === "string") out.push(item);
              continue;
            }
          } catch {
            // not JSON: a plain entry
          }
        }
        if (splitLines) out.push(...parseStudentNames(value));
        else out.push(value);
      }
      return out;
    },
    z.array(z.string().max(200, "Each entry must be at most 200 characters")).max(500, "Too many entries"),
  );

const dueDate = z.preprocess(
  (v) => {
    const value = single(v);
    if (value === undefined || value === null || value === "") return null;
    if (typeof value !== "string") return value;
    // datetime-local ('2025-03-14T09:30') has no zone: kept as entered (read as UTC) and shown as entered.
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value.trim()) ? `${value.trim()}Z` : value.trim();
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T23:59:00Z` : iso);
    return Number.isNaN(date.getTime()) ? "invalid" : date;
  },
  z.date({ error: "Please enter a valid due date" }).nullable(),
);

export const AssignmentForm = z
  .object({
    title: text(200, "Title must be at most 200 characters"),
    description: text(5000, "Description must be at most 5000 characters"),
    instructions: text(5000, "Instructions must be at most 5000 characters"),
    dueDate,
    points: wholeNumber(DEFAULT_POINTS, POINTS_MESSAGE).pipe(
      z.number().min(1, POINTS_MESSAGE).max(100000, "Points must be at most 100000"),
    ),
    estimatedTime: wholeNumber(DEFAULT_ESTIMATED_TIME, ESTIMATED_TIME_MESSAGE).pipe(
      z.number().min(MIN_ESTIMATED_TIME, ESTIMATED_TIME_MESSAGE).max(MAX_ESTIMATED_TIME, ESTIMATED_TIME_MESSAGE),
    ),
    assignmentType: z.preprocess((v) => single(v) || "homework", z.enum(ASSIGNMENT_TYPES, { error: "Choose an assignment type" })),
    subject: text(100, "Subject must be at most 100 characters"),
    gradeLevel: text(50, "Grade level must be at most 50 characters"),
    classId: text(64, "Unknown class"),
    skipDetails: flag,
    batchUpload: flag,
    hasAnswerKey: flag,
    hasRubric: flag,
    answerKeyText: text(50000, "The answer key must be at most 50000 characters"),
    rubricText: text(50000, "The rubric must be at most 50000 characters"),
    autoDetectStudents: flag,
    autoDetectStandards: flag,
    requireManualReview: flag,
    useManualStudents: flag,
    manualStudentNames: stringList(true),
    useManualStandards: flag,
    selectedStandards: stringList(false).transform(normalizeStandards),
    processingMode: z.preprocess((v) => single(v) || undefined, z.enum(PROCESSING_MODES).optional()),
    processLater: flag,
    saveWithoutProcessing: flag,
  })
  .superRefine(
    (data, ctx) => {
      if (!data.skipDetails && !data.title) ctx.addIssue({ code: "custom", path: ["title"], message: TITLE_REQUIRED_MESSAGE });
      if (!data.processingMode && data.processLater && data.saveWithoutProcessing) {
        ctx.addIssue({ code: "custom", path: ["processingMode"], message: PROCESSING_MODE_MESSAGE });
      }
    },
    // Checked even when another field is wrong, so that 'Title is required' shows with the other errors at once.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform((data) => {
    // The spec's three mutually exclusive modes: both flags false = process now.
    const processingMode = data.processingMode ?? (data.saveWithoutProcessing ? "none" : data.processLater ? "later" : "immediate");
    return {
      ...data,
      processingMode,
      // A manual override switches the matching detection off.
      autoDetectStudents: data.useManualStudents ? false : data.autoDetectStudents,
      autoDetectStandards: data.useManualStandards ? false : data.autoDetectStandards,
      manualStudentNames: data.useManualStudents ? data.manualStudentNames : [],
      selectedStandards: data.useManualStandards ? data.selectedStandards : [],
      answerKeyText: data.hasAnswerKey ? data.answerKeyText : "",
      rubricText: data.hasRubric ? data.rubricText : "",
    };
  });
export type AssignmentInput = z.output<typeof AssignmentForm>;

/** Multipart field names of the spec's API for each kind of upload. */
export const FILE_FIELDS = {
  assignment: "assignment_files",
  answer_key: "answer_key_files",
  rubric: "rubric_files",
  batch: "batch_files",
  /** The worksheet as printed, unfilled: the class set's template is taken from it (docs/decisions/0041). */
  blank_worksheet: "blank_worksheet_files",
} as const;

export const SUBMIT_LABELS = {
  none: "Save Assignment",
  later: "Save for Later Processing",
  immediate: "Create & Process Assignment",
} as const;

export const PROCESSING_OPTIONS = [
  { value: "immediate", label: "Process Immediately", hint: "Read and grade the work as soon as it is uploaded." },
  { value: "later", label: "Save & Process Later", hint: "Upload now and start grading from the assignment page." },
  { value: "none", label: "Save Without Processing", hint: "Files only: keep the work without grading it." },
] as const;

export const SettingsForm = z.object({
  autoDetectStudents: flag,
  autoDetectStandards: flag,
  defaultPoints: wholeNumber(DEFAULT_POINTS, POINTS_MESSAGE).pipe(
    z.number().min(1, POINTS_MESSAGE).max(100000, "Points must be at most 100000"),
  ),
  requireManualReview: flag,
  allowHostedReading: flag,
});
export type SettingsInput = z.output<typeof SettingsForm>;

const points = z.preprocess(
  (v) => {
    const value = single(v);
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return undefined;
    return typeof value === "number" ? value : Number(String(value).trim());
  },
  z.number({ error: "Enter a number of points" }).min(0, "Points cannot be negative").optional(),
);

/** The submission page's forms, told apart by `intent`. */
export const SubmissionReviewForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("score"), score: points, feedback: z.string().max(20000).optional() }),
  z.object({
    intent: z.literal("question"),
    questionId: z.string().min(1),
    points: points.refine((v) => v !== undefined, "Enter a number of points"),
    feedback: z.string().max(5000).optional(),
  }),
  z.object({
    intent: z.literal("text"),
    recognizedText: z.string().max(200000, "The text is too long"),
    /** Checked: regrade from scratch, dropping the teacher's per-question overrides (kept by default). */
    discardOverrides: z.string().optional(),
  }),
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("unapprove") }),
  /** Writes this paper's feedback again from the marks as they stand (feedback-refresh.server.ts). */
  z.object({ intent: z.literal("rewrite-feedback") }),
]);

/** Grade by question: one points field per submission, named `points.<questionResultId>`. */
export const QuestionBatchForm = z.record(
  z.string().max(200),
  z.string({ error: "Send the points and feedback as text." }).max(5000, "Feedback must be at most 5000 characters."),
);

/** PUT /api/settings: any of the four settings, snake_case like the rest of the API. */
export const SettingsBody = z
  .object({
    auto_detect_students: z.boolean(),
    auto_detect_standards: z.boolean(),
    default_points: z.number().int(POINTS_MESSAGE).min(1, POINTS_MESSAGE).max(100000, "Points must be at most 100000"),
    require_manual_review: z.boolean(),
    allow_hosted_reading: z.boolean(),
  })
  .partial()
  .strict();
