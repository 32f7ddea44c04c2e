// Assignments: atomic creation with uploads, the list with real counts, the detail with its student table,
// and handing the ungraded work to the grading queue. Every function takes the teacher's id and filters by it.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { autoTitle, nameFromFileName } from "../lib/format";
import { AssignmentForm, FILE_FIELDS, NO_FILES_MESSAGE, type AssignmentInput } from "../schemas/assignments";
import type { Db } from "../../core/db/client";
import {
  assignmentFiles,
  assignments,
  classes,
  enrollments,
  gradingJobs,
  questionResults,
  students,
  submissions,
} from "../../core/db/schema";
import { startJob } from "./jobs.server";
import { checkUpload, uploadKey, type CheckedUpload } from "./storage.server";
import { newId } from "./tokens.server";
import { UnsupportedFileError } from "../../core/files/file-type";
import type { TeacherSettings } from "./settings.server";

/** A problem the teacher or API client can fix; `status` is the HTTP status the API answers. */
export class AssignmentInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(message);
    this.name = "AssignmentInputError";
  }
}

export type AssignmentRow = typeof assignments.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type UploadArea = keyof typeof FILE_FIELDS;

export { FILE_FIELDS };

export type IncomingFiles = Record<UploadArea, File[]>;

/** The files of a multipart body under the spec's field names; an untouched file input (no name, 0 bytes) is no file. */
export function filesFromForm(form: FormData): IncomingFiles {
  const pick = (field: string) =>
    form
      .getAll(field)
      .filter((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v && !(v.name === "" && v.size === 0));
  return {
    assignment: pick(FILE_FIELDS.assignment),
    answer_key: pick(FILE_FIELDS.answer_key),
    rubric: pick(FILE_FIELDS.rubric),
    batch: pick(FILE_FIELDS.batch),
  };
}

/** For API clients that leave a field out: the teacher's settings are the defaults (spec: local settings override defaults). */
export function applySettingsDefaults(form: FormData, defaults: TeacherSettings): FormData {
  const out = new FormData();
  for (const [key, value] of form.entries()) out.append(key, value);
  if (!out.has("points")) out.set("points", String(defaults.defaultPoints));
  if (!out.has("autoDetectStudents")) out.set("autoDetectStudents", String(defaults.autoDetectStudents));
  if (!out.has("autoDetectStandards")) out.set("autoDetectStandards", String(defaults.autoDetectStandards));
  if (!out.has("requireManualReview")) out.set("requireManualReview", String(defaults.requireManualReview));
  return out;
}

const MAX_KEY_TEXT = 50_000;

/** An answer key or rubric may be a plain-text file: its text is kept instead of the file. */
export function plainText(bytes: Uint8Array): string | null {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_KEY_TEXT * 4) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what the file name loses
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) return null;
  return text.replace(/^\uFEFF/, "").trim() || null;
}

type CheckedFile = { area: UploadArea; upload: CheckedUpload } | { area: "answer_key" | "rubric"; text: string; fileName: string };

async function checkFiles(files: IncomingFiles, input: AssignmentInput): Promise<CheckedFile[]> {
  const wanted: [UploadArea, File[]][] = [
    ["assignment", files.assignment],
    ["batch", files.batch],
    ["answer_key", input.hasAnswerKey ? files.answer_key : []],
    ["rubric", input.hasRubric ? files.rubric : []],
  ];
  const checked: CheckedFile[] = [];
  for (const [area, list] of wanted) {
    for (const file of list) {
      try {
        checked.push({ area, upload: await checkUpload(file) });
      } catch (error) {
        if (!(error instanceof UnsupportedFileError)) throw error;
        if ((area === "answer_key" || area === "rubric") && error.reason === "unsupported") {
          const text = plainText(new Uint8Array(await file.arrayBuffer()));
          if (text) {
            checked.push({ area, text, fileName: file.name });
            continue;
          }
        }
        const status = error.reason === "too-large" ? 413 : 415;
        const message = error.message.includes(`"${file.name}"`) ? error.message : `"${file.name || "Unnamed file"}": ${error.message}`;
        throw new AssignmentInputError(message, status, FILE_FIELDS[area]);
      }
    }
  }
  return checked;
}

