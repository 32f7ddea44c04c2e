// Settings → Your data: retention of uploaded work, the export, and the access log.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { FieldError } from "~/components/ui/field";
import { RETENTION_CHOICES, RetentionForm } from "~/schemas/account";
import { Saved, SubmitButton } from "./section";

const LABELS: Record<(typeof RETENTION_CHOICES)[number], string> = {
  0: "Keep until I delete them",
  30: "30 days after grading",
  90: "90 days after grading",
  180: "180 days after grading",
  365: "1 year after grading",
};

export function RetentionSetting({
  retentionDays,
  lastResult,
  message,
  busy,
}: {
  retentionDays: number | null;
  lastResult?: SubmissionResult<string[]>;
  message?: string | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "retention",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RetentionForm }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="retention" />
      <div>
        <label htmlFor={fields.retentionDays.id} className="mb-1 block text-sm font-medium text-slate-700">
          Delete uploaded photos and scans of student work
        </label>
        <select
          id={fields.retentionDays.id}
          name={fields.retentionDays.name}
          defaultValue={String(retentionDays ?? 0)}
          className="block w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
        >
          {RETENTION_CHOICES.map((days) => (
            <option key={days} value={days}>
              {LABELS[days]}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm text-slate-600">
          A daily clean-up deletes the files; grades, feedback and the recognised text stay. Items you put in a conference folder are kept.
        </p>
        <FieldError id={fields.retentionDays.errorId} errors={fields.retentionDays.errors} />
      </div>
      <div className="flex items-center justify-end gap-3">
        <Saved message={message} />
        <SubmitButton busy={busy}>Save retention</SubmitButton>
      </div>
    </Form>
  );
}

export function ExportData() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="max-w-md text-sm text-slate-600">
        One ZIP file with every record of yours as JSON, every uploaded file, and a grade spreadsheet (CSV) per assignment.
      </p>
      <a
        href="/api/account/export"
        download
        className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
      >
        Export my data
      </a>
    </div>
  );
}
