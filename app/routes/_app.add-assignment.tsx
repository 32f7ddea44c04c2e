import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CameraModal } from "~/components/assignments/camera-modal";
import { StandardsInput } from "~/components/assignments/standards-input";
import { Card, ProgressBar, Toggle } from "~/components/assignments/toggle";
import { UploadCard, usePickedFiles } from "~/components/assignments/upload-card";
import { FieldError, FormAlert, Spinner } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { ASSIGNMENT_TYPES, GRADE_LEVELS } from "../../core/constants";
import { autoTitleWhenFiles, capitalize } from "~/lib/format";
import {
  AssignmentForm,
  CREATE_ERROR_MESSAGE,
  FILE_FIELDS,
  DEFAULT_ESTIMATED_TIME,
  MAX_ESTIMATED_TIME,
  MIN_ESTIMATED_TIME,
  NO_FILES_MESSAGE,
  PROCESSING_OPTIONS,
  SUBMIT_LABELS,
} from "~/schemas/assignments";
import { createFromForm, readMultipart, type FieldIssue } from "~/server/assignment-uploads.server";
import { AssignmentInputError, teacherClasses } from "~/server/assignments.server";
import { processAssignment } from "~/server/jobs.server";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { getSettings } from "~/server/settings.server";
import { MAX_UPLOAD_BYTES } from "~/server/storage.server";

export const meta: MetaFunction = () => [{ title: "Create New Assignment | Gradewell" }];

const MOBILE = /Android|iPhone|iPad|iPod|Mobile|Silk|Opera Mini/i;
const SUBJECTS = [
  "Mathematics",
  "English",
  "Reading",
  "Writing",
  "Science",
  "History",
  "Social Studies",
  "Art",
  "Music",
  "Physical Education",
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const [settings, classes] = await Promise.all([getSettings(db, teacher.id), teacherClasses(db, teacher.id)]);
  return {
    settings,
    classes,
    isMobile: MOBILE.test(request.headers.get("User-Agent") ?? ""),
    maxUploadBytes: MAX_UPLOAD_BYTES,
  };
}