async function findClass(db: Db, teacherId: string, classId: string) {
  return db.query.classes.findFirst({ where: and(eq(classes.id, classId), eq(classes.teacherId, teacherId)) });
}

async function roster(db: Db, teacherId: string, classId: string | null) {
  if (!classId) return [];
  return db
    .select({ id: students.id, name: students.name, email: students.email })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(eq(enrollments.classId, classId), eq(students.teacherId, teacherId)))
    .orderBy(students.name);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Creates the assignment with all its files and one submission per student-work file, or nothing at all:
 * every file is checked first, then stored in R2, then every row is inserted in one batch; on any failure the
 * stored objects are deleted again.
 */
export async function createAssignment(env: Env, db: Db, teacherId: string, input: AssignmentInput, files: IncomingFiles) {
  if (files.assignment.length === 0 && files.batch.length === 0)
    throw new AssignmentInputError(NO_FILES_MESSAGE, 400, FILE_FIELDS.assignment);
  const klass = input.classId ? await findClass(db, teacherId, input.classId) : null;
  if (input.classId && !klass) throw new AssignmentInputError("Class not found.", 400, "classId");

  const checked = await checkFiles(files, input);
  const assignmentId = newId();
  const stored: { file: CheckedFile & { upload: CheckedUpload }; id: string; key: string }[] = [];
  const keyTexts = { answer_key: [] as string[], rubric: [] as string[] };
  try {
    for (const file of checked) {
      if ("text" in file) {
        keyTexts[file.area].push(file.text);
        continue;
      }
      const { id, key } = uploadKey(teacherId, `assignments/${assignmentId}/${file.area}`, file.upload.fileName);
      await env.UPLOADS.put(key, file.upload.bytes, {
        httpMetadata: { contentType: file.upload.contentType },
        customMetadata: { teacherId, assignmentId, fileName: file.upload.fileName },
      });
      stored.push({ file, id, key });
    }

    const typedKey = [input.answerKeyText, ...keyTexts.answer_key].filter(Boolean).join("\n\n");
    const typedRubric = [input.rubricText, ...keyTexts.rubric].filter(Boolean).join("\n\n");
    const classRoster = await roster(db, teacherId, klass?.id ?? null);
    const studentWork = stored.filter((s) => s.file.area === "assignment" || s.file.area === "batch");
    const title = input.title || autoTitle({ subject: input.subject, assignmentType: input.assignmentType });

    const submissionRows = studentWork.map((s, index) => {
      const manual = input.manualStudentNames[index];
      const fromFile = nameFromFileName(s.file.upload.fileName);
      const studentName = manual ?? fromFile;
      // With auto-detect on, the pipeline may replace a name that only came from the file name.
      const flags = !manual && input.autoDetectStudents ? ["name_from_file"] : [];
      const enrolled = classRoster.find((student) => sameName(student.name, studentName));
      return {
        id: newId(),
        teacherId,
        assignmentId,
        fileId: s.id,
        studentName,
        studentId: enrolled?.id ?? null,
        maxScore: input.points,
        flags,
      };
    });

    const statements = [
      db.insert(assignments).values({
        id: assignmentId,
        teacherId,
        classId: klass?.id ?? null,
        title,
        description: input.description,
        instructions: input.instructions,
        assignmentType: input.assignmentType,
        subject: input.subject,
        gradeLevel: input.gradeLevel,
        estimatedTime: input.estimatedTime,
        dueDate: input.dueDate,
        points: input.points,
        status: "Draft",
        processingMode: input.processingMode,
        skipDetails: input.skipDetails,
        hasAnswerKey: input.hasAnswerKey,
        hasRubric: input.hasRubric,
        autoDetectStudents: input.autoDetectStudents,
        autoDetectStandards: input.autoDetectStandards,
        requireManualReview: input.requireManualReview,
        useManualStudents: input.useManualStudents,
        manualStudentNames: input.manualStudentNames,
        useManualStandards: input.useManualStandards,
        selectedStandards: input.selectedStandards,
        answerKeyText: typedKey || null,
        rubricText: typedRubric || null,
      }),
      ...stored.map((s) =>
        db.insert(assignmentFiles).values({
          id: s.id,
          teacherId,
          assignmentId,
          kind: s.file.area,
          r2Key: s.key,
          fileName: s.file.upload.fileName,
          contentType: s.file.upload.contentType,
          size: s.file.upload.size,
        }),
      ),
      // One statement a row: D1 binds at most 100 values per statement, and a batch of 30 photos would exceed it.
      ...submissionRows.map((row) => db.insert(submissions).values(row)),
    ] as const;
    await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
    return { assignmentId, submissionIds: submissionRows.map((s) => s.id), title };
  } catch (error) {
    if (stored.length) await env.UPLOADS.delete(stored.map((s) => s.key));
    throw error;
  }
}

