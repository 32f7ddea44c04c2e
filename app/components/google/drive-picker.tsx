// 'Select Files from Google Drive' (spec section 4): Gradewell's own Drive browser. Folders open (with a way back
// up), the search box filters by name, only files Gradewell can grade are listed, and several can be ticked.
// The picks are copied server-side when the assignment is created.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { formatFileSize } from "~/lib/format";
import type { useGoogleDrive } from "~/hooks/use-google-drive";

export type DrivePick = { id: string; name: string; size: number | null; mimeType: string };
type DriveFile = DrivePick & { isFolder: boolean; modifiedTime: string | null };

const button = "rounded-md px-3 py-1.5 text-sm font-medium";

export function DrivePicker({
  open,
  onClose,
  onSelect,
  drive,
}: {
  open: boolean;
  onClose: () => void;
  onSelect: (files: DrivePick[]) => void;
  drive: ReturnType<typeof useGoogleDrive>;
}) {
  const [trail, setTrail] = useState<{ id: string | null; name: string }[]>([{ id: null, name: "My Drive" }]);
  const [files, setFiles] = useState<DriveFile[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<Map<string, DriveFile>>(new Map());
  const dialogRef = useRef<HTMLDivElement>(null);
  const folder = trail[trail.length - 1];

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const response = await fetch(`/api/google-drive/files${folder.id ? `?folder_id=${encodeURIComponent(folder.id)}` : ""}`);
      const body = (await response.json()) as { files?: DriveFile[]; message?: string; requires_auth?: boolean; error?: string };
      if (body.requires_auth) {
        setError("Authentication required. Please connect Google Drive.");
        void drive.check();
      } else if (!response.ok) setError(body.message || body.error || "Failed to load Google Drive files");
      else setFiles(body.files ?? []);
    } catch {
      setError("Failed to load Google Drive files");
    } finally {
      setLoading(false);
    }
  }, [folder.id, drive]);

  useEffect(() => {
    if (open && drive.connected) void load();
  }, [open, drive.connected, load]);

  useEffect(() => {
    if (!open) return;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const shown = useMemo(() => files.filter((f) => f.name.toLowerCase().includes(search.trim().toLowerCase())), [files, search]);
  if (!open) return null;

  const toggle = (file: DriveFile) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(file.id)) next.delete(file.id);
      else next.set(file.id, file);
      return next;
    });

  const finish = () => {
    onSelect([...selected.values()].map(({ id, name, size, mimeType }) => ({ id, name, size, mimeType })));
    setSelected(new Map());
    onClose();
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div
        ref={dialogRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="drive-picker-title"
        className="flex max-h-[80vh] w-full max-w-2xl flex-col rounded-xl bg-white shadow-xl focus:outline-none"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="drive-picker-title" className="text-lg font-semibold">
            Select Files from Google Drive
          </h2>
          <button type="button" onClick={onClose} className={`${button} text-slate-600 hover:bg-slate-100`}>
            Close
          </button>
        </div>
        {!drive.connected ? (
          <div className="px-5 py-10 text-center">
            <p className="text-sm text-slate-700">Please connect your Google Drive account first</p>
            {drive.error ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {drive.error}
              </p>
            ) : null}
            <button
              type="button"
              onClick={() => void drive.connect()}
              disabled={drive.connecting}
              className={`${button} mt-4 bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60`}
            >
              {drive.connecting ? "Connecting..." : "Connect Google Drive"}
            </button>
          </div>
        ) : (
          <>
            <div className="space-y-3 border-b border-slate-200 px-5 py-3">
              <nav aria-label="Folder" className="flex flex-wrap items-center gap-1 text-sm">
                {trail.length > 1 ? (
                  <button
                    type="button"
                    onClick={() => setTrail((t) => t.slice(0, -1))}
                    className={`${button} text-brand-700 hover:bg-brand-50`}
                  >
                    ← Back
                  </button>
                ) : null}
                <span className="font-medium text-slate-800">{trail.map((t) => t.name).join(" / ")}</span>
              </nav>
              <label className="block">
                <span className="sr-only">Search files</span>
                <input
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  placeholder="Search files..."
                  className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                />
              </label>
            </div>
            <div className="min-h-40 flex-1 overflow-y-auto px-5 py-3" aria-live="polite">
              {loading ? (
                <p className="text-sm text-slate-600">Loading files...</p>
              ) : error ? (
                <div role="alert" className="text-sm text-red-700">
                  <p>{error}</p>
                  <button type="button" onClick={() => void load()} className={`${button} mt-2 ring-1 ring-slate-300 text-slate-800`}>
                    Try again
                  </button>
                </div>
              ) : shown.length === 0 ? (
                <div className="text-sm text-slate-600">
                  <p>No files found</p>
                  <button type="button" onClick={() => void load()} className={`${button} mt-2 ring-1 ring-slate-300 text-slate-800`}>
                    Refresh files
                  </button>
                </div>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label="Files">
                  {shown.map((file) => (
                    <li key={file.id} className="flex items-center gap-3 py-2">
                      {file.isFolder ? (
                        <button
                          type="button"
                          onClick={() => setTrail((t) => [...t, { id: file.id, name: file.name }])}
                          className="flex min-w-0 flex-1 items-center gap-3 text-left"
                        >
                          <span aria-hidden="true">📁</span>
                          <span className="truncate text-sm font-medium text-slate-900">{file.name}</span>
                          <span className="sr-only">(folder: open)</span>
                        </button>
                      ) : (
                        <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                          <input type="checkbox" checked={selected.has(file.id)} onChange={() => toggle(file)} className="h-4 w-4" />
                          <span aria-hidden="true">{file.mimeType.startsWith("image/") ? "🖼️" : "📄"}</span>
                          <span className="min-w-0 flex-1">
                            <span className="block truncate text-sm font-medium text-slate-900">{file.name}</span>
                            <span className="block text-xs text-slate-500">
                              {file.size === null ? "Unknown size" : formatFileSize(file.size)}
                              {file.modifiedTime ? ` · ${new Date(file.modifiedTime).toLocaleDateString()}` : ""}
                            </span>
                          </span>
                        </label>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-3">
              <p className="text-sm text-slate-600">
                {selected.size} {selected.size === 1 ? "file" : "files"} selected
              </p>
              <div className="flex gap-2">
                <button type="button" onClick={onClose} className={`${button} text-slate-700 hover:bg-slate-100`}>
                  Cancel
                </button>
                <button
                  type="button"
                  onClick={finish}
                  disabled={selected.size === 0}
                  className={`${button} bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60`}
                >
                  Select Files
                </button>
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
