// The create-assignment form: processing mode, the upload areas (with the camera), details, overrides and the
// AI options. It posts as a plain multipart form without JavaScript; with it, useAssignmentUpload sends the files
// to the JSON API with a progress bar.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AssignmentDetailsFields, inputClass } from "~/components/assignments/assignment-details";
import { BlankWorksheetCard, useBlankWorksheet } from "~/components/assignments/blank-worksheet-card";
import { CameraModal } from "~/components/assignments/camera-modal";
import { StandardsInput } from "~/components/assignments/standards-input";
import { Card, Toggle } from "~/components/ui/toggle";
import { UploadCard, usePickedFiles } from "~/components/assignments/upload-card";
import { useAssignmentUpload } from "~/hooks/use-assignment-upload";
import { useHydrated } from "~/hooks/use-hydrated";
import { useGoogleDrive } from "~/hooks/use-google-drive";
import { DrivePicker, type DrivePick } from "~/components/google/drive-picker";
import { UpgradeNotice } from "~/components/ui/upgrade-notice";
import { planAllows, STARTER_FILES_PER_UPLOAD, type PlanId } from "../../../core/plans";
import { AssignmentForm, FILE_FIELDS, SUBMIT_LABELS } from "~/schemas/assignments";
import { AddAssignmentSubmit } from "~/components/assignments/add-assignment-submit";
import { ProcessingCard, type ProcessingMode as Mode } from "~/components/assignments/processing-card";
import { DetectionCard } from "~/components/assignments/detection-card";

export type AddAssignmentFormProps = {
  settings: { defaultPoints: number; autoDetectStudents: boolean; autoDetectStandards: boolean; requireManualReview: boolean };
  classes: { id: string; name: string }[];
  isMobile: boolean;
  maxUploadBytes: number;
  /** The action's answer when the form posted without JavaScript. */
  issues: { field: string | null; message: string }[];
  google: { configured: boolean; driveConnected: boolean };
  /** The teacher's plan: Starter sees the rubric and bulk upload explained with an upgrade link (plans.server.ts enforces them). */
  plan: PlanId;
};

type DriveArea = "work" | "key" | "rubric";

