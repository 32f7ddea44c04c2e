import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/**
 * Google sign-in. The OAuth flow (arctic, PKCE, state cookie) is not built yet, so the teacher is sent back to
 * the form, which explains that Google sign-in is not set up on this server: never a dead click.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const intent = new URL(request.url).searchParams.get("intent") === "register" ? "register" : "login";
  return redirect(`/${intent}?google=unavailable`);
}
