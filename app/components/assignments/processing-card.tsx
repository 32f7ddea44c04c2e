// The create-assignment form's Processing card: when the work is read and graded, and whether it is a batch.
import { Card, Toggle } from "~/components/ui/toggle";
import { planLabel } from "~/lib/plans";
import { planAllows, STARTER_FILES_PER_UPLOAD, type PlanId } from "../../../core/plans";
import { PROCESSING_OPTIONS } from "~/schemas/assignments";

export type ProcessingMode = (typeof PROCESSING_OPTIONS)[number]["value"];

export function ProcessingCard({
  mode,
  onModeChange,
  batchUpload,
  onBatchUploadChange,
  plan,
}: {
  mode: ProcessingMode;
  onModeChange: (mode: ProcessingMode) => void;
  batchUpload: boolean;
  onBatchUploadChange: (on: boolean) => void;
  plan: PlanId;
}) {
  return (
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
                onChange={() => onModeChange(option.value)}
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
          hint={`Multiple student assignments: one file per student${planAllows(plan, "bulk_upload") ? "" : ` (up to ${STARTER_FILES_PER_UPLOAD} at a time on the ${planLabel(plan)} plan)`}`}
          checked={batchUpload}
          onChange={onBatchUploadChange}
        />
      </div>
    </Card>
  );
}