export async function findAssignment(db: Db, teacherId: string, assignmentId: string) {
  return db.query.assignments.findFirst({ where: and(eq(assignments.id, assignmentId), eq(assignments.teacherId, teacherId)) });
}

export async function requireAssignment(db: Db, teacherId: string, assignmentId: string) {
  const assignment = await findAssignment(db, teacherId, assignmentId);
  if (!assignment) throw new AssignmentInputError("Assignment not found.", 404);
  return assignment;
}

/** The job that is grading this assignment right now, if any. */
export async function runningJob(db: Db, teacherId: string, assignmentId: string) {
  return db.query.gradingJobs.findFirst({
    where: and(
      eq(gradingJobs.teacherId, teacherId),
      eq(gradingJobs.assignmentId, assignmentId),
      inArray(gradingJobs.status, ["queued", "processing"]),
    ),
    orderBy: desc(gradingJobs.createdAt),
  });
}

/**
 * Hands the assignment's ungraded work to the grading queue as one job. A job already running is answered
 * instead of starting a second one. If the queue cannot be reached the job is marked failed and the error
 * rethrown; the assignment and its files stay saved.
 */
export async function processAssignment(env: Env, db: Db, teacherId: string, assignmentId: string) {
  const assignment = await requireAssignment(db, teacherId, assignmentId);
  const running = await runningJob(db, teacherId, assignment.id);
  if (running) return { jobId: running.id, total: running.total, alreadyRunning: true };
  const pending = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.teacherId, teacherId), eq(submissions.assignmentId, assignment.id), eq(submissions.status, "pending")));
  if (pending.length === 0) throw new AssignmentInputError("There is no ungraded work to process.", 409);
  const ids = pending.map((p) => p.id);
  const jobId = await queueSubmissions(env, db, teacherId, assignment.id, ids);
  return { jobId, total: ids.length, alreadyRunning: false };
}

async function queueSubmissions(env: Env, db: Db, teacherId: string, assignmentId: string, submissionIds: string[]) {
  const jobId = newId();
  // D1 binds at most 100 values per statement: the submissions are attached to the job in slices.
  const slices: string[][] = [];
  for (let i = 0; i < submissionIds.length; i += 90) slices.push(submissionIds.slice(i, i + 90));
  await db.batch([
    db
      .insert(gradingJobs)
      .values({ id: jobId, teacherId, assignmentId, kind: "assignment", status: "processing", total: submissionIds.length }),
    ...slices.map((slice) =>
      db
        .update(submissions)
        .set({ jobId, updatedAt: new Date() })
        .where(and(eq(submissions.teacherId, teacherId), inArray(submissions.id, slice))),
    ),
    db
      .update(assignments)
      .set({ status: "Active", updatedAt: new Date() })
      .where(and(eq(assignments.id, assignmentId), eq(assignments.teacherId, teacherId))),
  ]);
  try {
    await startJob(env, { jobId, teacherId, submissionIds });
  } catch (error) {
    await db.update(gradingJobs).set({ status: "failed", finishedAt: new Date() }).where(eq(gradingJobs.id, jobId));
    throw error;
  }
  return jobId;
}

