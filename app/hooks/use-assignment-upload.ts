// Creating an assignment from the page with JavaScript: the multipart body goes to the JSON API through
// XMLHttpRequest for a real upload progress bar, then grading starts when the teacher chose 'immediate'.
import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { CREATE_ERROR_MESSAGE } from "~/schemas/assignments";

export type UploadError = { message: string; detail?: string };

function xhrPost(url: string, body: FormData, onProgress: (fraction: number) => void) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, json: (xhr.response ?? {}) as Record<string, unknown> });
    xhr.onerror = () => reject(new Error("network"));
    xhr.send(body);
  });
}

/** Upload state for the create form: busy, progress (0-100), the error to show, and whether it was created. */
export function useAssignmentUpload() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<UploadError | null>(null);
  const [created, setCreated] = useState(false);

  async function submit(body: FormData, startGrading: boolean) {
    setError(null);
    setBusy(true);
    setProgress(10);
    try {
      const response = await xhrPost("/api/assignments", body, (fraction) => setProgress(10 + Math.round(fraction * 80)));
      if (response.status !== 201) {
        setProgress(0);
        setBusy(false);
        setError({
          message: CREATE_ERROR_MESSAGE,
          detail: typeof response.json.error === "string" ? response.json.error : undefined,
        });
        return;
      }
      const assignmentId = String(response.json.assignment_id);
      setProgress(90);
      let job = "";
      if (startGrading) {
        setProgress(95); // AI start
        try {
          const started = await fetch(`/api/document-ai/process/assignment/${assignmentId}`, { method: "POST" });
          const json = (await started.json()) as { job_id?: string };
          if (started.ok && json.job_id) job = `&job=${json.job_id}`;
          else console.error("AI processing failed", json);
        } catch (error) {
          console.error("AI processing failed", error); // spec: only logged; the assignment stays saved
        }
      }
      setProgress(100);
      setCreated(true);
      setTimeout(() => navigate(`/assignments?created=${assignmentId}${job}`), 1000);
    } catch {
      setProgress(0);
      setBusy(false);
      setError({ message: CREATE_ERROR_MESSAGE });
    }
  }

  return { busy, progress, error, created, submit };
}
