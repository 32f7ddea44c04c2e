import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { currentGradingResult, streamRewrittenFeedback } from "~/server/feedback.server";
import { apiError, methodNotAllowed } from "~/server/http.server";
import { consume, RateLimitError, rateLimitResponse } from "~/server/rate-limit.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Streams feedback written again from the submission's current scores (text stream, read by useCompletion). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  try {
    await consume(db, "feedbackRewrite", teacher.id);
  } catch (error) {
    if (error instanceof RateLimitError) return rateLimitResponse(error);
    throw error;
  }
  const current = await currentGradingResult(db, teacher.id, params.id ?? "");
  if (!current) return apiError(404, "Graded submission not found.");
  return streamRewrittenFeedback(current, request.signal).toTextStreamResponse();
}
