import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { formatFileSize } from "~/lib/format";

export const ACCEPT = ".pdf,.doc,.docx,.png,.jpg,.jpeg,.heic,.heif,application/pdf,image/png,image/jpeg,image/heic";
export const ACCEPT_WITH_TEXT = `${ACCEPT},.txt,text/plain`;
const EXTENSIONS = ["pdf", "doc", "docx", "png", "jpg", "jpeg", "heic", "heif"];

export type PickedFile = { id: string; file: File; preview: string | null };

let counter = 0;
export function pickFiles(files: Iterable<File>): PickedFile[] {
  return [...files].map((file) => ({
    id: `f${++counter}`,
    file,
    preview: file.type.startsWith("image/") && !/hei[cf]/i.test(file.type) ? URL.createObjectURL(file) : null,
  }));
}

/** A quick check by name and size so the teacher hears at once; the server checks every file by content. */
export function clientFileProblem(file: File, maxBytes: number, allowText: boolean): string | null {
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  const ok = EXTENSIONS.includes(ext) || (allowText && ext === "txt") || /^image\/(png|jpeg)$/.test(file.type);
  if (!ok) return `"${file.name}" is not a PDF, Word document or photo (PDF, DOC, DOCX, PNG, JPG, JPEG or HEIC).`;
  if (file.size > maxBytes) return `"${file.name}" is larger than the ${formatFileSize(maxBytes)} limit per file.`;
  if (file.size === 0) return `"${file.name}" is empty (0 bytes). Please choose the file again or take a new photo.`;
  return null;
}

export function UploadCard({
  title,
  description,
  field,
  files,
  onAdd,
  onRemove,
  onSnap,
  hydrated,
  isMobile,
  maxBytes,
  allowText = false,
  drive,
  children,
}: {
  title: string;
  description: ReactNode;
  field: string;
  files: PickedFile[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onSnap: () => void;
  hydrated: boolean;
  isMobile: boolean;
  maxBytes: number;
  allowText?: boolean;
  /** Google Drive, when set up: the button that opens the Drive browser, and the files picked there. */
  drive?: { onOpen: () => void; picks: { id: string; name: string; size: number | null }[]; onRemove: (id: string) => void };
  children?: ReactNode;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const captureRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const add = (list: FileList | null) => {
    if (!list?.length) return;
    const all = [...list];
    const bad = all.map((f) => clientFileProblem(f, maxBytes, allowText)).find(Boolean) ?? null;
    setProblem(bad);
    const good = all.filter((f) => !clientFileProblem(f, maxBytes, allowText));
    if (good.length) onAdd(good);
  };

  const total = useMemo(() => files.reduce((n, f) => n + f.file.size, 0), [files]);
  const headingId = `${id}-title`;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid={`upload-${field}`}
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          add(e.dataTransfer.files);
        }}
        className={`mt-4 flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors ${dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"}`}
      >
        <svg className="h-8 w-8 text-slate-400" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2" />
        </svg>
        <p className="mt-2 text-sm text-slate-700">{hydrated ? "Drag and drop files here, or" : "Choose files to upload"}</p>
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          <label className="cursor-pointer rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-500">
            Choose Files
            <input
              ref={inputRef}
              type="file"
              name={hydrated ? undefined : field}
              multiple
              accept={allowText ? ACCEPT_WITH_TEXT : ACCEPT}
              className="sr-only"
              data-testid={`choose-${field}`}
              onChange={(e) => {
                add(e.currentTarget.files);
                if (hydrated) e.currentTarget.value = "";
              }}
            />
          </label>
          {hydrated && drive ? (
            <button
              type="button"
              onClick={drive.onOpen}
              className="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Google Drive
            </button>
          ) : null}
          {hydrated && !isMobile ? (
            <button
              type="button"
              onClick={onSnap}
              className="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Snap Photo
            </button>
          ) : (
            <label className="cursor-pointer rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-500">
              Snap Photo
              <input
                ref={captureRef}
                type="file"
                name={hydrated ? undefined : field}
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={(e) => {
                  add(e.currentTarget.files);
                  if (hydrated) e.currentTarget.value = "";
                }}
              />
            </label>
          )}
        </div>
        <p className="mt-3 text-xs text-slate-500">
          PDF, DOC, DOCX, PNG, JPG, JPEG or HEIC{allowText ? " (or a plain-text key)" : ""} · up to {formatFileSize(maxBytes)} per file
        </p>
      </div>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {files.length ? (
        <>
          <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={`${title}: selected files`}>
            {files.map((f) => (
              <li key={f.id} className="flex items-center gap-3 px-3 py-2">
                {f.preview ? (
                  <img src={f.preview} alt="" className="h-10 w-10 rounded object-cover ring-1 ring-slate-200" />
                ) : (
                  <span className="flex h-10 w-10 items-center justify-center rounded bg-slate-100 text-[11px] font-semibold uppercase text-slate-700">
                    {f.file.name.split(".").pop()?.slice(0, 4) ?? "file"}
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-800">{f.file.name}</span>
                  <span className="block text-xs text-slate-500">{formatFileSize(f.file.size)}</span>
                </span>
                <button
                  type="button"
                  onClick={() => onRemove(f.id)}
                  className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-red-50 hover:text-red-700"
                  aria-label={`Remove ${f.file.name}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500">
            {files.length} {files.length === 1 ? "file" : "files"} · {formatFileSize(total)}
          </p>
        </>
      ) : null}
      {drive?.picks.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={`${title}: from Google Drive`}>
          {drive.picks.map((pick) => (
            <li key={pick.id} className="flex items-center gap-3 px-3 py-2">
              <span className="flex h-10 w-10 items-center justify-center rounded bg-slate-100 text-[11px] font-semibold text-slate-700">
                Drive
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-800">{pick.name}</span>
                <span className="block text-xs text-slate-500">{pick.size === null ? "Unknown size" : formatFileSize(pick.size)}</span>
              </span>
              <button
                type="button"
                onClick={() => drive.onRemove(pick.id)}
                className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-red-50 hover:text-red-700"
                aria-label={`Remove ${pick.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  );
}

/** Files picked for one card, with their image previews released when removed or unmounted. */
export function usePickedFiles() {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const ref = useRef(files);
  ref.current = files;
  useEffect(() => () => ref.current.forEach((f) => f.preview && URL.revokeObjectURL(f.preview)), []);
  return {
    files,
    add: (list: File[]) => setFiles((current) => [...current, ...pickFiles(list)]),
    remove: (id: string) =>
      setFiles((current) => {
        const gone = current.find((f) => f.id === id);
        if (gone?.preview) URL.revokeObjectURL(gone.preview);
        return current.filter((f) => f.id !== id);
      }),
  };
}
