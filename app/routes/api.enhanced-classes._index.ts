import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { listClasses, toClassJson } from "~/server/classes.server";
import { getDb } from "../../core/db/client";
import { jsonResponse, methodNotAllowed } from "~/server/http.server";

/** GET /api/enhanced-classes/: the classes list of spec section 3 ('Class (list)'), aggregates computed live. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const classes = await listClasses(getDb(context.cloudflare.env.DB), teacher.id);
  return jsonResponse(
    classes.map((c) => {
      const { id, name, subject, grade_level, student_count, assignment_count, average_score, class_code } = toClassJson(c);
      return { id, name, subject, grade_level, student_count, assignment_count, average_score, class_code };
    }),
  );
}

export const action = (_: ActionFunctionArgs) => methodNotAllowed(["GET"]);
