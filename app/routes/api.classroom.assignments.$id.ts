import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { classroomApi } from "~/server/classroom/handlers.server";
import { methodNotAllowed } from "~/server/http.server";

/** GET: the assignment's Classroom state and each submission's sync state. */
export const loader = (args: LoaderFunctionArgs) => classroomApi.overview(args);

/** POST {action: "draft" | "return" | "post"}: send draft grades, return grades, or post the assignment to Classroom. */
export const action = (args: ActionFunctionArgs) => (args.request.method === "POST" ? classroomApi.sync(args) : methodNotAllowed(["POST"]));
