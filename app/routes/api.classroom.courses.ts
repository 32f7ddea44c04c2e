import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { classroomApi } from "~/server/classroom/handlers.server";

/** GET /api/classroom/courses: the teacher's active Classroom courses, each with the class it is linked to. */
export const loader = (args: LoaderFunctionArgs) => classroomApi.courses(args);
