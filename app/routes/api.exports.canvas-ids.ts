import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { CanvasIdsBody, setCanvasAssignmentIds } from "~/server/exports/canvas-ids.server";
import { apiError, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { CANVAS_ID_WARNING } from "~/lib/canvas-ids";

/**
 * POST /api/exports/canvas-ids: the Canvas assignment id of each of the teacher's assignments, so Canvas exports
 * head the column 'Title (id)'. JSON { "canvas_ids": { "<assignment id>": "4011" | "" } } or form fields
 * canvasId:<assignment id>. An empty value clears the id. The answer repeats what a wrong id does; Canvas exports
 * write a saved id only with ?ids=confirmed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  let ids: Record<string, string>;
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
    ids = (await readJsonBody(request, CanvasIdsBody)).canvas_ids;
  } else {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return apiError(415, "Send the Canvas ids as JSON (application/json) or as form fields.");
    }
    const fields = Object.fromEntries(
      [...form.entries()].filter(([k]) => k.startsWith("canvasId:")).map(([k, v]) => [k.slice("canvasId:".length), String(v)]),
    );
    const parsed = CanvasIdsBody.safeParse({ canvas_ids: fields });
    if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? "Invalid request.");
    ids = parsed.data.canvas_ids;
  }
  const saved = await setCanvasAssignmentIds(getDb(context.cloudflare.env.DB), teacher.id, ids);
  if (saved === null) return apiError(404, "Assignment not found.");
  return jsonResponse({ saved, warning: CANVAS_ID_WARNING });
}