/** Regrade one submission (after the teacher corrected its recognised text): reset it and give it its own job. */
export async function regradeSubmission(env: Env, db: Db, teacherId: string, submission: SubmissionRow) {
  if (!submission.assignmentId) throw new AssignmentInputError("Only assignment submissions can be regraded here.", 400);
  await db.batch([
    db.delete(questionResults).where(eq(questionResults.submissionId, submission.id)),
    db
      .update(submissions)
      .set({
        status: "pending",
        score: null,
        percent: null,
        needsReview: false,
        approvedAt: null,
        approvedBy: null,
        failureReason: null,
        gradedAt: null,
        feedback: null,
        aiScore: null,
        flags: [...new Set([...submission.flags.filter((f) => f !== "teacher_scored"), "text_corrected"])],
        updatedAt: new Date(),
      })
      .where(and(eq(submissions.id, submission.id), eq(submissions.teacherId, teacherId))),
  ]);
  return queueSubmissions(env, db, teacherId, submission.assignmentId, [submission.id]);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading: the list, the detail and the student table.

export type RowStatus = "graded" | "pending" | "missing";

/** A grade the teacher has not approved yet is held as pending when the assignment requires manual review. */
export function isHeld(assignment: Pick<AssignmentRow, "requireManualReview">, s: Pick<SubmissionRow, "approvedAt">) {
  return assignment.requireManualReview && !s.approvedAt;
}

export function rowStatus(
  assignment: Pick<AssignmentRow, "requireManualReview">,
  s: Pick<SubmissionRow, "status" | "approvedAt">,
): RowStatus {
  if (s.status === "missing") return "missing";
  if (s.status === "graded" && !isHeld(assignment, s)) return "graded";
  return "pending";
}

/** Final once graded, not held for approval, and not flagged for review (or approved). */
export function isFinal(
  assignment: Pick<AssignmentRow, "requireManualReview">,
  s: Pick<SubmissionRow, "status" | "approvedAt" | "needsReview">,
) {
  return s.status === "graded" && (Boolean(s.approvedAt) || (!s.needsReview && !assignment.requireManualReview));
}

export type AssignmentStatus = "Active" | "Draft" | "Completed";

/** Draft until grading starts; Completed once every submission's grade is final; Active in between. */
export function assignmentStatus(counts: { total: number; started: number; final: number }): AssignmentStatus {
  if (counts.total === 0 || counts.started === 0) return "Draft";
  return counts.final >= counts.total ? "Completed" : "Active";
}

export type ListFilters = { q?: string; status?: string; classId?: string; type?: string };

export async function listAssignments(db: Db, teacherId: string, filters: ListFilters = {}) {
  const rows = await db
    .select({
      id: assignments.id,
      title: assignments.title,
      assignmentType: assignments.assignmentType,
      subject: assignments.subject,
      dueDate: assignments.dueDate,
      points: assignments.points,
      classId: assignments.classId,
      className: classes.name,
      requireManualReview: assignments.requireManualReview,
      createdAt: assignments.createdAt,
    })
    .from(assignments)
    .leftJoin(classes, eq(classes.id, assignments.classId))
    .where(eq(assignments.teacherId, teacherId))
    .orderBy(desc(assignments.createdAt));

  const counts = await db
    .select({
      assignmentId: submissions.assignmentId,
      total: sql<number>`count(*)`,
      submitted: sql<number>`sum(case when ${submissions.status} != 'missing' then 1 else 0 end)`,
      started: sql<number>`sum(case when ${submissions.jobId} is not null or ${submissions.status} != 'pending' then 1 else 0 end)`,
      graded: sql<number>`sum(case when ${submissions.status} = 'graded' then 1 else 0 end)`,
      approved: sql<number>`sum(case when ${submissions.status} = 'graded' and ${submissions.approvedAt} is not null then 1 else 0 end)`,
      clean: sql<number>`sum(case when ${submissions.status} = 'graded' and ${submissions.approvedAt} is null and ${submissions.needsReview} = 0 then 1 else 0 end)`,
      needsReview: sql<number>`sum(case when ${submissions.needsReview} = 1 and ${submissions.approvedAt} is null then 1 else 0 end)`,
      average: sql<number | null>`avg(${submissions.percent})`,
    })
    .from(submissions)
    .where(eq(submissions.teacherId, teacherId))
    .groupBy(submissions.assignmentId);
  const byAssignment = new Map(counts.map((c) => [c.assignmentId, c]));

  const rosterSizes = await db
    .select({ classId: enrollments.classId, n: sql<number>`count(*)` })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(eq(classes.teacherId, teacherId))
    .groupBy(enrollments.classId);
  const rosterByClass = new Map(rosterSizes.map((r) => [r.classId, Number(r.n)]));

  const list = rows.map((row) => {
    const c = byAssignment.get(row.id);
    const total = Number(c?.total ?? 0);
    const submitted = Number(c?.submitted ?? 0);
    const final = Number(c?.approved ?? 0) + (row.requireManualReview ? 0 : Number(c?.clean ?? 0));
    const status = assignmentStatus({ total, started: Number(c?.started ?? 0), final });
    const rosterSize = row.classId ? (rosterByClass.get(row.classId) ?? 0) : 0;
    return {
      ...row,
      status,
      submissions: submitted,
      total: Math.max(total, rosterSize),
      graded: Number(c?.graded ?? 0),
      needsReview: Number(c?.needsReview ?? 0),
      averagePercent: c?.average == null ? null : Math.round(Number(c.average) * 10) / 10,
    };
  });

  const q = filters.q?.trim().toLowerCase();
  const filtered = list.filter(
    (a) =>
      (!q || a.title.toLowerCase().includes(q) || (a.className ?? "").toLowerCase().includes(q) || a.subject.toLowerCase().includes(q)) &&
      (!filters.status || a.status === filters.status) &&
      (!filters.classId || a.classId === filters.classId) &&
      (!filters.type || a.assignmentType === filters.type),
  );
  const summary = {
    total: list.length,
    active: list.filter((a) => a.status === "Active").length,
    draft: list.filter((a) => a.status === "Draft").length,
    completed: list.filter((a) => a.status === "Completed").length,
    needsReview: list.reduce((n, a) => n + a.needsReview, 0),
  };
  return { assignments: filtered, summary };
}

export async function teacherClasses(db: Db, teacherId: string) {
  return db.select({ id: classes.id, name: classes.name }).from(classes).where(eq(classes.teacherId, teacherId)).orderBy(classes.name);
}

export type StudentRow = {
  key: string;
  submissionId: string | null;
  studentId: string | null;
  student: string;
  fileName: string | null;
  status: RowStatus;
  pipelineStatus: SubmissionRow["status"] | "missing";
  score: number | null;
  maxScore: number | null;
  percent: number | null;
  needsReview: boolean;
  approved: boolean;
  held: boolean;
  failureReason: string | null;
};

/** The assignment with its files, its student table (with the class's missing students) and its job. */
export async function assignmentDetail(db: Db, teacherId: string, assignmentId: string) {
  const assignment = await findAssignment(db, teacherId, assignmentId);
  if (!assignment) return null;
  const [files, subs, klass, job] = await Promise.all([
    db
      .select()
      .from(assignmentFiles)
      .where(and(eq(assignmentFiles.teacherId, teacherId), eq(assignmentFiles.assignmentId, assignment.id)))
      .orderBy(assignmentFiles.createdAt),
    db
      .select()
      .from(submissions)
      .where(and(eq(submissions.teacherId, teacherId), eq(submissions.assignmentId, assignment.id)))
      .orderBy(submissions.createdAt),
    assignment.classId ? findClass(db, teacherId, assignment.classId) : Promise.resolve(undefined),
    db.query.gradingJobs.findFirst({
      where: and(eq(gradingJobs.teacherId, teacherId), eq(gradingJobs.assignmentId, assignment.id)),
      orderBy: desc(gradingJobs.createdAt),
    }),
  ]);
  const fileName = new Map(files.map((f) => [f.id, f.fileName]));
  const rows: StudentRow[] = subs.map((s) => {
    const held = isHeld(assignment, s);
    return {
      key: s.id,
      submissionId: s.id,
      studentId: s.studentId,
      student: s.studentName || (s.fileId ? nameFromFileName(fileName.get(s.fileId) ?? "") : "") || "Unnamed student",
      fileName: s.fileId ? (fileName.get(s.fileId) ?? null) : null,
      status: rowStatus(assignment, s),
      pipelineStatus: s.status,
      score: s.score,
      maxScore: s.maxScore ?? assignment.points,
      percent: s.percent,
      needsReview: s.needsReview && !s.approvedAt,
      approved: Boolean(s.approvedAt),
      held,
      failureReason: s.failureReason,
    };
  });
  const classRoster = await roster(db, teacherId, klass?.id ?? null);
  for (const student of classRoster) {
    const submitted = subs.some((s) => s.studentId === student.id || sameName(s.studentName, student.name));
    if (!submitted) {
      rows.push({
        key: `missing-${student.id}`,
        submissionId: null,
        studentId: student.id,
        student: student.name,
        fileName: null,
        status: "missing",
        pipelineStatus: "missing",
        score: null,
        maxScore: assignment.points,
        percent: null,
        needsReview: false,
        approved: false,
        held: false,
        failureReason: null,
      });
    }
  }
  const final = subs.filter((s) => isFinal(assignment, s)).length;
  const started = subs.filter((s) => s.jobId || s.status !== "pending").length;
  const questions = subs.length
    ? await db
        .select({ number: questionResults.questionNumber, n: sql<number>`count(*)` })
        .from(questionResults)
        .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
        .where(and(eq(submissions.teacherId, teacherId), eq(submissions.assignmentId, assignment.id)))
        .groupBy(questionResults.questionNumber)
    : [];
  return {
    assignment,
    className: klass?.name ?? null,
    files,
    rows,
    status: assignmentStatus({ total: subs.length, started, final }),
    pendingCount: subs.filter((s) => s.status === "pending").length,
    job: job ?? null,
    questionNumbers: questions.map((q) => q.number).sort(compareQuestionNumbers),
  };
}

export function compareQuestionNumbers(a: string, b: string): number {
  const na = Number.parseFloat(a);
  const nb = Number.parseFloat(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a.localeCompare(b, "en", { numeric: true });
}

/** The JSON API's view of an assignment: the form's fields, its files and every submission with its questions. */
export async function assignmentForApi(db: Db, teacherId: string, assignmentId: string) {
  const detail = await assignmentDetail(db, teacherId, assignmentId);
  if (!detail) return null;
  const { assignment } = detail;
  const submissionIds = detail.rows.flatMap((r) => (r.submissionId ? [r.submissionId] : []));
  // Selected by assignment, not by a list of ids: D1 binds at most 100 values per statement.
  const wanted = new Set(submissionIds);
  const results = submissionIds.length
    ? (
        await db
          .select({ result: questionResults })
          .from(questionResults)
          .innerJoin(submissions, eq(submissions.id, questionResults.submissionId))
          .where(and(eq(submissions.teacherId, teacherId), eq(submissions.assignmentId, assignment.id)))
      )
        .map((r) => r.result)
        .filter((r) => wanted.has(r.submissionId))
    : [];
  const subs = submissionIds.length
    ? (
        await db
          .select()
          .from(submissions)
          .where(and(eq(submissions.teacherId, teacherId), eq(submissions.assignmentId, assignment.id)))
      ).filter((s) => wanted.has(s.id))
    : [];
  const feedbackById = new Map(subs.map((s) => [s.id, s]));
  return {
    id: assignment.id,
    title: assignment.title,
    description: assignment.description,
    instructions: assignment.instructions,
    assignment_type: assignment.assignmentType,
    subject: assignment.subject,
    grade_level: assignment.gradeLevel,
    estimated_time: assignment.estimatedTime,
    due_date: assignment.dueDate?.toISOString() ?? null,
    points: assignment.points,
    class_id: assignment.classId,
    class_name: detail.className,
    status: detail.status,
    processing_mode: assignment.processingMode,
    skip_details: assignment.skipDetails,
    has_answer_key: assignment.hasAnswerKey,
    has_rubric: assignment.hasRubric,
    auto_detect_students: assignment.autoDetectStudents,
    auto_detect_standards: assignment.autoDetectStandards,
    require_manual_review: assignment.requireManualReview,
    use_manual_students: assignment.useManualStudents,
    manual_student_names: assignment.manualStudentNames,
    use_manual_standards: assignment.useManualStandards,
    selected_standards: assignment.selectedStandards,
    created_at: assignment.createdAt.toISOString(),
    files: detail.files.map((f) => ({ id: f.id, kind: f.kind, file_name: f.fileName, content_type: f.contentType, size: f.size })),
    job: detail.job
      ? { id: detail.job.id, status: detail.job.status, done: detail.job.done, failed: detail.job.failed, total: detail.job.total }
      : null,
    submissions: detail.rows.map((r) => {
      const s = r.submissionId ? feedbackById.get(r.submissionId) : undefined;
      return {
        id: r.submissionId,
        student: r.student,
        student_id: r.studentId,
        status: r.status,
        processing_status: r.pipelineStatus,
        score: r.held ? null : r.score,
        max: r.maxScore,
        percent: r.held ? null : r.percent,
        needs_review: r.needsReview,
        review_notes: s?.reviewNotes ?? [],
        approved: r.approved,
        feedback: s?.feedback ?? null,
        questions: results
          .filter((q) => q.submissionId === r.submissionId)
          .sort((a, b) => compareQuestionNumbers(a.questionNumber, b.questionNumber))
          .map((q) => ({
            number: q.questionNumber,
            key: q.keyAnswer,
            answer: q.studentAnswer,
            points: q.pointsAwarded,
            points_possible: q.pointsPossible,
            ai_points: q.aiPoints,
            reason: q.reason,
            confidence: q.confidence,
            feedback: q.feedback,
            edited: q.editedAt != null,
          })),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The create form, shared by the page's action and POST /api/assignments.

export type FieldIssue = { field: string | null; message: string };

/** Parses the form's fields with the shared schema; answers the spec's messages per field. */
export function parseAssignmentForm(form: FormData): { ok: true; value: AssignmentInput } | { ok: false; issues: FieldIssue[] } {
  const payload: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((v) => typeof v === "string");
    if (values.length) payload[key] = values.length === 1 ? values[0] : values;
  }
  const result = AssignmentForm.safeParse(payload);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, issues: result.error.issues.map((i) => ({ field: i.path.join(".") || null, message: i.message })) };
}

export async function readMultipart(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    throw new AssignmentInputError("Send the assignment as multipart/form-data.", 415);
  }
  try {
    return await request.formData();
  } catch {
    throw new AssignmentInputError("The form data could not be read. Please try again.", 400);
  }
}

/**
 * Validates and creates in one go (the page and the API alike). The caller decides about processing.
 */
export async function createFromForm(env: Env, db: Db, teacherId: string, form: FormData) {
  const parsed = parseAssignmentForm(form);
  if (!parsed.ok) return { ok: false as const, status: 400, issues: parsed.issues };
  try {
    const created = await createAssignment(env, db, teacherId, parsed.value, filesFromForm(form));
    return { ok: true as const, ...created, processingMode: parsed.value.processingMode };
  } catch (error) {
    if (error instanceof AssignmentInputError) {
      return { ok: false as const, status: error.status, issues: [{ field: error.field ?? null, message: error.message }] };
    }
    throw error;
  }
}
