import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { assignmentForApi } from "~/server/assignments.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed } from "~/server/http.server";

export const action = () => methodNotAllowed(["GET"]);

/** The assignment with its submissions and, per question, the key, the answer read, points and feedback. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const assignment = await assignmentForApi(getDb(context.cloudflare.env.DB), teacher.id, params.id ?? "");
  if (!assignment) return apiError(404, "Assignment not found.");
  return jsonResponse({ assignment });
}
