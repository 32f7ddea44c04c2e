// Enumerations of the spec (sections 3, 4 and 9), shared by the data model, the forms and the pages.

export const GRADE_LEVELS = [
  "Pre-K",
  "Kindergarten",
  "1st Grade",
  "2nd Grade",
  "3rd Grade",
  "4th Grade",
  "5th Grade",
  "6th Grade",
  "7th Grade",
  "8th Grade",
  "9th Grade",
  "10th Grade",
  "11th Grade",
  "12th Grade",
  "College/University",
  "Mixed Grades",
] as const;
export const CLASS_SUBJECTS = ["Mathematics", "English", "Science", "History", "Art", "Music", "Physical Education", "Other"] as const;
export const CLASS_GRADE_LEVELS = ["K", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] as const;
export const ENROLLMENT_METHODS = ["auto", "manual"] as const;
export const ASSIGNMENT_TYPES = ["homework", "quiz", "test", "project", "lab", "essay"] as const;
export const ASSIGNMENT_STATUSES = ["Active", "Draft", "Completed"] as const;
export const PROCESSING_MODES = ["immediate", "later", "none"] as const;
export const FILE_KINDS = ["assignment", "answer_key", "rubric", "batch", "quicksnap", "blank_worksheet"] as const;
export const SUBMISSION_STATUSES = ["pending", "processing", "graded", "failed", "missing"] as const;
/** Where a submission's grade stands in Google Classroom: sent as a draft grade, returned to the student, or refused. */
export const CLASSROOM_SYNC_STATES = ["draft", "returned", "failed"] as const;
export const GRADE_EDIT_FIELDS = ["score", "points", "feedback", "recognized_text", "approval", "student", "group"] as const;
export const JOB_KINDS = ["assignment", "quicksnap"] as const;
export const JOB_STATUSES = ["queued", "processing", "completed", "completed_with_failures", "failed"] as const;
export const IMPORTANCE = ["high", "medium", "low"] as const;
export const CONFERENCE_ITEM_TYPES = ["work_sample", "award", "photo", "assessment", "note", "behavior"] as const;
export const CONFERENCE_SUBJECTS = ["Reading", "Math", "Writing", "Science", "Social Studies", "Social", "General"] as const;
export const ATTENDANCE_STATUSES = ["present", "absent", "late"] as const;
export const CONTACT_TYPES = ["general", "support", "sales", "partnership", "feedback"] as const;
export const SESSION_KINDS = ["browser", "api"] as const;
/** `used_refresh`: a refresh token already exchanged, kept until it expires so that its reuse can be noticed. */
export const API_TOKEN_KINDS = ["access", "refresh", "used_refresh"] as const;
export const NOTIFICATION_KINDS = ["grading_finished", "grading_failed", "review_waiting", "plan_limit"] as const;
/** The plans' ids, a column of the schema; every other plan rule is in core/plans.ts. */
export const PLAN_IDS = ["starter", "professional", "school"] as const;
export const ACCOUNT_TOKEN_PURPOSES = ["password_reset", "email_change"] as const;
export const ACCESS_ACTIONS = ["viewed", "exported", "regraded", "overrode", "deleted"] as const;
