import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { likelyStudents, linkStudent, reviewAction, submissionForApi } from "~/server/review-api.server";
import { LinkStudentBody } from "~/schemas/review";
import { getDb } from "../../core/db/client";

/** Roster students whose names are most like the name on the paper, best first. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  return reviewAction(async () => {
    const matches = await likelyStudents(getDb(context.cloudflare.env.DB), teacher.id, params.id ?? "");
    return jsonResponse({ matches });
  });
}

/** Link (or relink) the paper to one of the teacher's students: {"student_id": "..."}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "POST") return methodNotAllowed(["GET", "PUT", "POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, LinkStudentBody);
  return reviewAction(async () => {
    const s = await linkStudent(getDb(context.cloudflare.env.DB), teacher, params.id ?? "", body.student_id);
    return jsonResponse({ submission: submissionForApi(s) });
  });
}
