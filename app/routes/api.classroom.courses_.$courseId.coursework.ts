import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { classroomApi } from "~/server/classroom/handlers.server";

/** GET /api/classroom/courses/{courseId}/coursework: the course's published coursework and what each became. */
export const loader = (args: LoaderFunctionArgs) => classroomApi.courseWork(args);
