import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { apiError, methodNotAllowed } from "~/server/http.server";
import { findJob } from "~/server/jobs.server";
import { jobStub } from "../../core/jobs/stub";

export const action = () => methodNotAllowed(["GET"]);

/** Server-Sent Events from the job's Durable Object, resumable with Last-Event-ID; only for the job's teacher. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const job = await findJob(getDb(context.cloudflare.env.DB), teacher.id, params.jobId ?? "");
  if (!job) return apiError(404, "Grading job not found.");
  const url = new URL(request.url);
  const headers = new Headers();
  const lastEventId = request.headers.get("Last-Event-ID") ?? url.searchParams.get("lastEventId");
  if (lastEventId) headers.set("Last-Event-ID", lastEventId);
  return jobStub(context.cloudflare.env, job.id).fetch(new Request("https://job/events", { headers, signal: request.signal }));
}
