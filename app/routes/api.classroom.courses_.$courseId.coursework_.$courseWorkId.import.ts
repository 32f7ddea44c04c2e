import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { classroomApi } from "~/server/classroom/handlers.server";
import { methodNotAllowed } from "~/server/http.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/classroom/courses/{courseId}/coursework/{courseWorkId}/import: the coursework as an assignment with the turned-in work. */
export const action = (args: ActionFunctionArgs) =>
  args.request.method === "POST" ? classroomApi.importCourseWork(args) : methodNotAllowed(["POST"]);
