import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { ownAnswerCropKey } from "~/server/answer-crops.server";
import { apiError, methodNotAllowed } from "~/server/http.server";
import { getDb } from "../../core/db/client";

export const action = () => methodNotAllowed(["GET"]);

/**
 * The crop of the student's answer to one question, as the grading worker cut it from the page: a small PNG, only
 * for its teacher. Revalidated by its ETag, since a regrade cuts it again.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const env = context.cloudflare.env;
  const key = await ownAnswerCropKey(getDb(env.DB), teacher.id, params.id ?? "", params.number ?? "");
  const object = key ? await env.UPLOADS.get(key, { onlyIf: request.headers }) : null;
  if (!object) return apiError(404, "Crop not found.");
  const headers = {
    "Content-Type": "image/png",
    ETag: object.httpEtag,
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response((object as R2ObjectBody).body, { headers: { ...headers, "Content-Length": String(object.size) } });
}
