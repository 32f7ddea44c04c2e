import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ProgressBar } from "~/components/ui/toggle";

type Progress = { status: string; progress: { done: number; failed: number; total: number } };

/** Live progress of a running grading job: polls the spec's status endpoint every 2 seconds, then refreshes the page. */
export function JobProgress({ jobId, initial }: { jobId: string; initial: { done: number; failed: number; total: number } }) {
  const [state, setState] = useState<Progress>({ status: "processing", progress: initial });
  const revalidator = useRevalidator();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const response = await fetch(`/api/v2/grading/job/${jobId}`, { headers: { Accept: "application/json" } });
        if (response.ok) {
          const body = (await response.json()) as Progress;
          if (stopped) return;
          setState(body);
          revalidator.revalidate();
          if (body.status !== "processing") return;
        }
      } catch {
        // try again on the next tick
      }
      if (!stopped) timer = setTimeout(poll, 2000);
    };
    timer = setTimeout(poll, 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId]);
  const { done, failed, total } = state.progress;
  const finished = state.status !== "processing";
  return (
    <div className="rounded-xl border border-blue-200 bg-blue-50 px-5 py-4" data-testid="job-progress">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-blue-900">
          {finished ? "Grading finished" : "Grading in progress"}: {done} of {total} done{failed ? `, ${failed} failed` : ""}
        </span>
        <Link to={`/jobs/${jobId}`} className="font-semibold text-blue-800 underline hover:no-underline">
          Watch live
        </Link>
      </div>
      <ProgressBar value={total ? ((done + failed) / total) * 100 : 0} label="Grading progress" />
    </div>
  );
}
