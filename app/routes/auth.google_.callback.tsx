// Not nested under auth.google.tsx (the trailing underscore): that route's loader starts a new trip to Google.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { finishGoogle } from "~/server/google/flows.server";

/** Google's redirect URI (register `{origin}/auth/google/callback` in Google Cloud). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return finishGoogle(request, context);
}
