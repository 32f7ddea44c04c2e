// One submission's run through the grading pipeline: read → identify → grade → feedback.
// Every step is appended to the job's event log so the teacher watches it happen; results are written to D1
// idempotently (a redelivered message rewrites the same rows), so a retry never duplicates or loses a result.
// Every row is read and written through forTeacher with the message's teacher: another teacher's rows are
// simply not found.
import { and, eq } from "drizzle-orm";
import { getDb } from "../../core/db/client";
import { forTeacher, type TeacherScope } from "../../core/db/scoped";
import { assignmentFiles, assignments, submissions } from "../../core/db/schema";
import type { GradingMessage } from "../../core/jobs/events";
import { gradingAllowance, PLAN_LIMIT_MESSAGE } from "../../core/plans";
import {
  AnswerKeyError,
  keyNumberValues,
  parseAnswerKey,
  parseRubric,
  RubricError,
  UnsupportedFileError,
  type AnswerKey,
  type DocumentReading,
  type GradingResult,
  type Rubric,
} from "./engines";
import { blankWorksheet } from "./blank-worksheet";
import { classSetTemplate, templateStepUnderWay, templateWhenRead, type TemplateStep } from "./class-set";
import { regradeReadAlone } from "./class-set-regrade";
import { gradingProviderFor } from "./grading-provider";
import { hostedReadersForTeacher, type HostedReaders } from "./vision-step";
import { rereadUncertainAnswers } from "./answer-reader-step";
import { writeFeedback } from "./feedback-step";
import { checkedOnly } from "./checks-only";
import { keepAnswerCrops } from "./answer-crops";
import { answerCropUrl } from "../../core/files/answer-crop-keys";
import { readUpload, type UploadReadOptions } from "./reading";
import { settleJob, type JobEventSink } from "./results";
import { identifyStudent, saveResult, TEXT_CORRECTED, type Assignment, type Submission } from "./submission-results";

/** A failure that another attempt cannot fix (unreadable file, missing upload): fail at once, no retry. */
export class PermanentGradingError extends Error {
  readonly permanent = true;
}

export function isPermanent(error: unknown): boolean {
  return (
    error instanceof PermanentGradingError ||
    error instanceof UnsupportedFileError ||
    (typeof error === "object" && error !== null && (error as { permanent?: unknown }).permanent === true)
  );
}

const QUICKSNAP_POINTS = 100;

async function readStoredFile(env: Env, r2Key: string): Promise<Uint8Array> {
  const object = await env.UPLOADS.get(r2Key);
  if (!object) throw new PermanentGradingError("The uploaded file could not be found.");
  return new Uint8Array(await object.arrayBuffer());
}

/**
 * Key and rubric texts being read in this isolate, by teacher, assignment and kind: the submissions of one queue
 * batch start together, and the first reads the uploaded key while the others wait for its text.
 */
const documentReads = new Map<string, Promise<string | null>>();

/** The text of the assignment's key or rubric: typed text, else the uploaded files read once and remembered. */
function teacherDocumentText(env: Env, scope: TeacherScope, assignment: Assignment, kind: "answer_key" | "rubric"): Promise<string | null> {
  const id = `${scope.teacherId}:${assignment.id}:${kind}`;
  let read = documentReads.get(id);
  if (!read) {
    read = readTeacherDocument(env, scope, assignment, kind).finally(() => documentReads.delete(id));
    documentReads.set(id, read);
  }
  return read;
}

async function readTeacherDocument(
  env: Env,
  scope: TeacherScope,
  assignment: Assignment,
  kind: "answer_key" | "rubric",
): Promise<string | null> {
  const stored = kind === "answer_key" ? assignment.answerKeyText : assignment.rubricText;
  if (stored?.trim()) return stored;
  const files = await scope.rows(assignmentFiles, and(eq(assignmentFiles.assignmentId, assignment.id), eq(assignmentFiles.kind, kind)), {
    orderBy: [assignmentFiles.createdAt],
  });
  if (files.length === 0) return null;
  const texts: string[] = [];
  for (const file of files) texts.push((await readUpload(env, await readStoredFile(env, file.r2Key), {}, true)).text);
  const text = texts.join("\n\n").trim();
  if (text) {
    await scope.update(
      assignments,
      kind === "answer_key" ? { answerKeyText: text } : { rubricText: text },
      eq(assignments.id, assignment.id),
    );
  }
  return text || null;
}

