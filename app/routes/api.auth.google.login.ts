import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GOOGLE_NOT_CONFIGURED } from "~/components/google-button";
import { apiError } from "~/server/http.server";

/**
 * GET /api/auth/google/login answers authorization_url once Google is configured (spec section 7). Until then
 * it is a 404 with the reason: a feature this server does not offer, not a server failure (no 5xx for input).
 */
export async function loader(_: LoaderFunctionArgs) {
  return apiError(404, GOOGLE_NOT_CONFIGURED);
}
