import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { withDrive } from "~/server/google/api.server";
import { listFiles } from "~/server/google/drive.server";
import { jsonResponse } from "~/server/http.server";

/** GET /api/google-drive/files?folder_id=&search=: {status, files, message, requires_auth}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const folderId = url.searchParams.get("folder_id")?.slice(0, 200) || null;
  const search = url.searchParams.get("search")?.slice(0, 200) || null;
  return withDrive(request, context, "Failed to load Google Drive files", async (drive) => {
    const files = await listFiles(drive.config, drive.accessToken, { folderId, search });
    return jsonResponse({
      status: "success",
      files,
      message: files.length ? `${files.length} files` : "No files found",
      requires_auth: false,
    });
  });
}
