import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { apiError } from "~/server/http.server";
import { findTeacherFile } from "~/server/submissions.server";

/** An uploaded file (a student's pages, a key), only for its own teacher; shown inline on the review page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const env = context.cloudflare.env;
  const file = await findTeacherFile(getDb(env.DB), teacher.id, params.id ?? "");
  const object = file ? await env.UPLOADS.get(file.r2Key) : null;
  if (!file || !object) return apiError(404, "File not found.");
  const download = new URL(request.url).searchParams.has("download");
  return new Response(object.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `${download ? "attachment" : "inline"}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
