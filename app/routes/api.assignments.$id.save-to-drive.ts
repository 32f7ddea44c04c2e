import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "../../core/db/client";
import { withDrive } from "~/server/google/api.server";
import { NothingToSaveError, saveAssignmentToDrive } from "~/server/google/save-to-drive.server";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/assignments/{id}/save-to-drive: graded reports (Word) and the grade CSV into the teacher's Drive. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return withDrive(request, context, "Failed to upload file", async (drive) => {
    try {
      const saved = await saveAssignmentToDrive(getDb(context.cloudflare.env.DB), drive, params.id ?? "");
      if (!saved) return apiError(404, "Assignment not found.");
      return jsonResponse({ status: "success", ...saved }, 201);
    } catch (error) {
      if (error instanceof NothingToSaveError) return apiError(409, error.message);
      throw error;
    }
  });
}
