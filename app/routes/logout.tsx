import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getAuth } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { clearSessionCookie, invalidateSession } from "~/server/session.server";

export async function loader() {
  return redirect("/login");
}

/** Ends the session and goes to /login, whatever state the session was in. */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await getAuth(request, context);
  if (auth) await invalidateSession(getDb(context.cloudflare.env.DB), auth.sessionId);
  return redirect("/login", { headers: { "Set-Cookie": await clearSessionCookie(request) } });
}
