// The whole product's data model (spec section 3), shared by the web and grading workers.
// Every teacher-owned row carries teacher_id with ON DELETE CASCADE, so deleting a teacher deletes everything of theirs.
// The shared columns and the teachers table: schema-columns.ts; the sign-in and account tables: schema-accounts.ts.
import { sql } from "drizzle-orm";
import {
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_TYPES,
  ATTENDANCE_STATUSES,
  CLASS_GRADE_LEVELS,
  CLASS_SUBJECTS,
  CLASSROOM_SYNC_STATES,
  CONFERENCE_ITEM_TYPES,
  CONFERENCE_SUBJECTS,
  ENROLLMENT_METHODS,
  FILE_KINDS,
  GRADE_EDIT_FIELDS,
  IMPORTANCE,
  JOB_KINDS,
  JOB_STATUSES,
  NOTIFICATION_KINDS,
  PROCESSING_MODES,
  SUBMISSION_STATUSES,
} from "../constants";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, updatedAt, teacherId, teachers } from "./schema-columns";

export { teachers } from "./schema-columns";
export * from "./schema-accounts";

export const googleTokens = sqliteTable("google_tokens", {
  teacherId: text("teacher_id")
    .primaryKey()
    .references(() => teachers.id, { onDelete: "cascade" }),
  // AES-GCM ciphertexts (base64 of iv || ciphertext), key from the GOOGLE_TOKEN_KEY secret.
  accessTokenEnc: text("access_token_enc").notNull(),
  refreshTokenEnc: text("refresh_token_enc"),
  tokenExpiry: integer("token_expiry", { mode: "timestamp_ms" }),
  scope: text("scope"),
  updatedAt: updatedAt(),
});