/** Without JavaScript the form posts here; with it the page uses the JSON API for a real upload progress bar. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  let issues: FieldIssue[];
  try {
    const result = await createFromForm(env, db, teacher.id, await readMultipart(request));
    if (result.ok) {
      let job = "";
      if (result.processingMode === "immediate") {
        try {
          job = `&job=${(await processAssignment(env, db, teacher.id, result.assignmentId)).jobId}`;
        } catch (error) {
          console.warn("processing could not start; the assignment stays saved", error); // spec: only logged
        }
      }
      throw redirect(`/assignments?created=${result.assignmentId}${job}`);
    }
    issues = result.issues;
    return data({ issues }, { status: result.status });
  } catch (error) {
    if (error instanceof AssignmentInputError) return data({ issues: [{ field: null, message: error.message }] }, { status: error.status });
    throw error;
  }
}

function xhrPost(url: string, body: FormData, onProgress: (fraction: number) => void) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, json: (xhr.response ?? {}) as Record<string, unknown> });
    xhr.onerror = () => reject(new Error("network"));
    xhr.send(body);
  });
}

type Mode = (typeof PROCESSING_OPTIONS)[number]["value"];

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-500";

export default function AddAssignment() {
  const { settings, classes, isMobile, maxUploadBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const advanced = searchParams.get("advanced") === "1";

  const [skipDetails, setSkipDetails] = useState(false);
  const [mode, setMode] = useState<Mode>("immediate");
  const [batchUpload, setBatchUpload] = useState(false);
  const [hasAnswerKey, setHasAnswerKey] = useState(true);
  const [hasRubric, setHasRubric] = useState(false);
  const [useManualStudents, setUseManualStudents] = useState(false);
  const [useManualStandards, setUseManualStandards] = useState(false);
  const [autoDetectStudents, setAutoDetectStudents] = useState(settings.autoDetectStudents);
  const [autoDetectStandards, setAutoDetectStandards] = useState(settings.autoDetectStandards);
  const [title, setTitle] = useState("");
  const [subject, setSubject] = useState("");
  const [assignmentType, setAssignmentType] = useState<string>("homework");
  const work = usePickedFiles();
  const key = usePickedFiles();
  const rubric = usePickedFiles();
  const [camera, setCamera] = useState<null | "work" | "key" | "rubric">(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [clientError, setClientError] = useState<{ message: string; detail?: string } | null>(null);
  const [created, setCreated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const wantsSnap = searchParams.get("snap") === "1";
  // The dashboard's 'Snap & Grade' opens the camera straight away on a desktop.
  useEffect(() => {
    if (hydrated && wantsSnap && !isMobile) setCamera("work");
  }, [hydrated, wantsSnap, isMobile]);

  const serverIssues = navigation.state === "idle" ? (actionData?.issues ?? []) : [];
  const serverFieldError = (field: string) => serverIssues.filter((i) => i.field === field).map((i) => i.message);
  const serverFormIssue = serverIssues.find((i) => !i.field || !["title", "points", "estimatedTime", "dueDate"].includes(i.field));

  const [form, fields] = useForm({
    id: "add-assignment",
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssignmentForm, disableAutoCoercion: true }),
    onSubmit(event, { submission }) {
      if (!hydrated) return;
      event.preventDefault();
      if (submission?.status !== "success" || busy) return;
      void submitWithProgress(event.currentTarget as HTMLFormElement);
    },
  });

  const noFiles = work.files.length === 0;

  async function submitWithProgress(formElement: HTMLFormElement) {
    setClientError(null);
    const body = new FormData(formElement);
    for (const field of Object.values(FILE_FIELDS)) body.delete(field);
    for (const f of work.files) body.append(batchUpload ? FILE_FIELDS.batch : FILE_FIELDS.assignment, f.file);
    if (hasAnswerKey) for (const f of key.files) body.append(FILE_FIELDS.answer_key, f.file);
    if (hasRubric) for (const f of rubric.files) body.append(FILE_FIELDS.rubric, f.file);
    setBusy(true);
    setProgress(10);
    try {
      const response = await xhrPost("/api/assignments", body, (fraction) => setProgress(10 + Math.round(fraction * 80)));
      if (response.status !== 201) {
        setProgress(0);
        setBusy(false);
        setClientError({
          message: CREATE_ERROR_MESSAGE,
          detail: typeof response.json.error === "string" ? response.json.error : undefined,
        });
        return;
      }
      const assignmentId = String(response.json.assignment_id);
      setProgress(90);
      let job = "";
      if (mode === "immediate") {
        setProgress(95); // AI start
        try {
          const started = await fetch(`/api/document-ai/process/assignment/${assignmentId}`, { method: "POST" });
          const json = (await started.json()) as { job_id?: string };
          if (started.ok && json.job_id) job = `&job=${json.job_id}`;
          else console.error("AI processing failed", json);
        } catch (error) {
          console.error("AI processing failed", error); // spec: only logged; the assignment stays saved
        }
      }
      setProgress(100);
      setCreated(true);
      setTimeout(() => navigate(`/assignments?created=${assignmentId}${job}`), 1000);
    } catch {
      setProgress(0);
      setBusy(false);
      setClientError({ message: CREATE_ERROR_MESSAGE });
    }
  }

  const cameraTarget = camera === "key" ? key : camera === "rubric" ? rubric : work;
  const generatedTitle = autoTitleWhenFiles({ subject, assignmentType, fileCount: work.files.length });
  const pageBusy = busy || (navigation.state === "submitting" && navigation.formAction === "/add-assignment");
  const submitLabel = SUBMIT_LABELS[mode];
  const showKey = !hydrated || hasAnswerKey;
  const showRubric = !hydrated || hasRubric;
  const titleErrors = fields.title.errors ?? serverFieldError("title");

  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/assignments" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <span aria-hidden="true">←</span> Back to Assignments
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Create New Assignment</h1>
      <p className="mt-1 text-slate-600">Upload your students&apos; work, add the answer key, and let Gradewell read and grade it.</p>

      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        action="/add-assignment"
        {...getFormProps(form)}
        className="mt-6 space-y-6"
      >
        <fieldset disabled={pageBusy} className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-brand-100 bg-brand-50 px-5 py-4">
            <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
              <input type="hidden" name="skipDetails" value="false" />
              <input
                type="checkbox"
                name="skipDetails"
                checked={skipDetails}
                onChange={(e) => setSkipDetails(e.currentTarget.checked)}
                className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              />
              <span>
                Skip details
                <span className="block text-xs font-normal text-slate-600">Send the work straight to AI grading</span>
              </span>
            </label>
            <Link
              to={advanced ? "/add-assignment" : "/add-assignment?advanced=1"}
              replace
              preventScrollReset
              className="rounded-md border border-brand-200 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-100"
            >
              {advanced ? "Hide Advanced Options" : "Show Advanced Options"}
            </Link>
          </div>

          <Card title="Processing" description="Choose when Gradewell reads and grades the work.">
            <div role="radiogroup" aria-label="Processing" className="grid gap-3 sm:grid-cols-3">
              {PROCESSING_OPTIONS.map((option) => (
                <label
                  key={option.value}
                  className={`flex cursor-pointer flex-col rounded-lg border p-3 text-sm ${mode === option.value ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-slate-200 hover:border-slate-300"}`}
                >
                  <span className="flex items-center gap-2 font-medium text-slate-900">
                    <input
                      type="radio"
                      name="processingMode"
                      value={option.value}
                      checked={mode === option.value}
                      onChange={() => setMode(option.value)}
                      className="h-4 w-4 border-slate-300 text-brand-600 focus:ring-brand-500"
                    />
                    {option.label}
                  </span>
                  <span className="mt-1 text-xs text-slate-600">{option.hint}</span>
                </label>
              ))}
            </div>
            <div className="mt-4">
              <Toggle
                name="batchUpload"
                label="Batch upload"
                hint="Multiple student assignments: one file per student"
                checked={batchUpload}
                onChange={setBatchUpload}
              />
            </div>
          </Card>

          <div className="space-y-4">
            <UploadCard
              title={batchUpload ? "Student Assignments (batch)" : "Assignment Files"}
              description={
                batchUpload
                  ? "One file per student. Names come from your override list, the work itself, or the file name."
                  : "Each file is one student's work: photos of the pages, a scan or a document."
              }
              field={batchUpload ? FILE_FIELDS.batch : FILE_FIELDS.assignment}
              files={work.files}
              onAdd={work.add}
              onRemove={work.remove}
              onSnap={() => setCamera("work")}
              hydrated={hydrated}
              isMobile={isMobile}
              maxBytes={maxUploadBytes}
            />
            {showKey ? (
              <UploadCard
                title="Answer Key"
                description="The correct answers, with points per question if they differ."
                field={FILE_FIELDS.answer_key}
                files={key.files}
                onAdd={key.add}
                onRemove={key.remove}
                onSnap={() => setCamera("key")}
                hydrated={hydrated}
                isMobile={isMobile}
                maxBytes={maxUploadBytes}
                allowText
              >
                <div className="mt-4">
                  <label htmlFor="answerKeyText" className="mb-1 block text-sm font-medium text-slate-700">
                    Or type the answer key
                  </label>
                  <textarea
                    id="answerKeyText"
                    name="answerKeyText"
                    rows={3}
                    className={inputClass}
                    placeholder={"1. 3/4\n2. 12 (2 points)\n3. B"}
                  />
                </div>
              </UploadCard>
            ) : null}
            {showRubric ? (
              <UploadCard
                title="Grading Rubric"
                description="Criteria and points for open answers and essays."
                field={FILE_FIELDS.rubric}
                files={rubric.files}
                onAdd={rubric.add}
                onRemove={rubric.remove}
                onSnap={() => setCamera("rubric")}
                hydrated={hydrated}
                isMobile={isMobile}
                maxBytes={maxUploadBytes}
                allowText
              >
                <div className="mt-4">
                  <label htmlFor="rubricText" className="mb-1 block text-sm font-medium text-slate-700">
                    Or type the rubric
                  </label>
                  <textarea id="rubricText" name="rubricText" rows={3} className={inputClass} />
                </div>
              </UploadCard>
            ) : null}
          </div>

          <section
            hidden={skipDetails}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            aria-labelledby="details-title"
          >
            <h2 id="details-title" className="text-base font-semibold text-slate-900">
              Assignment details
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label htmlFor={fields.title.id} className="mb-1 block text-sm font-medium text-slate-700">
                  Title <span className="text-red-600">*</span>
                </label>
                <div className="flex gap-2">
                  <input
                    id={fields.title.id}
                    name={fields.title.name}
                    value={title}
                    onChange={(e) => setTitle(e.currentTarget.value)}
                    className={inputClass}
                    aria-invalid={titleErrors?.length ? true : undefined}
                    aria-describedby={titleErrors?.length ? fields.title.errorId : undefined}
                    maxLength={200}
                  />
                  <button
                    type="button"
                    disabled={!generatedTitle}
                    onClick={() => generatedTitle && setTitle(generatedTitle)}
                    title={generatedTitle ? `Use "${generatedTitle}"` : "Add assignment files first"}
                    className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
                  >
                    Generate title
                  </button>
                </div>
                <FieldError id={fields.title.errorId} errors={titleErrors} />
              </div>
              <div hidden={!advanced}>
                <label htmlFor="assignmentType" className="mb-1 block text-sm font-medium text-slate-700">
                  Assignment type
                </label>
                <select
                  id="assignmentType"
                  name="assignmentType"
                  value={assignmentType}
                  onChange={(e) => setAssignmentType(e.currentTarget.value)}
                  className={inputClass}
                >
                  {ASSIGNMENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {capitalize(t)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="subject" className="mb-1 block text-sm font-medium text-slate-700">
                  Subject
                </label>
                <input
                  id="subject"
                  name="subject"
                  list="subjects"
                  value={subject}
                  onChange={(e) => setSubject(e.currentTarget.value)}
                  className={inputClass}
                  maxLength={100}
                />
                <datalist id="subjects">
                  {SUBJECTS.map((s) => (
                    <option key={s} value={s} />
                  ))}
                </datalist>
              </div>
              <div>
                <label htmlFor="gradeLevel" className="mb-1 block text-sm font-medium text-slate-700">
                  Grade level
                </label>
                <select id="gradeLevel" name="gradeLevel" defaultValue="" className={inputClass}>
                  <option value="">Any grade</option>
                  {GRADE_LEVELS.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </select>
              </div>
              {classes.length ? (
                <div>
                  <label htmlFor="classId" className="mb-1 block text-sm font-medium text-slate-700">
                    Class
                  </label>
                  <select id="classId" name="classId" defaultValue="" className={inputClass}>
                    <option value="">No class</option>
                    {classes.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <div>
                <label htmlFor={fields.estimatedTime.id} className="mb-1 block text-sm font-medium text-slate-700">
                  Estimated time (minutes)
                </label>
                <input
                  id={fields.estimatedTime.id}
                  name={fields.estimatedTime.name}
                  type="number"
                  min={MIN_ESTIMATED_TIME}
                  max={MAX_ESTIMATED_TIME}
                  defaultValue={DEFAULT_ESTIMATED_TIME}
                  className={inputClass}
                  aria-invalid={fields.estimatedTime.errors?.length ? true : undefined}
                />
                <FieldError id={fields.estimatedTime.errorId} errors={fields.estimatedTime.errors ?? serverFieldError("estimatedTime")} />
              </div>
              <div>
                <label htmlFor={fields.dueDate.id} className="mb-1 block text-sm font-medium text-slate-700">
                  Due date
                </label>
                <input id={fields.dueDate.id} name={fields.dueDate.name} type="datetime-local" className={inputClass} />
                <FieldError id={fields.dueDate.errorId} errors={fields.dueDate.errors ?? serverFieldError("dueDate")} />
              </div>
              <div>
                <label htmlFor={fields.points.id} className="mb-1 block text-sm font-medium text-slate-700">
                  Points
                </label>
                <input
                  id={fields.points.id}
                  name={fields.points.name}
                  type="number"
                  min={1}
                  defaultValue={settings.defaultPoints}
                  className={inputClass}
                  aria-invalid={fields.points.errors?.length ? true : undefined}
                />
                <FieldError id={fields.points.errorId} errors={fields.points.errors ?? serverFieldError("points")} />
              </div>
              <div className="sm:col-span-2">
                <label htmlFor="description" className="mb-1 block text-sm font-medium text-slate-700">
                  Description
                </label>
                <textarea id="description" name="description" rows={2} className={inputClass} maxLength={5000} />
              </div>
              <div className="sm:col-span-2" hidden={!advanced}>
                <label htmlFor="instructions" className="mb-1 block text-sm font-medium text-slate-700">
                  Instructions for students
                </label>
                <textarea id="instructions" name="instructions" rows={3} className={inputClass} maxLength={5000} />
              </div>
            </div>
          </section>

          <div hidden={!advanced} className="grid gap-6 md:grid-cols-2">
            <Card title="Student Names Override" description="One name per line, in the order of the files.">
              <Toggle
                name="useManualStudents"
                label="Use these names"
                checked={useManualStudents}
                onChange={(on) => {
                  setUseManualStudents(on);
                  if (on) setAutoDetectStudents(false);
                }}
              />
              <label htmlFor="manualStudentNames" className="sr-only">
                Student names, one per line
              </label>
              <textarea
                id="manualStudentNames"
                name="manualStudentNames"
                rows={5}
                className={`${inputClass} mt-3`}
                placeholder={"Ana Diaz\nBen Ode\nCy Park"}
                onInput={(e) => {
                  if (!useManualStudents && e.currentTarget.value.trim()) {
                    setUseManualStudents(true);
                    setAutoDetectStudents(false);
                  }
                }}
              />
            </Card>
            <Card
              title="Educational Standards Override"
              description="Press Enter or Add Standard; blank entries and duplicates are skipped."
            >
              <Toggle
                name="useManualStandards"
                label="Use these standards"
                checked={useManualStandards}
                onChange={(on) => {
                  setUseManualStandards(on);
                  if (on) setAutoDetectStandards(false);
                }}
              />
              <div className="mt-3">
                <StandardsInput
                  hydrated={hydrated}
                  onAdd={() => {
                    setUseManualStandards(true);
                    setAutoDetectStandards(false);
                  }}
                />
              </div>
            </Card>
          </div>

          <div className="grid gap-6 md:grid-cols-2">
            <Card title="AI Enhancement Options">
              <div className="space-y-4">
                <Toggle
                  name="hasAnswerKey"
                  label="Include answer key"
                  hint="Grade against your key"
                  checked={hasAnswerKey}
                  onChange={setHasAnswerKey}
                />
                <Toggle
                  name="hasRubric"
                  label="Include grading rubric"
                  hint="Score open answers by your criteria"
                  checked={hasRubric}
                  onChange={setHasRubric}
                />
                <div hidden={!advanced}>
                  <Toggle
                    name="requireManualReview"
                    label="Require manual review"
                    hint="Grades stay pending until you approve them"
                    defaultChecked={settings.requireManualReview}
                  />
                </div>
              </div>
            </Card>
            <Card title="AI Detection Settings">
              <div className="space-y-4">
                <Toggle
                  name="autoDetectStudents"
                  label="Auto-detect student names"
                  hint={useManualStudents ? "Off while the names override is on" : "Read each name from the work"}
                  checked={useManualStudents ? false : autoDetectStudents}
                  disabled={useManualStudents}
                  onChange={setAutoDetectStudents}
                />
                <Toggle
                  name="autoDetectStandards"
                  label="Auto-detect educational standards"
                  hint={useManualStandards ? "Off while the standards override is on" : "Match the work to standards"}
                  checked={useManualStandards ? false : autoDetectStandards}
                  disabled={useManualStandards}
                  onChange={setAutoDetectStandards}
                />
              </div>
            </Card>
          </div>
        </fieldset>

        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          {hydrated && noFiles ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="no-files-warning">
              {NO_FILES_MESSAGE}
            </p>
          ) : null}
          {clientError ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              <p className="font-medium">{clientError.message}</p>
              {clientError.detail ? <p className="mt-1">{clientError.detail}</p> : null}
            </div>
          ) : serverFormIssue ? (
            <FormAlert
              message={
                serverFormIssue.message === NO_FILES_MESSAGE ? NO_FILES_MESSAGE : `${CREATE_ERROR_MESSAGE} ${serverFormIssue.message}`
              }
            />
          ) : null}
          {busy ? (
            <ProgressBar
              value={progress}
              label={created ? "Assignment created" : progress >= 95 ? "Starting AI grading" : "Uploading files"}
            />
          ) : null}
          {created ? (
            <p role="status" className="text-sm font-medium text-green-700">
              Assignment created. Taking you to your assignments…
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <Link to="/assignments" className="rounded-md px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Cancel
            </Link>
            <button
              type="submit"
              disabled={pageBusy || (hydrated && noFiles)}
              className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {pageBusy ? <Spinner /> : null}
              {pageBusy ? "Creating Assignment..." : submitLabel}
            </button>
          </div>
          <p className="text-right text-xs text-slate-500">
            Defaults come from your{" "}
            <Link to="/settings" className="font-medium text-brand-600 hover:underline">
              settings
            </Link>
            .
          </p>
        </div>
      </form>

      <CameraModal open={camera !== null} onClose={() => setCamera(null)} onPhoto={(file) => cameraTarget.add([file])} />
    </main>
  );
}
