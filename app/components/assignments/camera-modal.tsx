import { useEffect, useState } from "react";
import { photoFileName, useCamera } from "~/hooks/use-camera";

export const CAMERA_ERROR = "Could not access camera. Please check permissions or use file upload instead.";

/** In-page camera (desktop): rear camera at ideal 1920x1080, JPEG quality 0.8, retake before use. */
export function CameraModal({ open, onClose, onPhoto }: { open: boolean; onClose: () => void; onPhoto: (file: File) => void }) {
  const camera = useCamera();
  const { start, stop } = camera;
  const [captureFailed, setCaptureFailed] = useState(false);
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const error = camera.status === "error" || captureFailed ? CAMERA_ERROR : null;

  useEffect(() => {
    if (!open) return;
    setCaptureFailed(false);
    void start();
    return stop;
  }, [open, start, stop]);

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  if (!open) return null;

  const capture = async () => {
    const blob = await camera.capture(0.8);
    if (!blob) return setCaptureFailed(true);
    const file = new File([blob], photoFileName(), { type: "image/jpeg" });
    setPhoto({ file, url: URL.createObjectURL(blob) });
  };

  const close = () => {
    stop();
    setPhoto(null);
    onClose();
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="camera-title"
    >
      <div className="w-full max-w-2xl rounded-xl bg-white p-5 shadow-xl">
        <div className="flex items-center justify-between">
          <h2 id="camera-title" className="text-lg font-semibold">
            Take Photo
          </h2>
          <button type="button" onClick={close} className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
            Close
          </button>
        </div>
        <div className="mt-4 overflow-hidden rounded-lg bg-slate-900">
          {photo ? (
            <img src={photo.url} alt="Captured page" className="mx-auto max-h-[60vh]" />
          ) : (
            <video {...camera.videoProps} muted className="mx-auto max-h-[60vh] w-full" aria-label="Camera preview" />
          )}
        </div>
        {error ? (
          <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          {photo ? (
            <>
              <button
                type="button"
                onClick={() => {
                  setPhoto(null);
                  setCaptureFailed(false);
                  void start();
                }}
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Retake
              </button>
              <button
                type="button"
                onClick={() => {
                  onPhoto(photo.file);
                  setPhoto(null);
                  onClose();
                }}
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Use Photo
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => void capture()}
              disabled={Boolean(error) || !camera.ready}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
            >
              Capture
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
