// QuickSnap's client side (spec sections 4, 8, 9): upload one photo, then poll the job every 2 s, 30 times at most.
export const POLL_INTERVAL_MS = 2000;
export const MAX_POLLS = 30;
export const CLOSE_DELAY_MS = 2000;
export const JPEG_QUALITY = 0.9;

export const MESSAGES = {
  uploaded: "Upload successful! Processing started...",
  complete: (average: number | null | undefined) => `Grading complete! Score: ${average ?? "N/A"}`,
  failed: "Grading failed. Please try again.",
  checkError: "Error checking results.",
  slow: "Processing is taking longer than expected...",
  uploadFailed: "Upload failed. Please try again.",
  camera: "Unable to access camera. Please check permissions.",
} as const;

export type PollResult = { status: "processing" | "completed" | "failed"; results?: { average_score: number | null } };

export async function uploadQuickSnap(
  photo: Blob,
  fileName: string,
  assignmentId = "quicksnap",
): Promise<{ job_id: string; submission_id: string }> {
  const form = new FormData();
  form.set("file", new File([photo], fileName, { type: photo.type || "image/jpeg" }));
  form.set("assignment_id", assignmentId);
  const response = await fetch("/api/v2/grading/upload/quicksnap", { method: "POST", body: form, credentials: "same-origin" });
  if (!response.ok) throw new Error(`Upload failed with HTTP ${response.status}`);
  return response.json();
}

export async function pollJob(jobId: string): Promise<PollResult> {
  const response = await fetch(`/api/v2/grading/job/${encodeURIComponent(jobId)}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}
