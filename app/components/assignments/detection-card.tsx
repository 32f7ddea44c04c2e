// The create-assignment form's AI Detection Settings card: auto-detection switches, off while an override is on.
import { Card, Toggle } from "~/components/ui/toggle";

export function DetectionCard(props: {
  useManualStudents: boolean;
  autoDetectStudents: boolean;
  onAutoDetectStudents: (on: boolean) => void;
  useManualStandards: boolean;
  autoDetectStandards: boolean;
  onAutoDetectStandards: (on: boolean) => void;
}) {
  return (
    <Card title="AI Detection Settings">
      <div className="space-y-4">
        <Toggle
          name="autoDetectStudents"
          label="Auto-detect student names"
          hint={props.useManualStudents ? "Off while the names override is on" : "Read each name from the work"}
          checked={props.useManualStudents ? false : props.autoDetectStudents}
          disabled={props.useManualStudents}
          onChange={props.onAutoDetectStudents}
        />
        <Toggle
          name="autoDetectStandards"
          label="Auto-detect educational standards"
          hint={props.useManualStandards ? "Off while the standards override is on" : "Match the work to standards"}
          checked={props.useManualStandards ? false : props.autoDetectStandards}
          disabled={props.useManualStandards}
          onChange={props.onAutoDetectStandards}
        />
      </div>
    </Card>
  );
}
