import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireTeacher } from "~/server/auth.server";
import { startGoogle } from "~/server/google/flows.server";
import type { FlowPurpose } from "~/server/google/oauth.server";

/**
 * Starts a trip to Google: sign in, sign up, link Google to the signed-in account, or connect Drive. Works without
 * JavaScript; when Google is not set up the teacher is sent back to a page that says so, never a dead click.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const intent = url.searchParams.get("intent");
  const purpose: FlowPurpose =
    intent === "register" || intent === "drive" || intent === "link" || intent === "classroom" ? intent : "login";
  if (purpose === "drive" || purpose === "link" || purpose === "classroom") await requireTeacher(request, context);
  const start = await startGoogle(request, context, purpose, {
    redirectTo: url.searchParams.get("redirectTo"),
    popup: url.searchParams.get("popup") === "1",
  });
  throw redirect(start.location, start.cookie ? { headers: { "Set-Cookie": start.cookie } } : undefined);
}
