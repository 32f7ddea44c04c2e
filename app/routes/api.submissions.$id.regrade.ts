import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { regrade, reviewAction } from "~/server/review-api.server";
import { RegradeBody } from "~/schemas/review";
import { getDb } from "../../core/db/client";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * Grade one submission again, from corrected text (`recognized_text`) or from its stored file, without uploading
 * it again. Overrides are kept unless `keep_overrides` is false. Also retries a failed submission.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = request.headers.get("Content-Length") === "0" ? RegradeBody.parse({}) : await readJsonBody(request, RegradeBody);
  const env = context.cloudflare.env;
  return reviewAction(async () => {
    const { jobId } = await regrade(env, getDb(env.DB), teacher, params.id ?? "", body);
    return jsonResponse({ job_id: jobId, status: "processing" }, 202);
  });
}
