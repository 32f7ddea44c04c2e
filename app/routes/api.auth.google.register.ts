import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { googleCredentialAction } from "~/server/google/api.server";
import { methodNotAllowed } from "~/server/http.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/google/register {credential}: handled as login (spec section 7), creating the account if new. */
export const action = ({ request, context }: ActionFunctionArgs) => googleCredentialAction(request, context, "Google registration failed");
