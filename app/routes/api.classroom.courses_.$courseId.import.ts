import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { classroomApi } from "~/server/classroom/handlers.server";
import { methodNotAllowed } from "~/server/http.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/classroom/courses/{courseId}/import {class_id?, subject?, grade_level?}: the course as a class, with its roster. */
export const action = (args: ActionFunctionArgs) =>
  args.request.method === "POST" ? classroomApi.importCourse(args) : methodNotAllowed(["POST"]);
