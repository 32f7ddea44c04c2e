import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GOOGLE_NOT_CONFIGURED } from "~/components/google-button";
import { apiError } from "~/server/http.server";

/** GET /api/auth/google/login answers authorization_url once Google is configured (spec section 7). */
export async function loader(_: LoaderFunctionArgs) {
  return apiError(503, GOOGLE_NOT_CONFIGURED);
}
