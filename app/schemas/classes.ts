// Forms and API bodies for classes, students, notes, conference items and attendance (spec sections 3 and 5).
import { z } from "zod";
import { CLASS_CODE_PATTERN } from "../lib/class-code";
import {
  CLASS_GRADE_LEVELS,
  CLASS_SUBJECTS,
  CONFERENCE_ITEM_TYPES,
  CONFERENCE_SUBJECTS,
  ENROLLMENT_METHODS,
  IMPORTANCE,
} from "../../core/constants";

export const CLASS_NAME_REQUIRED = "Class name is required";
export const SUBJECT_REQUIRED = "Subject is required";
export const GRADE_LEVEL_REQUIRED = "Grade level is required";
export const CLASS_CODE_INVALID = "Class code must be 6 letters or digits";
export const FAILED_TO_CREATE_CLASS = "Failed to create class";
export const ERROR_CREATING_CLASS = "Error creating class";

// Conform turns empty fields into undefined; JSON clients may send null or "": all mean "".
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(max, `Must be at most ${max} characters`)
      .optional()
      .transform((v) => v ?? ""),
  );

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string()
    .trim()
    .pipe(z.email("Please enter a valid email address"))
    .transform((v) => v.toLowerCase())
    .optional(),
);

const className = z
  .string({ error: CLASS_NAME_REQUIRED })
  .trim()
  .min(1, CLASS_NAME_REQUIRED)
  .max(100, "Class name must be at most 100 characters");
const subject = z.enum(CLASS_SUBJECTS, { error: SUBJECT_REQUIRED });
const gradeLevel = z.enum(CLASS_GRADE_LEVELS, { error: GRADE_LEVEL_REQUIRED });
const classCode = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim().toUpperCase()) : v),
  z.string().regex(CLASS_CODE_PATTERN, CLASS_CODE_INVALID).optional(),
);
const enrollmentMethod = z.preprocess(
  (v) => (v == null || v === "" ? "auto" : v),
  z.enum(ENROLLMENT_METHODS, { error: "Choose auto or manual enrollment" }),
);

/** The student's id in the school's SIS (Canvas 'SIS User ID', OneRoster sourcedId): kept exactly as typed. */
export const sisId = optionalText(64);
/** The login the gradebook knows (Canvas 'SIS Login ID'), usually the school e-mail; no spaces. */
export const loginId = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string()
    .trim()
    .max(120, "Must be at most 120 characters")
    .regex(/^\S*$/, "A login cannot contain spaces")
    .optional()
    .transform((v) => v ?? ""),
);

export const StudentRow = z.object({
  name: z.string({ error: "Student name is required" }).trim().min(1, "Student name is required").max(120),
  email,
  studentNumber: sisId,
  loginId,
});
export type StudentRowValue = z.infer<typeof StudentRow>;

/** The create-class page (/create-class and /classes/new). */
export const CreateClassForm = z.object({
  name: className,
  subject,
  gradeLevel,
  description: optionalText(1000),
  classCode,
  enrollmentMethod,
  students: z.array(StudentRow).max(500).default([]),
});

/** POST /api/classes: the spec's payload; each student may carry a temporary local id, which is ignored. */
export const ClassBody = z.strictObject({
  name: className,
  subject,
  grade_level: z.preprocess((v) => (typeof v === "number" ? String(v) : v), gradeLevel),
  description: optionalText(1000),
  class_code: classCode.nullable().transform((v) => v ?? undefined),
  enrollment_method: enrollmentMethod,
  students: z.preprocess(
    (v) => (Array.isArray(v) ? v.map(apiStudentKeys) : (v ?? [])),
    z.array(StudentRow.extend({ id: z.unknown().optional() })).max(500),
  ),
});

/** API clients send sis_id and login_id (snake case, like the rest of the API). */
function apiStudentKeys(v: unknown) {
  if (v === null || typeof v !== "object") return v;
  const { sis_id, login_id, ...rest } = v as Record<string, unknown>;
  return { ...rest, studentNumber: sis_id ?? rest.studentNumber, loginId: login_id ?? rest.loginId };
}

/** POST /api/students and PATCH /api/students/{id}: the student's own fields and gradebook ids. */
export const StudentBody = z.strictObject({
  name: z.string({ error: "Student name is required" }).trim().min(1, "Student name is required").max(120),
  email: optionalEmail,
  sis_id: sisId,
  login_id: loginId,
  grade_level: optionalText(40),
  parent_contact: optionalText(200),
  class_id: optionalText(64),
});
export const StudentPatchBody = StudentBody.omit({ class_id: true }).partial().strict();

/** Class settings on /classes/{id}/details. */
export const UpdateClassForm = z.object({
  name: className,
  subject,
  gradeLevel,
  description: optionalText(1000),
  enrollmentMethod,
});

/** Add one student to a class roster. */
export const EnrollStudentForm = StudentRow;

/** Add Student on /students: a class is optional, so is the e-mail. */
export const AddStudentForm = z.object({
  name: z.string({ error: "Student name is required" }).trim().min(1, "Student name is required").max(120),
  email: optionalEmail,
  studentNumber: sisId,
  loginId,
  gradeLevel: optionalText(40),
  parentContact: optionalText(200),
  classId: optionalText(64),
});

export const StudentDetailsForm = z.object({
  name: z.string({ error: "Student name is required" }).trim().min(1, "Student name is required").max(120),
  email: optionalEmail,
  studentNumber: sisId,
  loginId,
  gradeLevel: optionalText(40),
  parentContact: optionalText(200),
});

export const NoteForm = z.object({
  body: z.string({ error: "Write a note first" }).trim().min(1, "Write a note first").max(5000, "A note can be at most 5000 characters"),
  noteId: optionalText(64),
});

export const CONFERENCE_TYPE_LABELS: Record<(typeof CONFERENCE_ITEM_TYPES)[number], string> = {
  work_sample: "Work sample",
  award: "Award",
  photo: "Photo",
  assessment: "Assessment",
  note: "Note",
  behavior: "Behavior",
};

/** Add Conference Item dialog; the files are checked separately (type by content, size). */
export const ConferenceItemForm = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200),
  description: z.string({ error: "Description is required" }).trim().min(1, "Description is required").max(2000),
  type: z.preprocess((v) => v ?? "work_sample", z.enum(CONFERENCE_ITEM_TYPES)),
  subject: z.preprocess((v) => v ?? "General", z.enum(CONFERENCE_SUBJECTS)),
  importance: z.preprocess((v) => v ?? "medium", z.enum(IMPORTANCE)),
  notes: optionalText(2000),
});

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const AttendanceDate = z
  .string()
  .regex(ISO_DATE, "Pick a date")
  .refine((v) => !Number.isNaN(Date.parse(v)), "Pick a date");
