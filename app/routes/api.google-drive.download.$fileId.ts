import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { withDrive } from "~/server/google/api.server";
import { downloadFile } from "~/server/google/drive.server";

/** GET /api/google-drive/download/{fileId}: the file's bytes (Google Docs exported as Word or PDF). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withDrive(request, context, "Failed to download file", async (drive) => {
    const file = await downloadFile(drive.config, drive.accessToken, params.fileId ?? "");
    return new Response(file.body, {
      headers: {
        "Content-Type": file.mimeType,
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