async function loadKeyAndRubric(env: Env, scope: TeacherScope, assignment: Assignment | undefined) {
  let key: AnswerKey | undefined;
  let rubric: Rubric | undefined;
  const reviewNotes: string[] = [];
  if (!assignment) return { key, rubric, reviewNotes };
  const keyText = await teacherDocumentText(env, scope, assignment, "answer_key");
  if (keyText) {
    try {
      key = parseAnswerKey(keyText, { totalPoints: assignment.points });
    } catch (error) {
      if (!(error instanceof AnswerKeyError)) throw error;
      reviewNotes.push(`The answer key could not be used: ${error.message}`);
    }
  }
  const rubricText = await teacherDocumentText(env, scope, assignment, "rubric");
  if (rubricText) {
    try {
      rubric = parseRubric(rubricText);
    } catch (error) {
      if (!(error instanceof RubricError)) throw error;
      reviewNotes.push(`The rubric could not be used: ${error.message}`);
    }
  }
  return { key, rubric, reviewNotes };
}

/** The teacher's corrected text stands in for the reading: certain, one page. */
function correctedReading(text: string): DocumentReading {
  const lines = text.split("\n").map((t, i) => ({ text: t, confidence: 1, bbox: { x: 0, y: i, width: t.length, height: 1 }, words: [] }));
  return {
    kind: "pdf",
    method: "text-layer",
    pages: [{ number: 1, text, lines, width: 0, height: 0, confidence: 1, method: "text-layer", durationMs: 0 }],
    text,
    confidence: 1,
    durationMs: 0,
  };
}

async function readSubmissionFile(
  env: Env,
  scope: TeacherScope,
  submission: Submission,
  sink: JobEventSink,
  known: Pick<UploadReadOptions, "printedWhenRead" | "keyNumbersWhenRead">,
  vision: HostedReaders["pages"],
  onRead: () => void,
): Promise<DocumentReading> {
  const file = submission.fileId ? await scope.find(assignmentFiles, submission.fileId) : undefined;
  if (!file) throw new PermanentGradingError("The uploaded file could not be found.");
  const bytes = await readStoredFile(env, file.r2Key);
  const pageEvents: Promise<unknown>[] = [];
  const reading = await readUpload(env, bytes, {
    vision,
    ...known,
    onPage: (page) => {
      onRead();
      pageEvents.push(
        sink.append(
          {
            type: "page_read",
            submissionId: submission.id,
            page: page.number,
            bytes: bytes.byteLength,
            text: page.text,
            confidence: Math.round(page.confidence * 1000) / 10,
            width: page.width || null,
            height: page.height || null,
          },
          `page:${submission.id}:${page.number}`,
        ),
      );
    },
  });
  await Promise.all(pageEvents);
  return reading;
}

export async function processSubmission(env: Env, message: GradingMessage, attempt: number, sink: JobEventSink) {
  // A template step under way ends, whatever happens to the submission: no page waits on it for nothing.
  const templateStep: { step?: TemplateStep } = {};
  try {
    await gradeOne(env, message, attempt, sink, templateStep);
  } finally {
    templateStep.step?.end();
  }
}

