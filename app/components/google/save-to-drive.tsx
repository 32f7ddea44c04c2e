import { useState } from "react";
import { useGoogleDrive } from "~/hooks/use-google-drive";

/** 'Save to Drive' on a graded assignment: each student's report (Word) and the grade CSV, in a Gradewell folder. */
export function SaveToDrive({ assignmentId, driveConnected }: { assignmentId: string; driveConnected: boolean }) {
  const drive = useGoogleDrive(driveConnected);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function save() {
    setBusy(true);
    setResult(null);
    try {
      const response = await fetch(`/api/assignments/${assignmentId}/save-to-drive`, { method: "POST" });
      const body = (await response.json()) as {
        files?: unknown[];
        folder_name?: string;
        error?: string;
        message?: string;
        requires_auth?: boolean;
      };
      if (body.requires_auth) {
        void drive.check();
        setResult({ ok: false, text: "Please connect your Google Drive account first" });
      } else if (!response.ok) setResult({ ok: false, text: body.error ?? body.message ?? "Failed to upload file" });
      else setResult({ ok: true, text: `Saved ${body.files?.length ?? 0} files to Google Drive (${body.folder_name}).` });
    } catch {
      setResult({ ok: false, text: "Failed to upload file" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <p className="text-sm text-slate-700">Google Drive: graded reports and the grade sheet.</p>
      {drive.connected ? (
        <button
          type="button"
          onClick={() => void save()}
          disabled={busy}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
        >
          {busy ? "Saving to Drive..." : "Save to Drive"}
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void drive.connect()}
          disabled={drive.connecting}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
        >
          {drive.connecting ? "Connecting..." : "Connect Google Drive"}
        </button>
      )}
      {result || drive.error ? (
        <p role={result?.ok ? "status" : "alert"} className={`text-sm ${result?.ok ? "text-green-700" : "text-red-700"}`}>
          {result?.text ?? drive.error}
        </p>
      ) : null}
    </div>
  );
}
