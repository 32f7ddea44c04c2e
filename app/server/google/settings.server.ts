// Settings → Google: what the panel shows, and unlinking / disconnecting.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../../core/db/client";
import type { Teacher } from "../../../core/db/schema";
import { unlinkGoogle } from "./accounts.server";
import { googleConfig } from "./config.server";
import { disconnectDrive, driveConnected } from "./drive-tokens.server";

const NOTICES: Record<string, string> = {
  linked: "Your Google account is now linked.",
  unlinked: "Google sign-in is unlinked.",
  failed: "Google login failed",
  connected: "Google Drive Connected",
  disconnected: "Google Drive is disconnected.",
  unavailable: "Google is not set up on this server.",
};

export async function googleAccountState(request: Request, context: AppLoadContext, teacher: Teacher) {
  const url = new URL(request.url);
  const flag =
    url.searchParams.get("google") ?? url.searchParams.get("drive") ?? (url.searchParams.get("drive_connected") ? "connected" : null);
  return {
    configured: googleConfig(context.cloudflare.env) !== null,
    linked: Boolean(teacher.googleSub),
    hasPassword: Boolean(teacher.passwordHash),
    driveConnected: await driveConnected(getDb(context.cloudflare.env.DB), teacher.id),
    notice: flag ? (NOTICES[flag] ?? null) : null,
  };
}

/** For pages that offer Drive: whether Google is set up here, and whether this teacher has connected Drive. */
export async function driveState(context: AppLoadContext, teacherId: string) {
  const configured = googleConfig(context.cloudflare.env) !== null;
  return { configured, driveConnected: configured && (await driveConnected(getDb(context.cloudflare.env.DB), teacherId)) };
}

export async function googleSettingsAction(request: Request, context: AppLoadContext, teacher: Teacher, intent: string): Promise<string> {
  const db = getDb(context.cloudflare.env.DB);
  if (intent === "disconnect-drive") {
    await disconnectDrive(db, googleConfig(context.cloudflare.env), request, teacher.id);
    return "/settings?drive=disconnected";
  }
  if (intent === "unlink") {
    const result = await unlinkGoogle(db, teacher.id);
    return "error" in result ? "/settings?google=failed" : "/settings?google=unlinked";
  }
  return "/settings";
}
