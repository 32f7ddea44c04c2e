// The create-assignment form's footer: what stops the submit (no files, the plan, errors), the upload progress and the buttons.
import { Link } from "@remix-run/react";
import { ProgressBar } from "~/components/ui/toggle";
import { FormAlert, Spinner } from "~/components/ui/field";
import { type UploadError } from "~/hooks/use-assignment-upload";
import { UPGRADE_PATH, type PlanId } from "../../../core/plans";
import { UpgradeNotice } from "~/components/ui/upgrade-notice";
import { CREATE_ERROR_MESSAGE, NO_FILES_MESSAGE } from "~/schemas/assignments";

export function AddAssignmentSubmit({
  hydrated,
  noFiles,
  tooManyFiles,
  plan,
  clientError,
  serverFormIssue,
  busy,
  progress,
  created,
  pageBusy,
  submitLabel,
}: {
  hydrated: boolean;
  noFiles: boolean;
  tooManyFiles: boolean;
  plan: PlanId;
  clientError: UploadError | null;
  serverFormIssue: { field: string | null; message: string } | undefined;
  busy: boolean;
  progress: number;
  created: boolean;
  pageBusy: boolean;
  submitLabel: string;
}) {
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      {hydrated && noFiles ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="no-files-warning">
          {NO_FILES_MESSAGE}
        </p>
      ) : null}
      {tooManyFiles ? <UpgradeNotice feature="bulk_upload" plan={plan} /> : null}
      {clientError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-medium">{clientError.message}</p>
          {clientError.detail ? <p className="mt-1">{clientError.detail}</p> : null}
        </div>
      ) : serverFormIssue?.field === "plan" ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{serverFormIssue.message}</p>
          <a href={UPGRADE_PATH} className="mt-1 inline-block font-medium underline">
            See plans
          </a>
        </div>
      ) : serverFormIssue ? (
        <FormAlert
          message={serverFormIssue.message === NO_FILES_MESSAGE ? NO_FILES_MESSAGE : `${CREATE_ERROR_MESSAGE} ${serverFormIssue.message}`}
        />
      ) : null}
      {busy ? (
        <ProgressBar value={progress} label={created ? "Assignment created" : progress >= 95 ? "Starting AI grading" : "Uploading files"} />
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
          disabled={pageBusy || (hydrated && (noFiles || tooManyFiles))}
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
  );
}