export const settings = sqliteTable("settings", {
  teacherId: text("teacher_id")
    .primaryKey()
    .references(() => teachers.id, { onDelete: "cascade" }),
  autoDetectStudents: integer("auto_detect_students", { mode: "boolean" }).notNull().default(true),
  autoDetectStandards: integer("auto_detect_standards", { mode: "boolean" }).notNull().default(true),
  defaultPoints: integer("default_points").notNull().default(100),
  requireManualReview: integer("require_manual_review", { mode: "boolean" }).notNull().default(false),
  /** Delete uploaded student work (photos, scans) this many days after grading; null keeps it. */
  retentionDays: integer("retention_days"),
  /** Page images may be sent to the hosted vision reader (VISION_READER): off unless the teacher allows it. */
  allowHostedReading: integer("allow_hosted_reading", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

export const classes = sqliteTable(
  "classes",
  {
    id: id(),
    teacherId: teacherId(),
    name: text("name").notNull(),
    subject: text("subject", { enum: CLASS_SUBJECTS }).notNull(),
    gradeLevel: text("grade_level", { enum: CLASS_GRADE_LEVELS }).notNull(),
    description: text("description").notNull().default(""),
    classCode: text("class_code").notNull(),
    enrollmentMethod: text("enrollment_method", { enum: ENROLLMENT_METHODS }).notNull().default("auto"),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    /** The Google Classroom course this class was imported from or linked to. */
    classroomCourseId: text("classroom_course_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("classes_teacher_code_idx").on(t.teacherId, t.classCode),
    uniqueIndex("classes_teacher_classroom_idx").on(t.teacherId, t.classroomCourseId),
  ],
);

export const students = sqliteTable(
  "students",
  {
    id: id(),
    teacherId: teacherId(),
    name: text("name").notNull(),
    email: text("email"),
    /** The student's id in the school's SIS (Canvas 'SIS User ID', OneRoster sourcedId). */
    studentNumber: text("student_number"),
    /** The login Canvas knows the student by (Canvas 'SIS Login ID'), usually the school e-mail. */
    loginId: text("login_id"),
    /** The student's Google user id (Classroom's userId): what grades sent back to Classroom are keyed by. */
    googleUserId: text("google_user_id"),
    gradeLevel: text("grade_level"),
    parentContact: text("parent_contact"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("students_teacher_idx").on(t.teacherId), uniqueIndex("students_teacher_google_idx").on(t.teacherId, t.googleUserId)],
);

export const enrollments = sqliteTable(
  "enrollments",
  {
    classId: text("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    enrolledAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId] }), index("enrollments_student_idx").on(t.studentId)],
);

export const attendance = sqliteTable(
  "attendance",
  {
    classId: text("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    date: text("date").notNull(), // YYYY-MM-DD in the teacher's calendar
    status: text("status", { enum: ATTENDANCE_STATUSES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId, t.date] })],
);

export const assignments = sqliteTable(
  "assignments",
  {
    id: id(),
    teacherId: teacherId(),
    classId: text("class_id").references(() => classes.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    instructions: text("instructions").notNull().default(""),
    assignmentType: text("assignment_type", { enum: ASSIGNMENT_TYPES }).notNull().default("homework"),
    subject: text("subject").notNull().default(""),
    gradeLevel: text("grade_level").notNull().default(""),
    estimatedTime: integer("estimated_time").notNull().default(30),
    dueDate: integer("due_date", { mode: "timestamp_ms" }),
    points: integer("points").notNull().default(100),
    status: text("status", { enum: ASSIGNMENT_STATUSES }).notNull().default("Draft"),
    processingMode: text("processing_mode", { enum: PROCESSING_MODES }).notNull().default("immediate"),
    skipDetails: integer("skip_details", { mode: "boolean" }).notNull().default(false),
    hasAnswerKey: integer("has_answer_key", { mode: "boolean" }).notNull().default(false),
    hasRubric: integer("has_rubric", { mode: "boolean" }).notNull().default(false),
    autoDetectStudents: integer("auto_detect_students", { mode: "boolean" }).notNull().default(true),
    autoDetectStandards: integer("auto_detect_standards", { mode: "boolean" }).notNull().default(true),
    requireManualReview: integer("require_manual_review", { mode: "boolean" }).notNull().default(false),
    useManualStudents: integer("use_manual_students", { mode: "boolean" }).notNull().default(false),
    manualStudentNames: text("manual_student_names", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    useManualStandards: integer("use_manual_standards", { mode: "boolean" }).notNull().default(false),
    selectedStandards: text("selected_standards", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    answerKeyText: text("answer_key_text"),
    rubricText: text("rubric_text"),
    /** The matching assignment's id in Canvas, when the teacher gave it (exports head the column 'Title (id)'). */
    canvasAssignmentId: text("canvas_assignment_id"),
    /** The Classroom coursework this assignment came from or was posted as (docs/decisions/0040). */
    classroomCourseId: text("classroom_course_id"),
    classroomCourseWorkId: text("classroom_course_work_id"),
    /** Created by Gradewell's Google Cloud project: only then does Classroom let Gradewell set its grades. */
    classroomOwned: integer("classroom_owned", { mode: "boolean" }).notNull().default(false),
    classroomMaxPoints: real("classroom_max_points"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("assignments_teacher_idx").on(t.teacherId),
    index("assignments_class_idx").on(t.classId),
    uniqueIndex("assignments_teacher_coursework_idx").on(t.teacherId, t.classroomCourseWorkId),
  ],
);

export const assignmentFiles = sqliteTable(
  "assignment_files",
  {
    id: id(),
    teacherId: teacherId(),
    assignmentId: text("assignment_id").references(() => assignments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FILE_KINDS }).notNull(),
    r2Key: text("r2_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("assignment_files_assignment_idx").on(t.assignmentId)],
);

export const gradingJobs = sqliteTable(
  "grading_jobs",
  {
    id: id(),
    teacherId: teacherId(),
    assignmentId: text("assignment_id").references(() => assignments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    averageScore: real("average_score"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("grading_jobs_teacher_idx").on(t.teacherId)],
);

export const submissions = sqliteTable(
  "submissions",
  {
    id: id(),
    teacherId: teacherId(),
    assignmentId: text("assignment_id").references(() => assignments.id, { onDelete: "cascade" }),
    jobId: text("job_id").references(() => gradingJobs.id, { onDelete: "set null" }),
    studentId: text("student_id").references(() => students.id, { onDelete: "set null" }),
    studentName: text("student_name").notNull().default(""),
    fileId: text("file_id").references(() => assignmentFiles.id, { onDelete: "set null" }),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("pending"),
    score: real("score"),
    maxScore: real("max_score"),
    percent: real("percent"),
    aiScore: real("ai_score"),
    needsReview: integer("needs_review", { mode: "boolean" }).notNull().default(false),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    approvedBy: text("approved_by"),
    recognizedText: text("recognized_text"),
    readingConfidence: real("reading_confidence"),
    feedback: text("feedback"),
    flags: text("flags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Why the grader wants the teacher to look (low confidence, missing answers, text aimed at the grader...). */
    reviewNotes: text("review_notes", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    failureReason: text("failure_reason"),
    gradedAt: integer("graded_at", { mode: "timestamp_ms" }),
    /** The student's Classroom submission, and what Gradewell last sent to it. */
    classroomSubmissionId: text("classroom_submission_id"),
    /** Classroom marked the work as turned in after the due date. */
    classroomLate: integer("classroom_late", { mode: "boolean" }).notNull().default(false),
    classroomSync: text("classroom_sync", { enum: CLASSROOM_SYNC_STATES }),
    classroomSentGrade: real("classroom_sent_grade"),
    classroomSyncError: text("classroom_sync_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("submissions_assignment_idx").on(t.assignmentId),
    index("submissions_student_idx").on(t.studentId),
    index("submissions_job_idx").on(t.jobId),
    // The assignments list counts each teacher's submissions by assignment (docs/decisions/0014).
    index("submissions_teacher_assignment_idx").on(t.teacherId, t.assignmentId),
  ],
);

export const questionResults = sqliteTable(
  "question_results",
  {
    id: id(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    questionNumber: text("question_number").notNull(),
    keyAnswer: text("key_answer"),
    studentAnswer: text("student_answer"),
    pointsAwarded: real("points_awarded").notNull(),
    pointsPossible: real("points_possible").notNull(),
    aiPoints: real("ai_points"),
    reason: text("reason").notNull().default(""),
    confidence: real("confidence").notNull().default(1),
    /** The grader wants the teacher to look at this question; `reviewReason` says why. */
    needsReview: integer("needs_review", { mode: "boolean" }).notNull().default(false),
    reviewReason: text("review_reason"),
    feedback: text("feedback").notNull().default(""),
    editedBy: text("edited_by"),
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    /** The crop of the student's answer on its page, in R2 (core/files/answer-crop-keys.ts); null without one. */
    cropKey: text("crop_key"),
  },
  (t) => [uniqueIndex("question_results_submission_q_idx").on(t.submissionId, t.questionNumber)],
);

/** Every teacher change to a grade, feedback, recognised text or approval: who, when, before and after. */
export const gradeEdits = sqliteTable(
  "grade_edits",
  {
    id: id(),
    teacherId: teacherId(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    questionNumber: text("question_number"),
    field: text("field", { enum: GRADE_EDIT_FIELDS }).notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    editedBy: text("edited_by").notNull(),
    editedAt: integer("edited_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("grade_edits_submission_idx").on(t.submissionId)],
);

export const notes = sqliteTable(
  "notes",
  {
    id: id(),
    teacherId: teacherId(),
    studentId: text("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("notes_student_idx").on(t.studentId)],
);

export const conferenceItems = sqliteTable(
  "conference_items",
  {
    id: id(),
    teacherId: teacherId(),
    studentId: text("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    type: text("type", { enum: CONFERENCE_ITEM_TYPES }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    date: text("date").notNull(),
    notes: text("notes").notNull().default(""),
    subject: text("subject", { enum: CONFERENCE_SUBJECTS }).notNull().default("General"),
    importance: text("importance", { enum: IMPORTANCE }).notNull().default("medium"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    fileName: text("file_name"),
    r2Key: text("r2_key"),
    googleDriveId: text("google_drive_id"),
    assignmentId: text("assignment_id").references(() => assignments.id, { onDelete: "set null" }),
    score: real("score"),
    standard: text("standard"),
    uploadedAt: createdAt(),
  },
  (t) => [index("conference_items_student_idx").on(t.studentId)],
);

export type Teacher = typeof teachers.$inferSelect;

/**
 * What the dashboard's notifications button lists: grading finished or failed, work waiting for review, the plan
 * limit near. `key` makes each one once per teacher (e.g. `job:<id>:finished`), so recording is idempotent.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    teacherId: teacherId(),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    href: text("href"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_teacher_key_idx").on(t.teacherId, t.key),
    index("notifications_teacher_idx").on(t.teacherId, t.createdAt),
  ],
);
