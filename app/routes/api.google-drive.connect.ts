import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { startGoogle } from "~/server/google/flows.server";
import { jsonResponse } from "~/server/http.server";

/**
 * POST or GET /api/google-drive/connect: the authorization_url to open (a 500x600 popup on desktop). `popup=1`
 * ends the flow on a page that tells the opener and closes; otherwise Google returns to `redirectTo`.
 */
async function connect({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  await requireApiTeacher(request, context);
  const url = new URL(request.url);
  const start = await startGoogle(request, context, "drive", {
    popup: url.searchParams.get("popup") !== "0",
    redirectTo: url.searchParams.get("redirectTo"),
  });
  if (!start.config) {
    return jsonResponse({ status: "error", authorization_url: null, message: "Google Drive is not set up on this server." }, 503);
  }
  return jsonResponse(
    { status: "success", authorization_url: start.location, message: "Open the authorization URL to connect Google Drive." },
    { headers: { "Set-Cookie": start.cookie! } },
  );
}

export const loader = connect;
export const action = connect;
