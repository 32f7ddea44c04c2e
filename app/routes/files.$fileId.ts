import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "~/server/db/client.server";
import { findFile } from "~/server/jobs.server";

/** An uploaded file, streamed from R2 to the teacher who uploaded it (another teacher's file answers 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const file = await findFile(getDb(context.cloudflare.env.DB), teacher.id, params.fileId ?? "");
  const object = file ? await context.cloudflare.env.UPLOADS.get(file.r2Key) : null;
  if (!file || !object) throw new Response("Not found", { status: 404 });
  const download = new URL(request.url).searchParams.has("download");
  return new Response(object.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `${download ? "attachment" : "inline"}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
