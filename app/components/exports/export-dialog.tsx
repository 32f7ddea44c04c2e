// Export grades: generic CSV, Canvas CSV or OneRoster 1.2 (ZIP). A GET form to the export API, so it downloads
// without JavaScript; with it, the dialog shows beforehand who will not be in the file or will not match and why
// (GET /api/exports/preview/...), lets the teacher give Canvas assignment ids, and remembers the chosen format and
// the class's SIS ids in this browser.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { primaryButton, secondaryButton } from "~/components/ui/kit";
import { useHydrated } from "~/hooks/use-hydrated";
import type { exportPreview } from "~/server/exports.server";
import { CANVAS_ID_WARNING } from "~/lib/canvas-ids";

type Preview = NonNullable<Awaited<ReturnType<typeof exportPreview>>>;
type Format = "csv" | "canvas" | "oneroster";

const FORMAT_KEY = "gradewell.export.format";
const sisKey = (classId: string) => `gradewell.export.oneroster.${classId}`;
const FORMATS: { value: Format; label: string; hint: string }[] = [
  { value: "csv", label: "Generic CSV", hint: "Every student with status, score, review flags and feedback, for a spreadsheet." },
  { value: "canvas", label: "Canvas CSV", hint: "For Canvas's Gradebook import: students matched by SIS ID, login or name." },
  { value: "oneroster", label: "OneRoster 1.2 (ZIP)", hint: "Results for your district's SIS, keyed by students' SIS IDs." },
];

