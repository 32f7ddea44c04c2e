import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { withDrive } from "~/server/google/api.server";
import { DEFAULT_FOLDER_NAME, ensureFolder } from "~/server/google/drive.server";
import { jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";

// The spec's client also sends the Google access_token; Drive calls use the teacher's stored grant, so it is accepted and unused.
const Body = z.strictObject({
  folder_name: z.string().trim().max(200).optional(),
  parent_id: z.string().max(200).optional(),
  access_token: z.string().max(8192).optional(),
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/drive/create-folder {folder_name?}: the folder (default "Gradewell Assignments"), created when absent. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, Body);
  return withDrive(request, context, "Failed to create folder", async (drive) => {
    const folder = await ensureFolder(drive.config, drive.accessToken, body.folder_name || DEFAULT_FOLDER_NAME, body.parent_id);
    return jsonResponse(
      { status: "success", folder_id: folder.id, folder_name: folder.name, created: folder.created },
      folder.created ? 201 : 200,
    );
  });
}
