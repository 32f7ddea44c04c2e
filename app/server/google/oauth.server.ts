// Google's authorization code flow with PKCE and state (arctic's OAuth2Client, the client its Google provider
// wraps, given Google's endpoints from configuration so tests can point it at a fake Google). The state, the code
// verifier and what the flow is for travel in one short-lived HttpOnly cookie.
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, type OAuth2Tokens } from "arctic";
import { appCookie } from "../cookies.server";
import type { GoogleConfig } from "./config.server";

export const SIGN_IN_SCOPES = ["openid", "email", "profile"];
/** drive.file to write reports; drive.readonly because Gradewell's own file browser lists the teacher's folders (docs/decisions/0013). */
export const DRIVE_SCOPES = [
  "openid",
  "email",
  "https://www.googleapis.com/auth/drive.file",
  "https://www.googleapis.com/auth/drive.readonly",
];

/**
 * Asked only when the teacher connects Google Classroom, on top of what was granted before (incremental
 * authorization): courses and rosters to read, students' e-mails, coursework and grades, and the students' files
 * (plus drive.file, so that the one grant also serves Drive's reports when Classroom was connected first).
 */
export const CLASSROOM_SCOPES = [
  "https://www.googleapis.com/auth/classroom.courses.readonly",
  "https://www.googleapis.com/auth/classroom.rosters.readonly",
  "https://www.googleapis.com/auth/classroom.profile.emails",
  "https://www.googleapis.com/auth/classroom.coursework.students",
  "https://www.googleapis.com/auth/drive.readonly",
  "https://www.googleapis.com/auth/drive.file",
];

const FLOW_COOKIE = "gw_google_flow";
const FLOW_TTL_SECONDS = 10 * 60;

export type FlowPurpose = "login" | "register" | "drive" | "link" | "classroom";
export type Flow = { state: string; codeVerifier: string; purpose: FlowPurpose; redirectTo: string; popup: boolean };

export function redirectUri(request: Request): string {
  return `${new URL(request.url).origin}/auth/google/callback`;
}

function client(config: GoogleConfig, request: Request) {
  return new OAuth2Client(config.clientId, config.clientSecret, redirectUri(request));
}

const flowCookie = appCookie(FLOW_COOKIE, { path: "/auth/google", maxAge: FLOW_TTL_SECONDS });

/** The URL to send the browser to, and the cookie that remembers the flow until Google sends it back. */
export async function startFlow(config: GoogleConfig, request: Request, input: Omit<Flow, "state" | "codeVerifier">) {
  const flow: Flow = { ...input, state: generateState(), codeVerifier: generateCodeVerifier() };
  const scopes =
    input.purpose === "drive" ? DRIVE_SCOPES : input.purpose === "classroom" ? ["openid", "email", ...CLASSROOM_SCOPES] : SIGN_IN_SCOPES;
  const url = client(config, request).createAuthorizationURLWithPKCE(
    config.endpoints.authorization,
    flow.state,
    CodeChallengeMethod.S256,
    flow.codeVerifier,
    scopes,
  );
  if (input.purpose === "drive" || input.purpose === "classroom") {
    // A refresh token, so Drive keeps working after the hour an access token lasts.
    url.searchParams.set("access_type", "offline");
    url.searchParams.set("prompt", "consent");
    url.searchParams.set("include_granted_scopes", "true");
  } else {
    url.searchParams.set("prompt", "select_account");
  }
  return { url: url.toString(), cookie: await flowCookie.write(request, flow) };
}

export function clearFlowCookie(request: Request): Promise<string> {
  return flowCookie.clear(request);
}

export async function readFlow(request: Request): Promise<Flow | null> {
  const flow = (await flowCookie.read(request)) as Partial<Flow> | null;
  return flow && typeof flow.state === "string" && typeof flow.codeVerifier === "string" ? (flow as Flow) : null;
}

export class GoogleFlowError extends Error {}

/** Checks state against the cookie, then trades the code (with the PKCE verifier) for Google's tokens. */
export async function finishFlow(config: GoogleConfig, request: Request): Promise<{ flow: Flow; tokens: OAuth2Tokens }> {
  const url = new URL(request.url);
  const flow = await readFlow(request);
  if (url.searchParams.get("error"))
    throw new GoogleFlowError(
      url.searchParams.get("error") === "access_denied" ? "Google access was not granted." : "Google sign-in failed.",
    );
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  if (!flow || !code || !state || state !== flow.state)
    throw new GoogleFlowError("The Google sign-in expired or did not start here. Please try again.");
  try {
    const tokens = await client(config, request).validateAuthorizationCode(config.endpoints.token, code, flow.codeVerifier);
    return { flow, tokens };
  } catch {
    throw new GoogleFlowError("Google did not accept the sign-in. Please try again.");
  }
}

export function googleOAuthClient(config: GoogleConfig, request: Request) {
  return client(config, request);
}
