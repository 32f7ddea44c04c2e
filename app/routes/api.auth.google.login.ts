import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, jsonResponse } from "~/server/http.server";
import { startGoogle } from "~/server/google/flows.server";

/** GET /api/auth/google/login: the authorization_url the browser navigates to (spec section 7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const start = await startGoogle(request, context, "login", { redirectTo: new URL(request.url).searchParams.get("redirectTo") });
  if (!start.config) return apiError(404, "Google sign-in is not set up on this server.");
  return jsonResponse({ authorization_url: start.location }, { headers: { "Set-Cookie": start.cookie! } });
}