async function gradeOne(env: Env, message: GradingMessage, attempt: number, sink: JobEventSink, templateStep: { step?: TemplateStep }) {
  const scope = forTeacher(getDb(env.DB), message.teacherId);
  const submission = await scope.find(submissions, message.submissionId);
  if (!submission) throw new PermanentGradingError("This submission no longer exists.");
  if (submission.status === "graded" || submission.status === "failed") {
    await settleJob(env, message, sink); // a redelivered message: the result is already stored
    return;
  }
  if ((await gradingAllowance(scope)).reached) throw new PermanentGradingError(PLAN_LIMIT_MESSAGE);
  await scope.update(submissions, { status: "processing", updatedAt: new Date() }, eq(submissions.id, submission.id));
  await sink.append(
    { type: "submission_started", submissionId: submission.id, studentName: submission.studentName, attempt },
    `started:${submission.id}:${attempt}`,
  );

  // 1. Read (or take the text the teacher corrected).
  const corrected = submission.flags.includes(TEXT_CORRECTED) && submission.recognizedText != null;
  const assignment = submission.assignmentId ? await scope.find(assignments, submission.assignmentId) : undefined;
  // A page of a class set whose template is known: its printed lines are not recognised again (class-set.ts).
  // The teacher's blank worksheet, when given, is that template from the first page on (blank-worksheet.ts).
  const blank = assignment ? await blankWorksheet(env, scope, assignment.id) : {};
  // A page of the set read alone, from the moment a reader takes it until its template step has ended: the pages
  // taken meanwhile may wait for it (class-set.ts).
  const stepUnderWay = () => (templateStep.step ??= templateStepUnderWay(assignment!.id, submission.id));
  // Looked up when a reader takes the page: pages queued while the first ones were read get the template found meanwhile.
  const printed =
    assignment && !corrected
      ? async () => {
          const template = blank.template ?? (await templateWhenRead(env.UPLOADS, scope.teacherId, assignment.id));
          if (!template) stepUnderWay();
          return template;
        }
      : undefined;
  const pageRead = () => void (assignment && stepUnderWay().read());
  // The key and rubric are read while the page is (an uploaded key is read once per batch, above): the first
  // page's marks do not wait for the key's file to be read after it.
  const keyAndRubric = loadKeyAndRubric(env, scope, assignment);
  keyAndRubric.catch(() => undefined); // awaited below; a failed read is not left unhandled meanwhile
  // The values of the key's numbers, once it is read: a page read meanwhile reads every number at a line's end
  // again alone, later ones only those a bar or point would bring near one (read-alone.ts, decision 0124).
  let keyNumbers: readonly number[] | undefined;
  keyAndRubric.then(
    ({ key }) => (keyNumbers = key ? keyNumberValues(key) : []),
    () => undefined,
  );
  // Hosted readers, when configured and the teacher allows them: answers' crops by default, whole pages on request.
  const hosted = corrected ? {} : await hostedReadersForTeacher(env, scope);
  const reading = corrected
    ? correctedReading(submission.recognizedText!)
    : await readSubmissionFile(
        env,
        scope,
        submission,
        sink,
        { printedWhenRead: printed, keyNumbersWhenRead: () => keyNumbers },
        hosted.pages,
        pageRead,
      );
  if (corrected) {
    await sink.append(
      { type: "page_read", submissionId: submission.id, page: 1, bytes: 0, text: reading.text, confidence: 100, width: null, height: null },
      `page:${submission.id}:corrected:${attempt}`,
    );
  }

  // 2. Identify, 3. grade.
  const { key, rubric, reviewNotes: keyNotes } = await keyAndRubric;
  const reviewNotes: string[] = blank.note ? [blank.note, ...keyNotes] : keyNotes;
  const gradingAssignment = {
    points: assignment?.points ?? QUICKSNAP_POINTS,
    gradeLevel: assignment?.gradeLevel || undefined,
    subject: assignment?.subject || undefined,
    title: assignment?.title || undefined,
  };
  // A page of a class set is read against the worksheet's template once three pages are read (class-set.ts).
  const set = assignment
    ? await classSetTemplate(
        env.UPLOADS,
        { teacherId: scope.teacherId, assignmentId: assignment.id, submissionId: submission.id },
        reading,
        key,
      ).finally(() => templateStep.step?.end())
    : undefined;
  const template = set?.template;
  const provider = gradingProviderFor(env);
  const graded = await provider.grade({ reading, key, rubric, assignment: gradingAssignment, template });
  const checked: GradingResult = checkedOnly(
    reviewNotes.length ? { ...graded, needsReview: true, reviewReasons: [...graded.reviewReasons, ...reviewNotes] } : graded,
    !assignment && !key && !rubric,
  );
  const checksOnly = checked.flags.some((f) => f.type === "checks-only");
  const identified = await identifyStudent(scope, submission, assignment, checked.studentName);
  const { unlinked, ...who } = identified;
  const judged: GradingResult = unlinked
    ? {
        ...checked,
        needsReview: true,
        reviewReasons: [...checked.reviewReasons, unlinked],
        flags: [...checked.flags, { type: "student-not-linked", message: unlinked }],
      }
    : checked;
  // What the local readers left uncertain is read again from its crop alone by the hosted reader (decision 0053).
  const result = await rereadUncertainAnswers(hosted.answers, { reading, key, result: judged, assignment: gradingAssignment });
  // Each answer's crop (the student's ink) is cut before the marks stream, so the live page shows it beside them.
  const crops = await keepAnswerCrops(env.UPLOADS, { teacherId: scope.teacherId, submissionId: submission.id }, reading, result.questions);
  for (const q of result.questions) {
    await sink.append(
      {
        type: "question_scored",
        submissionId: submission.id,
        number: String(q.number),
        pointsAwarded: q.pointsAwarded,
        pointsPossible: q.pointsPossible,
        reason: q.reason,
        confidence: q.confidence,
        needsReview: q.needsReview,
        reviewReason: q.reviewReason,
        answer: q.studentAnswer,
        cropUrl: answerCropUrl({ submissionId: submission.id, questionNumber: q.number, cropKey: crops.get(q.number) }),
      },
      `question:${submission.id}:${q.number}`,
    );
  }

  // 4. Feedback, streamed token by token (a failing hosted model gives way to the local writer).
  const feedback = await writeFeedback(provider, { submission, attempt, result, reading, assignment: gradingAssignment }, sink);

  await saveResult(scope, submission, { result, reading, feedback, ...who, readAlone: set?.inSet && !template, crops });
  // The template was found just now: the pages graded before it are graded again against it.
  if (set?.created && template) {
    await regradeReadAlone(env, scope, assignment!, template, { provider, key, rubric, assignment: gradingAssignment }, submission.id);
  }
  await sink.append(
    {
      type: "submission_done",
      submissionId: submission.id,
      studentName: who.studentName,
      status: "graded",
      score: checksOnly ? null : result.total,
      maxScore: checksOnly ? null : result.max,
      percent: checksOnly ? null : result.percent,
      needsReview: result.needsReview,
    },
    `done:${submission.id}`,
  );
  await settleJob(env, message, sink);
}
