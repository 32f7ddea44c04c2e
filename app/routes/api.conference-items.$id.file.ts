import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { conferenceItemFile } from "~/server/conference.server";
import { getDb } from "../../core/db/client";
import { apiError } from "~/server/http.server";

/** The file of a conference item (cookie or bearer); another teacher's item is 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const env = context.cloudflare.env;
  const found = await conferenceItemFile(getDb(env.DB), env.UPLOADS, teacher.id, params.id!);
  if (!found) return apiError(404, "File not found.");
  const download = new URL(request.url).searchParams.get("download") === "1";
  const name = (found.item.fileName ?? "file").replace(/["\\\r\n]/g, "_");
  return new Response(found.object.body, {
    headers: {
      "Content-Type": found.item.fileType ?? "application/octet-stream",
      "Content-Length": String(found.object.size),
      "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(found.item.fileName ?? "file")}`,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
