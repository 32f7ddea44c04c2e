import { useEffect, useReducer, useState } from "react";
import { applyJobEvent, type JobView, type StreamedEvent } from "~/lib/job-state";

export type StreamState = "connecting" | "live" | "reconnecting" | "closed";

/**
 * Follows a grading job's Server-Sent Events. The browser resumes with Last-Event-ID after a dropped connection;
 * after a reload the log replays from the start; the fold ignores events it has already applied.
 */
export function useJobEvents(jobId: string, initial: JobView): { view: JobView; connection: StreamState } {
  const [view, dispatch] = useReducer(applyJobEvent, initial);
  const [connection, setConnection] = useState<StreamState>("connecting");

  useEffect(() => {
    const source = new EventSource(`/api/v2/grading/job/${encodeURIComponent(jobId)}/events`);
    source.onopen = () => setConnection("live");
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? "closed" : "reconnecting");
    source.onmessage = (message) => {
      const event = JSON.parse(message.data) as StreamedEvent;
      dispatch(event);
      if (event.type === "job_done") {
        source.close(); // the log is complete: do not let the browser reconnect and replay it
        setConnection("closed");
      }
    };
    return () => source.close();
  }, [jobId]);

  return { view, connection };
}