function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function ExportDialog({ kind, id, classId }: { kind: "class" | "assignment"; id: string; classId: string | null }) {
  const hydrated = useHydrated();
  const preview = useFetcher<Preview>();
  const saveIds = useFetcher<{ saved?: number; error?: string }>();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<Format>("csv");
  const [points, setPoints] = useState(false);
  const [idsConfirmed, setIdsConfirmed] = useState(false);
  const [sis, setSis] = useState({ classSourcedId: "", schoolSourcedId: "" });
  // The column checks depend on whether the saved Canvas ids are confirmed (only then do they head the columns).
  const previewUrl = `/api/exports/preview/${kind}/${id}${idsConfirmed ? "?ids=confirmed" : ""}`;

  useEffect(() => {
    const stored = readStored<string>(FORMAT_KEY, "csv");
    if (stored === "csv" || stored === "canvas" || stored === "oneroster") setFormat(stored);
    if (classId) setSis(readStored(sisKey(classId), { classSourcedId: "", schoolSourcedId: "" }));
  }, [classId]);
  const { load } = preview;
  // Saved Canvas ids change the column checks: look again once per save.
  const savedIds = saveIds.data;
  const handledSave = useRef<unknown>(null);
  useEffect(() => {
    if (savedIds?.saved == null || handledSave.current === savedIds) return;
    handledSave.current = savedIds;
    load(previewUrl);
  }, [savedIds, load, previewUrl]);

  const confirmIds = (next: boolean) => {
    setIdsConfirmed(next);
    load(`/api/exports/preview/${kind}/${id}${next ? "?ids=confirmed" : ""}`);
  };

  const toggle = (isOpen: boolean) => {
    setOpen(isOpen);
    if (isOpen && !preview.data && preview.state === "idle") load(previewUrl);
  };

  const choose = (next: Format) => {
    setFormat(next);
    window.localStorage.setItem(FORMAT_KEY, JSON.stringify(next));
  };
  const setSisField = (field: keyof typeof sis, value: string) => {
    const next = { ...sis, [field]: value };
    setSis(next);
    if (classId) window.localStorage.setItem(sisKey(classId), JSON.stringify(next));
  };
  const show = (f: Format) => !hydrated || format === f;
  const data = preview.data;

  return (
    <details className="relative" open={open} onToggle={(e) => toggle(e.currentTarget.open)} data-testid="export-dialog">
      <summary className={`${secondaryButton} cursor-pointer list-none`}>Export grades</summary>
      <div
        role="dialog"
        aria-labelledby={`export-title-${id}`}
        className="absolute right-0 z-20 mt-2 w-[min(36rem,90vw)] rounded-xl border border-slate-200 bg-white p-5 text-left shadow-lg"
      >
        <h2 id={`export-title-${id}`} className="text-base font-semibold text-slate-900">
          Export grades
        </h2>
        <form method="get" action={`/api/exports/${kind}/${id}`} className="mt-3 space-y-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Format</legend>
            <div className="mt-2 space-y-2">
              {FORMATS.map((f) => (
                <label key={f.value} className="flex gap-2 text-sm">
                  <input type="radio" name="format" value={f.value} checked={format === f.value} onChange={() => choose(f.value)} />
                  <span>
                    <span className="font-medium text-slate-900">{f.label}</span>
                    <span className="block text-xs text-slate-600">{f.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          {show("canvas") ? (
            <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">Canvas</legend>
              <label className="flex gap-2 text-sm">
                <input type="checkbox" name="points" value="confirmed" checked={points} onChange={(e) => setPoints(e.target.checked)} />
                <span>The points possible in Canvas match the points here</span>
              </label>
              {!points ? (
                <p className="text-xs text-slate-600" data-testid="points-explained">
                  Points Possible is left out, so Canvas keeps its own points. Canvas overwrites its points with this row, so tick the box
                  only when they already match.
                </p>
              ) : null}
              {!hydrated || data?.assignments.some((a) => a.canvasId) ? (
                <label className="flex gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="ids"
                    value="confirmed"
                    checked={idsConfirmed}
                    onChange={(e) => confirmIds(e.target.checked)}
                  />
                  <span>The saved Canvas assignment ids are assignments published in the Canvas course</span>
                </label>
              ) : null}
            </fieldset>
          ) : null}

          {show("oneroster") ? (
            <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">OneRoster: ids in your SIS</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                <label className="block text-sm">
                  <span className="font-medium text-slate-700">Class (section) id</span>
                  <input
                    name="classSourcedId"
                    value={sis.classSourcedId}
                    onChange={(e) => setSisField("classSourcedId", e.target.value)}
                    required={hydrated && format === "oneroster"}
                    className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                  />
                </label>
                <label className="block text-sm">
                  <span className="font-medium text-slate-700">School id</span>
                  <input
                    name="schoolSourcedId"
                    value={sis.schoolSourcedId}
                    onChange={(e) => setSisField("schoolSourcedId", e.target.value)}
                    required={hydrated && format === "oneroster"}
                    className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                  />
                </label>
              </div>
            </fieldset>
          ) : null}

          <div className="flex justify-end">
            <button type="submit" className={primaryButton} disabled={format === "oneroster" && Boolean(data?.oneRoster.refused)}>
              Download
            </button>
          </div>
        </form>

        <section aria-labelledby={`export-check-${id}`} aria-live="polite" className="mt-4 border-t border-slate-200 pt-3 text-sm">
          <h3 id={`export-check-${id}`} className="font-semibold text-slate-900">
            Before you import
          </h3>
          {!data ? (
            <p className="mt-1 text-slate-600">
              {hydrated ? "Checking your students…" : "Open with JavaScript on to see who will not match."}
            </p>
          ) : (
            <ExportChecks preview={data} format={format} />
          )}
          {data && format === "canvas" && data.assignments.length > 0 ? (
            <saveIds.Form method="post" action="/api/exports/canvas-ids" className="mt-3 space-y-2">
              <h4 className="font-medium text-slate-800">Canvas assignment ids (optional)</h4>
              <p className="text-xs text-slate-600">
                The number at the end of the assignment&apos;s address in Canvas. With it, Canvas matches the column by id, whatever the
                title.
              </p>
              <p className="text-xs text-amber-800" data-testid="canvas-id-warning">
                {CANVAS_ID_WARNING} A saved id goes into the file only once you tick the box above the Download button.
              </p>
              <ul className="max-h-40 space-y-1 overflow-auto">
                {data.assignments.map((a) => (
                  <li key={a.id}>
                    <label className="flex items-center justify-between gap-2">
                      <span className="truncate">{a.title}</span>
                      <input
                        name={`canvasId:${a.id}`}
                        defaultValue={a.canvasId ?? ""}
                        inputMode="numeric"
                        pattern="[0-9]*"
                        aria-label={`Canvas assignment id for ${a.title}`}
                        className="w-28 rounded-md border border-slate-300 px-2 py-1 text-sm"
                      />
                    </label>
                  </li>
                ))}
              </ul>
              <button type="submit" className={secondaryButton} disabled={saveIds.state !== "idle"}>
                {saveIds.state !== "idle" ? "Saving…" : "Save Canvas ids"}
              </button>
              {saveIds.data?.error ? (
                <p role="alert" className="text-sm text-red-800">
                  {saveIds.data.error}
                </p>
              ) : null}
            </saveIds.Form>
          ) : null}
        </section>
      </div>
    </details>
  );
}

function NoticeList({ title, items, testId }: { title: string; items: { name: string; text: string }[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-2" data-testid={testId}>
      <h4 className="font-medium text-slate-800">{title}</h4>
      <ul className="mt-1 max-h-40 space-y-1 overflow-auto">
        {items.map((item, i) => (
          <li key={`${item.name}-${i}`}>
            <span className="font-medium text-slate-900">{item.name}</span>: <span className="text-slate-700">{item.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ExportChecks({ preview, format }: { preview: Preview; format: Format }) {
  if (format === "csv") {
    return <p className="mt-1 text-slate-600">The generic CSV lists every student, graded or not, exactly as the page shows them.</p>;
  }
  const leftOut = format === "canvas" ? preview.canvas.leftOut : preview.oneRoster.leftOut;
  const count = format === "canvas" ? preview.students : preview.oneRoster.written;
  const refused = format === "oneroster" ? preview.oneRoster.refused : null;
  return (
    <>
      {refused ? (
        <p role="alert" className="mt-1 text-red-800" data-testid="oneroster-refused">
          No OneRoster file: {refused}
        </p>
      ) : null}
      <p className={refused ? "hidden" : "mt-1 text-slate-700"}>
        {format === "canvas"
          ? `${count} ${count === 1 ? "student" : "students"} with a final grade will be in the file.`
          : `${count} ${count === 1 ? "result" : "results"} will be in the file.`}
      </p>
      <NoticeList title="Not in the file" testId="left-out" items={leftOut.map((l) => ({ name: l.name, text: l.reason }))} />
      {format === "canvas" ? (
        <>
          <NoticeList
            title="May not match in Canvas"
            testId="name-only"
            items={preview.canvas.nameOnly.map((n) => ({ name: n.subject, text: n.message }))}
          />
          <NoticeList
            title="Columns"
            testId="column-notices"
            items={preview.canvas.columns.map((n) => ({ name: n.subject, text: n.message }))}
          />
        </>
      ) : null}
    </>
  );
}
