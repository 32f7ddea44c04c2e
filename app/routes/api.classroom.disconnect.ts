import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { classroomApi } from "~/server/classroom/handlers.server";
import { methodNotAllowed } from "~/server/http.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/classroom/disconnect: revokes the Google grant at Google and forgets it. */
export const action = (args: ActionFunctionArgs) =>
  args.request.method === "POST" ? classroomApi.disconnect(args) : methodNotAllowed(["POST"]);
