import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ChangePasswordBody } from "~/schemas/auth";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { apiError, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { changePassword } from "~/server/teachers.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Changes the password; every other session of the teacher ends (this one stays signed in). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const auth = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, ChangePasswordBody);
  const result = await changePassword(getDb(context.cloudflare.env.DB), auth, body.current_password, body.new_password);
  if ("error" in result) return apiError(400, result.error);
  return jsonResponse({ message: "Password changed. Other sessions have been signed out." });
}
