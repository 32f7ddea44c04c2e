import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ProfileBody } from "~/schemas/auth";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { toUserJson, updateProfile } from "~/server/teachers.server";

export const loader = () => methodNotAllowed(["PUT"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, ProfileBody);
  const updated = await updateProfile(getDb(context.cloudflare.env.DB), teacher.id, {
    name: body.name,
    username: body.username,
    schoolName: body.school_name,
    state: body.state,
    gradeLevel: body.grade_level,
  });
  return jsonResponse({ user: toUserJson(updated) });
}
