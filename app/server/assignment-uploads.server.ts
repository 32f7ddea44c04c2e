// Creating an assignment: the form's files checked, stored in R2 and recorded in D1 all at once or not at all,
// for the page's action and POST /api/assignments alike. Every function takes the teacher's id and filters by it.
import { BLANK_WORKSHEET_NOT_WORD, BLANK_WORKSHEET_ONE_FILE } from "../lib/blank-worksheet";
import { autoTitle, nameFromFileName } from "../lib/format";
import { AssignmentForm, FILE_FIELDS, NO_FILES_MESSAGE, type AssignmentInput } from "../schemas/assignments";
import type { Db } from "../../core/db/client";
import { assignmentFiles, assignments, submissions } from "../../core/db/schema";
import { UnsupportedFileError } from "../../core/files/file-type";
import { AssignmentInputError, findClass, roster, sameName } from "./assignments.server";
import { checkUpload, uploadKey, type CheckedUpload } from "./storage.server";
import { newId } from "./tokens.server";
import type { TeacherSettings } from "./settings.server";

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
    blank_worksheet: pick(FILE_FIELDS.blank_worksheet),
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
    ["blank_worksheet", files.blank_worksheet],
  ];
  if (files.blank_worksheet.length > 1) throw new AssignmentInputError(BLANK_WORKSHEET_ONE_FILE, 400, FILE_FIELDS.blank_worksheet);
  const checked: CheckedFile[] = [];
  for (const [area, list] of wanted) {
    for (const file of list) {
      try {
        const upload = await checkUpload(file);
        if (area === "blank_worksheet" && (upload.kind === "docx" || upload.kind === "doc"))
          throw new AssignmentInputError(BLANK_WORKSHEET_NOT_WORD, 400, FILE_FIELDS.blank_worksheet);
        checked.push({ area, upload });
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

/**
 * Creates the assignment with all its files and one submission per student-work file, or nothing at all:
 * every file is checked first, then stored in R2, then every row is inserted in one batch; on any failure the
 * stored objects are deleted again.
 */
export async function createAssignment(env: Env, db: Db, teacherId: string, given: AssignmentInput, files: IncomingFiles) {
  // Having a key (or rubric) file means having a key: an upload is never dropped for a missing flag.
  const input: AssignmentInput = {
    ...given,
    hasAnswerKey: given.hasAnswerKey || files.answer_key.length > 0,
    hasRubric: given.hasRubric || files.rubric.length > 0,
  };
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
