// The GradingJob Durable Object as both workers see it: the web worker binds it by script_name (so it cannot
// import the class), the grading worker implements it. One interface keeps the two in step.
import type { JobEvent, StoredJobEvent } from "./events";

export type JobState = {
  jobId: string;
  teacherId: string;
  total: number;
  done: number;
  failed: number;
  averageScore: number | null;
  status: "processing" | "completed" | "completed_with_failures" | "failed";
};

/** The GradingJob's RPC surface (workers/grading/job-object.ts implements it). */
export interface GradingJobRpc {
  start(input: { jobId: string; teacherId: string; total: number }): Promise<void>;
  append(input: JobEvent, dedupeKey?: string): Promise<number | null>;
  status(): Promise<JobState | null>;
  events(afterSeq?: number): Promise<StoredJobEvent[]>;
  fetch(request: Request): Promise<Response>;
  /** Deletes everything the object stores (events, state, alarm): the job's data goes with its teacher's. */
  erase(): Promise<void>;
}

export type GradingJobNamespace = DurableObjectNamespace<GradingJobRpc & Rpc.DurableObjectBranded>;

/** The job's Durable Object, reached by the job's id. */
export function jobStub(env: { GRADING_JOB: GradingJobNamespace }, jobId: string) {
  return env.GRADING_JOB.get(env.GRADING_JOB.idFromName(jobId));
}
