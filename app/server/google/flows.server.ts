// What the web routes do with Google: start a flow, finish it (sign in, sign up, link, or connect Drive), and the
// ID-token sign-in of the JSON API. Routes stay thin; this is where the account rules meet the protocol.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../../core/db/client";
import type { Teacher } from "../../../core/db/schema";
import { getAuth, safeRedirectPath } from "../auth.server";
import { createBrowserSession, sessionCookie } from "../session.server";
import { clearPendingLinkCookie, linkGoogle, pendingLinkCookie, readPendingLink, resolveGoogleAccount } from "./accounts.server";
import { googleConfig, type GoogleConfig } from "./config.server";
import { saveDriveTokens } from "./drive-tokens.server";
import { GoogleIdTokenError, verifyGoogleIdToken } from "./id-token.server";
import { clearFlowCookie, finishFlow, GoogleFlowError, startFlow, type FlowPurpose } from "./oauth.server";

export function requireGoogleConfig(context: AppLoadContext): GoogleConfig | null {
  return googleConfig(context.cloudflare.env);
}

/** Where a purpose comes back to when Google is not set up or the flow fails. */
function fallback(purpose: FlowPurpose, flag: "unavailable" | "failed" | "link", popup = false) {
  if (purpose === "drive") return popup ? `/auth/google/done?drive=${flag}` : `/settings?drive=${flag}`;
  if (purpose === "classroom") return `/classroom?classroom=${flag}`;
  if (purpose === "link") return `/settings?google=${flag}`;
  return `/${purpose}?google=${flag}`;
}

export async function startGoogle(
  request: Request,
  context: AppLoadContext,
  purpose: FlowPurpose,
  options: { redirectTo?: string | null; popup?: boolean } = {},
) {
  const config = requireGoogleConfig(context);
  if (!config) return { config: null, location: fallback(purpose, "unavailable", options.popup), cookie: null };
  const { url, cookie } = await startFlow(config, request, {
    purpose,
    redirectTo: safeRedirectPath(
      options.redirectTo ?? null,
      purpose === "drive" ? "/add-assignment" : purpose === "classroom" ? "/classroom" : "/dashboard",
    ),
    popup: Boolean(options.popup),
  });
  return { config, location: url, cookie };
}

/** Google's redirect back: every outcome is a redirect with the flow cookie cleared. */
export async function finishGoogle(request: Request, context: AppLoadContext): Promise<Response> {
  const headers = new Headers({ "Set-Cookie": await clearFlowCookie(request) });
  const config = requireGoogleConfig(context);
  if (!config) throw redirect("/login?google=unavailable", { headers });
  let result;
  try {
    result = await finishFlow(config, request);
  } catch (error) {
    console.warn("Google flow failed:", error instanceof GoogleFlowError ? error.message : error);
    throw redirect("/login?google=failed", { headers });
  }
  const { flow, tokens } = result;
  const db = getDb(context.cloudflare.env.DB);
  let identity;
  try {
    identity = await verifyGoogleIdToken(config, tokens.idToken());
  } catch (error) {
    console.warn("Google ID token refused:", error instanceof GoogleIdTokenError ? error.message : error);
    throw redirect(fallback(flow.purpose, "failed", flow.popup), { headers });
  }

  if (flow.purpose === "drive" || flow.purpose === "link" || flow.purpose === "classroom") {
    const auth = await getAuth(request, context);
    if (!auth) throw redirect(`/login?redirectTo=${encodeURIComponent(flow.redirectTo)}`, { headers });
    if (flow.purpose === "link" || !auth.teacher.googleSub) {
      // Signed in and back from Google with this identity: that is the proof linking needs.
      const linked = await linkGoogle(db, auth.teacher.id, identity.sub);
      if ("error" in linked) throw redirect(fallback(flow.purpose, "failed", flow.popup), { headers });
    }
    if (flow.purpose === "drive" || flow.purpose === "classroom") {
      // Classroom's grant is the Drive grant widened (include_granted_scopes): one token row, sealed alike.
      await saveDriveTokens(db, config, auth.teacher.id, tokens);
      const flag = flow.purpose === "classroom" ? "classroom=connected" : "drive_connected=true";
      const back = flow.popup
        ? "/auth/google/done?drive=connected"
        : `${flow.redirectTo}${flow.redirectTo.includes("?") ? "&" : "?"}${flag}`;
      throw redirect(back, { headers });
    }
    throw redirect("/settings?google=linked", { headers });
  }

  const account = await resolveGoogleAccount(db, identity);
  if (account.kind === "needs_link") {
    headers.append("Set-Cookie", await pendingLinkCookie(request, config.clientSecret, identity));
    throw redirect(`/login?google=link&email=${encodeURIComponent(account.email)}`, { headers });
  }
  if (account.kind === "error") throw redirect(fallback(flow.purpose, "failed"), { headers });
  const session = await createBrowserSession(db, account.teacher.id, request.headers.get("User-Agent"));
  headers.append("Set-Cookie", await sessionCookie(request, session.token, session.expiresAt));
  headers.append("Set-Cookie", await clearPendingLinkCookie(request));
  throw redirect(flow.redirectTo, { headers });
}

/** After a password sign-in: links the Google identity waiting in the signed cookie when it is for this address. */
export async function linkPendingGoogle(request: Request, context: AppLoadContext, teacher: Teacher): Promise<string | null> {
  const config = requireGoogleConfig(context);
  if (!config) return null;
  const pending = await readPendingLink(request, config.clientSecret);
  if (!pending) return null;
  if (pending.email === teacher.email.toLowerCase()) await linkGoogle(getDb(context.cloudflare.env.DB), teacher.id, pending.sub);
  return clearPendingLinkCookie(request);
}

/** The JSON API's Google sign-in: a Google Identity Services credential (an ID token), verified like the flow's. */
export type CredentialSignIn = { error: string; status: 401 | 404 | 409 } | { teacher: Teacher; created: boolean };

export async function signInWithCredential(context: AppLoadContext, credential: string): Promise<CredentialSignIn> {
  const config = requireGoogleConfig(context);
  if (!config) return { error: "Google sign-in is not set up on this server.", status: 404 };
  let identity;
  try {
    identity = await verifyGoogleIdToken(config, credential);
  } catch (error) {
    return { error: error instanceof GoogleIdTokenError ? error.message : "The Google sign-in could not be verified.", status: 401 };
  }
  const account = await resolveGoogleAccount(getDb(context.cloudflare.env.DB), identity);
  if (account.kind === "needs_link") {
    return {
      error: "An account with this email already exists. Sign in with your password, then link Google in Settings.",
      status: 409 as const,
    };
  }
  if (account.kind === "error") return { error: account.message, status: 409 };
  return { teacher: account.teacher, created: account.created };
}
