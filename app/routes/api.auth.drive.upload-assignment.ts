import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { decodeBase64 } from "@oslojs/encoding";
import { z } from "zod";
import { withDrive } from "~/server/google/api.server";
import { uploadFile } from "~/server/google/drive.server";
import { apiError, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";

const MAX_CONTENT = 10 * 1024 * 1024;
// The spec's client also sends the Google access_token; Drive calls use the teacher's stored grant, so it is accepted and unused.
const Body = z.strictObject({
  file_name: z.string().trim().min(1, "file_name is required").max(200),
  // Plain text, or a data: URL (data:<type>;base64,<bytes>) for binary files.
  file_content: z
    .string()
    .min(1, "file_content is required")
    .max(MAX_CONTENT * 2),
  folder_id: z.string().max(200).optional(),
  access_token: z.string().max(8192).optional(),
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/drive/upload-assignment {file_name, file_content, folder_id?}: saves a file to the teacher's Drive. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, Body);
  const dataUrl = body.file_content.match(/^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s);
  let content: Uint8Array | string = body.file_content;
  let mimeType = body.file_name.endsWith(".csv") ? "text/csv" : "text/plain";
  if (dataUrl) {
    try {
      content = decodeBase64(dataUrl[2]);
    } catch {
      return apiError(400, "file_content is not valid base64.");
    }
    mimeType = dataUrl[1];
  }
  if (content.length > MAX_CONTENT) return apiError(413, "Failed to upload file: the file is larger than 10 MB.");
  return withDrive(request, context, "Failed to upload file", async (drive) => {
    const file = await uploadFile(drive.config, drive.accessToken, { name: body.file_name, mimeType, content, folderId: body.folder_id });
    return jsonResponse({ status: "success", file_id: file.id, file_name: file.name, web_view_link: file.webViewLink ?? null }, 201);
  });
}
