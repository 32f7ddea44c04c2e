import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { googleCredentialAction } from "~/server/google/api.server";
import { methodNotAllowed } from "~/server/http.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/google/token {credential}: a Google ID token in, the same user and tokens as e-mail login out. */
export const action = ({ request, context }: ActionFunctionArgs) => googleCredentialAction(request, context, "Google login failed");
