// One camera for every page that takes a photo in the browser (the assignment camera, Snap & Grade, conference
// items): the rear camera at an ideal 1920x1080, attached to whichever <video> is mounted, stopped on close
// and on unmount, and a JPEG capture once the first frame has arrived (before it, a capture is black).
import { useCallback, useEffect, useRef, useState } from "react";

export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: "environment", width: { ideal: 1920 }, height: { ideal: 1080 } },
  audio: false,
};

export type CameraStatus = "off" | "starting" | "live" | "error";

export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  // Bumped by every stop: a start that resolves after its camera was closed releases the stream at once.
  const generation = useRef(0);
  const [status, setStatus] = useState<CameraStatus>("off");
  const [ready, setReady] = useState(false);

  const attach = (video: HTMLVideoElement | null) => {
    if (!video || !streamRef.current || video.srcObject === streamRef.current) return;
    video.srcObject = streamRef.current;
    video.muted = true;
    void video.play().catch(() => undefined);
  };

  const stop = useCallback(() => {
    generation.current += 1;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setReady(false);
    setStatus((s) => (s === "error" ? s : "off"));
  }, []);

  /** Asks for the camera: 'live', 'error' when it is missing or refused, 'cancelled' when stopped meanwhile. */
  const start = useCallback(async (): Promise<"live" | "error" | "cancelled"> => {
    const mine = ++generation.current;
    setReady(false);
    setStatus("starting");
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera API");
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
      if (mine !== generation.current) {
        stream.getTracks().forEach((track) => track.stop());
        return "cancelled";
      }
      streamRef.current = stream;
      setStatus("live");
      attach(videoRef.current);
      return "live";
    } catch {
      if (mine !== generation.current) return "cancelled";
      setStatus("error");
      return "error";
    }
  }, []);

  useEffect(() => stop, [stop]);

  /** The current frame as a JPEG; the camera is stopped afterwards. Null before the first frame. */
  const capture = useCallback(
    (quality = 0.8): Promise<Blob | null> => {
      const video = videoRef.current;
      if (!video || !video.videoWidth) return Promise.resolve(null);
      const canvas = document.createElement("canvas");
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
      stop();
      return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    },
    [stop],
  );

  /** Spread on the preview: `<video {...camera.videoProps} muted />` (muted written out for the a11y lint). */
  const videoProps = {
    ref: useCallback((video: HTMLVideoElement | null) => {
      videoRef.current = video;
      attach(video);
    }, []),
    playsInline: true,
    onLoadedData: () => setReady(true),
    onPlaying: () => setReady(true),
  };

  return { status, ready, start, stop, capture, videoProps };
}

/** A file name for a photo taken now, e.g. photo-2026-11-22T19-30-00-000Z.jpg. */
export function photoFileName(prefix = "photo", at = new Date()) {
  return `${prefix}-${at.toISOString().replace(/[:.]/g, "-")}.jpg`;
}
