// Crash recovery from the web side: asking an unfinished job's Durable Object for its status re-arms its
// watchdog, which puts silent work back on the queue (workers/grading/recovery.ts).
import { eq } from "drizzle-orm";
import { getDb } from "../../core/db/client";
import { gradingJobs } from "../../core/db/schema";
import { jobStub } from "../../core/jobs/stub";

export async function wakeUnfinishedJobs(env: Env): Promise<number> {
  // Across all teachers on purpose: this is the platform's own sweep, not a teacher's query.
  const jobs = await getDb(env.DB).select({ id: gradingJobs.id }).from(gradingJobs).where(eq(gradingJobs.status, "processing")).limit(500);
  await Promise.all(jobs.map((job) => jobStub(env, job.id).status()));
  return jobs.length;
}