export function AddAssignmentForm({ settings, classes, isMobile, maxUploadBytes, issues, google, plan }: AddAssignmentFormProps) {
  const navigation = useNavigation();
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
  const work = usePickedFiles();
  const key = usePickedFiles();
  const rubric = usePickedFiles();
  const blank = useBlankWorksheet();
  const [camera, setCamera] = useState<null | "work" | "key" | "rubric">(null);
  const drive = useGoogleDrive(google.driveConnected);
  const [picker, setPicker] = useState<DriveArea | null>(null);
  const [drivePicks, setDrivePicks] = useState<Record<DriveArea, DrivePick[]>>({ work: [], key: [], rubric: [] });
  const driveProps = (area: DriveArea) =>
    google.configured
      ? {
          onOpen: () => setPicker(area),
          picks: drivePicks[area],
          onRemove: (id: string) => setDrivePicks((all) => ({ ...all, [area]: all[area].filter((p) => p.id !== id) })),
        }
      : undefined;
  const upload = useAssignmentUpload();
  const { busy, progress, created, error: clientError } = upload;
  const formRef = useRef<HTMLFormElement>(null);
  const wantsSnap = searchParams.get("snap") === "1";
  // The dashboard's 'Google Drive' quick action opens the Drive browser for the students' work.
  const wantsDrive = searchParams.get("drive") === "1";
  useEffect(() => {
    if (hydrated && wantsDrive && google.configured) setPicker("work");
  }, [hydrated, wantsDrive, google.configured]);
  // 'Hide Advanced Options' turns the hidden overrides off: an override left on would silently keep detection off.
  useEffect(() => {
    if (advanced) return;
    setUseManualStudents(false);
    setUseManualStandards(false);
    setAutoDetectStudents(settings.autoDetectStudents);
    setAutoDetectStandards(settings.autoDetectStandards);
  }, [advanced, settings.autoDetectStudents, settings.autoDetectStandards]);
  // The dashboard's 'Snap & Grade' opens the camera straight away on a desktop.
  useEffect(() => {
    if (hydrated && wantsSnap && !isMobile) setCamera("work");
  }, [hydrated, wantsSnap, isMobile]);

  const serverIssues = navigation.state === "idle" ? issues : [];
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

  const noFiles = work.files.length === 0 && drivePicks.work.length === 0;
  const rubricLocked = !planAllows(plan, "custom_rubric");
  const tooManyFiles = !planAllows(plan, "bulk_upload") && work.files.length + drivePicks.work.length > STARTER_FILES_PER_UPLOAD;

  function submitWithProgress(formElement: HTMLFormElement) {
    const body = new FormData(formElement);
    for (const field of Object.values(FILE_FIELDS)) body.delete(field);
    for (const f of work.files) body.append(batchUpload ? FILE_FIELDS.batch : FILE_FIELDS.assignment, f.file);
    if (hasAnswerKey) for (const f of key.files) body.append(FILE_FIELDS.answer_key, f.file);
    if (hasRubric) for (const f of rubric.files) body.append(FILE_FIELDS.rubric, f.file);
    // Files picked in Google Drive go as ids: the server copies them from Drive (drive-import.server.ts).
    const workField = batchUpload ? FILE_FIELDS.batch : FILE_FIELDS.assignment;
    for (const pick of drivePicks.work) body.append(`drive_${workField}`, pick.id);
    if (hasAnswerKey) for (const pick of drivePicks.key) body.append(`drive_${FILE_FIELDS.answer_key}`, pick.id);
    if (hasRubric) for (const pick of drivePicks.rubric) body.append(`drive_${FILE_FIELDS.rubric}`, pick.id);
    blank.appendTo(body);
    return upload.submit(body, mode === "immediate");
  }

  const cameraTarget = camera === "key" ? key : camera === "rubric" ? rubric : work;
  const pageBusy = busy || (navigation.state === "submitting" && navigation.formAction === "/add-assignment");
  const submitLabel = SUBMIT_LABELS[mode];
  const showKey = !hydrated || hasAnswerKey;
  const showRubric = !rubricLocked && (!hydrated || hasRubric);

  return (
    <>
      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        action="/add-assignment"
        {...getFormProps(form)}
        className="mt-6 space-y-6"
      >
        <fieldset disabled={pageBusy} className="space-y-6">
          {google.configured && drive.connected ? (
            <p role="status" className="rounded-xl border border-green-200 bg-green-50 px-5 py-3 text-sm font-medium text-green-800">
              Google Drive Connected
            </p>
          ) : null}
          {wantsDrive && !google.configured ? (
            <p
              role="status"
              className="rounded-xl border border-amber-200 bg-amber-50 px-5 py-3 text-sm text-amber-900"
              data-testid="drive-unavailable"
            >
              Google Drive is not set up on this server, so files cannot be picked from Drive. Upload them from your device below.
            </p>
          ) : null}
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

          <ProcessingCard mode={mode} onModeChange={setMode} batchUpload={batchUpload} onBatchUploadChange={setBatchUpload} plan={plan} />

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
              drive={driveProps("work")}
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
                drive={driveProps("key")}
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
            <BlankWorksheetCard
              blank={blank}
              hydrated={hydrated}
              isMobile={isMobile}
              maxBytes={maxUploadBytes}
              drive={google.configured ? drive : undefined}
            />
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
                drive={driveProps("rubric")}
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

          <AssignmentDetailsFields
            fields={fields}
            serverFieldError={serverFieldError}
            hidden={skipDetails}
            advanced={advanced}
            fileCount={work.files.length}
            classes={classes}
            defaultPoints={settings.defaultPoints}
          />

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
                {rubricLocked ? (
                  <UpgradeNotice feature="custom_rubric" plan={plan} />
                ) : (
                  <Toggle
                    name="hasRubric"
                    label="Include grading rubric"
                    hint="Score open answers by your criteria"
                    checked={hasRubric}
                    onChange={setHasRubric}
                  />
                )}
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
            <DetectionCard
              useManualStudents={useManualStudents}
              autoDetectStudents={autoDetectStudents}
              onAutoDetectStudents={setAutoDetectStudents}
              useManualStandards={useManualStandards}
              autoDetectStandards={autoDetectStandards}
              onAutoDetectStandards={setAutoDetectStandards}
            />
          </div>
        </fieldset>

        <AddAssignmentSubmit
          hydrated={hydrated}
          noFiles={noFiles}
          tooManyFiles={tooManyFiles}
          plan={plan}
          clientError={clientError}
          serverFormIssue={serverFormIssue}
          busy={busy}
          progress={progress}
          created={created}
          pageBusy={pageBusy}
          submitLabel={submitLabel}
        />
      </form>

      <DrivePicker
        open={picker !== null}
        onClose={() => setPicker(null)}
        drive={drive}
        onSelect={(picks) =>
          picker &&
          setDrivePicks((all) => ({ ...all, [picker]: [...all[picker], ...picks.filter((p) => !all[picker].some((q) => q.id === p.id))] }))
        }
      />
      <CameraModal open={camera !== null} onClose={() => setCamera(null)} onPhoto={(file) => cameraTarget.add([file])} />
    </>
  );
}
