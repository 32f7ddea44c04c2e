import { Form, Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useCamera } from "~/hooks/use-camera";
import { NO_KEY, NO_KEY_LABEL } from "~/lib/quicksnap-choices";
import { CLOSE_DELAY_MS, JPEG_QUALITY, MAX_POLLS, MESSAGES, POLL_INTERVAL_MS, pollJob, uploadQuickSnap } from "~/lib/quicksnap";

type Phase =
  | { name: "camera" }
  | { name: "uploading" }
  | { name: "polling"; jobId: string; percent: number; message: string }
  | { name: "done"; jobId: string; message: string; ok: boolean }
  | { name: "error"; message: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Snap & Grade: the rear camera in the page (a phone's own camera app on mobile), one photo, upload, then the
 * spec's polling with its messages. Without JavaScript the plain file form beneath still uploads and opens the job.
 */
export function QuickSnapModal({
  mobile,
  choices,
  onClose,
}: {
  mobile: boolean;
  /** The teacher's recent assignments with a key; the first choice is always "no key" (quicksnap.server.ts). */
  choices: { id: string; title: string }[];
  onClose: () => void;
}) {
  const camera = useCamera();
  const [against, setAgainst] = useState(NO_KEY);
  const { start: startCamera, stop: stopCamera, capture: captureFrame } = camera;
  const closedRef = useRef(false);
  const [phase, setPhase] = useState<Phase>({ name: "camera" });

  const close = useCallback(() => {
    closedRef.current = true;
    stopCamera();
    onClose();
  }, [onClose, stopCamera]);

  useEffect(() => {
    closedRef.current = false;
    if (mobile) return;
    void startCamera().then((outcome) => {
      if (outcome === "error" && !closedRef.current) setPhase({ name: "error", message: MESSAGES.camera });
    });
    return stopCamera;
  }, [mobile, startCamera, stopCamera]);

  const grade = useCallback(
    async (photo: Blob, fileName: string) => {
      setPhase({ name: "uploading" });
      let jobId: string;
      try {
        jobId = (await uploadQuickSnap(photo, fileName, against)).job_id;
      } catch {
        setPhase({ name: "error", message: MESSAGES.uploadFailed });
        await sleep(CLOSE_DELAY_MS);
        if (!closedRef.current) close();
        return;
      }
      setPhase({ name: "polling", jobId, percent: 0, message: MESSAGES.uploaded });
      for (let poll = 1; poll <= MAX_POLLS; poll++) {
        await sleep(POLL_INTERVAL_MS);
        if (closedRef.current) return;
        try {
          const result = await pollJob(jobId);
          if (result.status === "completed") {
            setPhase({ name: "done", jobId, ok: true, message: MESSAGES.complete(result.results?.average_score) });
            return;
          }
          if (result.status === "failed") {
            setPhase({ name: "done", jobId, ok: false, message: MESSAGES.failed });
            return;
          }
          setPhase({ name: "polling", jobId, percent: Math.round((poll / MAX_POLLS) * 100), message: MESSAGES.uploaded });
        } catch {
          setPhase({ name: "done", jobId, ok: false, message: MESSAGES.checkError });
          return;
        }
      }
      setPhase({ name: "done", jobId, ok: false, message: MESSAGES.slow });
      await sleep(CLOSE_DELAY_MS);
      if (!closedRef.current) close();
    },
    [close, against],
  );

  const capture = useCallback(async () => {
    const blob = await captureFrame(JPEG_QUALITY);
    if (blob) void grade(blob, `quicksnap-${Date.now()}.jpg`);
    else setPhase({ name: "error", message: MESSAGES.uploadFailed });
  }, [captureFrame, grade]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="quicksnap-title"
    >
      <div className="w-full max-w-2xl rounded-xl bg-white p-6 shadow-xl">
        <div className="flex items-center justify-between">
          <h2 id="quicksnap-title" className="text-lg font-semibold">
            Snap &amp; Grade
          </h2>
          <button
            type="button"
            onClick={close}
            className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
            aria-label="Close"
          >
            ✕
          </button>
        </div>

        {phase.name === "camera" || phase.name === "error" ? (
          <div className="mt-4">
            <label htmlFor="quicksnap-against" className="block text-sm font-medium text-slate-700">
              Grade against
            </label>
            <select
              id="quicksnap-against"
              name="assignment_id"
              form="quicksnap-upload"
              value={against}
              onChange={(e) => setAgainst(e.currentTarget.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value={NO_KEY}>{NO_KEY_LABEL}</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
            {against === NO_KEY ? (
              <p className="mt-1 text-xs text-slate-600" data-testid="quicksnap-no-key-hint">
                Without a key, calculations and simple equations are checked and nothing is scored.
              </p>
            ) : null}
          </div>
        ) : null}

        {phase.name === "camera" && !mobile ? (
          <div className="mt-4">
            <video
              {...camera.videoProps}
              muted
              autoPlay
              className="aspect-video w-full rounded-lg bg-slate-900 object-contain"
              aria-label="Camera preview"
            />
            <button
              type="button"
              onClick={() => void capture()}
              disabled={!camera.ready}
              className="mt-4 w-full rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {camera.ready ? "Capture & Grade" : "Starting camera…"}
            </button>
          </div>
        ) : null}

        {phase.name === "camera" && mobile ? (
          <label className="mt-4 flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-8 text-center text-sm text-slate-700">
            <span className="font-semibold">Take a photo of the student's work</span>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void grade(file, file.name || `quicksnap-${Date.now()}.jpg`);
              }}
            />
            <span className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">Open camera</span>
          </label>
        ) : null}

        {phase.name === "uploading" ? <p className="mt-6 text-sm text-slate-700">Uploading…</p> : null}

        {phase.name === "polling" ? (
          <div className="mt-6" aria-live="polite">
            <p className="text-sm font-medium text-slate-800" data-testid="quicksnap-message">
              {phase.message}
            </p>
            <div
              className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-label="Grading progress"
              aria-valuenow={phase.percent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${phase.percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-500">{phase.percent}%</p>
            <Link to={`/jobs/${phase.jobId}`} className="mt-3 inline-block text-sm font-medium text-brand-600 hover:underline">
              Watch it grade live
            </Link>
          </div>
        ) : null}

        {phase.name === "done" ? (
          <div className="mt-6" aria-live="polite">
            <p className={`text-sm font-semibold ${phase.ok ? "text-emerald-700" : "text-red-700"}`} data-testid="quicksnap-message">
              {phase.message}
            </p>
            {phase.ok && against === NO_KEY ? (
              <p className="mt-1 text-sm text-slate-700" data-testid="quicksnap-checked">
                No key was used, so nothing was scored or added to your averages. The graded work lists what was checked.
              </p>
            ) : null}
            <Link
              to={`/jobs/${phase.jobId}`}
              className="mt-3 inline-block rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              See the graded work and feedback
            </Link>
          </div>
        ) : null}

        {phase.name === "error" ? (
          <p className="mt-6 text-sm font-semibold text-red-700" role="alert" data-testid="quicksnap-message">
            {phase.message}
          </p>
        ) : null}

        {phase.name === "camera" || phase.name === "error" ? (
          <Form
            id="quicksnap-upload"
            method="post"
            encType="multipart/form-data"
            reloadDocument
            className="mt-6 border-t border-slate-100 pt-4 text-sm"
          >
            <input type="hidden" name="intent" value="quicksnap" />
            <label htmlFor="quicksnap-file" className="block font-medium text-slate-700">
              Or upload a photo
            </label>
            <div className="mt-2 flex gap-2">
              <input id="quicksnap-file" name="file" type="file" accept="image/*,.pdf" required className="min-w-0 flex-1 text-sm" />
              <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50">
                Grade it
              </button>
            </div>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
