import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse } from "~/server/http.server";
import { findJob, jobStatus } from "~/server/jobs.server";

/** Polling (spec section 7): status processing | completed | failed, and results.average_score. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const job = await findJob(getDb(context.cloudflare.env.DB), teacher.id, params.jobId ?? "");
  if (!job) return apiError(404, "Grading job not found.");
  return jsonResponse(await jobStatus(context.cloudflare.env, job));
}
