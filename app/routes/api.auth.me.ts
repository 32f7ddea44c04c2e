import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { jsonResponse } from "~/server/http.server";
import { toUserJson } from "~/server/teachers.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  return jsonResponse({ user: toUserJson(teacher) });
}
