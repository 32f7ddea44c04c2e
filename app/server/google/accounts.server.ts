// Which teacher a verified Google identity is. A Google account already linked signs in; a new address gets a new
// account; an address that already has a password account is linked only after its password is proven (or from
// Settings while signed in), never silently by e-mail match.
import { eq } from "drizzle-orm";
import type { Db } from "../../../core/db/client";
import { settings, teachers, type Teacher } from "../../../core/db/schema";
import { appCookie } from "../cookies.server";
import { newId } from "../tokens.server";
import type { GoogleIdentity } from "./id-token.server";

export type GoogleAccountResult =
  { kind: "signed_in"; teacher: Teacher; created: boolean } | { kind: "needs_link"; email: string } | { kind: "error"; message: string };

export const GOOGLE_LINKED_ELSEWHERE = "This Google account is already linked to another Gradewell account.";

export async function resolveGoogleAccount(db: Db, identity: GoogleIdentity): Promise<GoogleAccountResult> {
  const linked = await db.query.teachers.findFirst({ where: eq(teachers.googleSub, identity.sub) });
  if (linked) return { kind: "signed_in", teacher: linked, created: false };
  const byEmail = await db.query.teachers.findFirst({ where: eq(teachers.email, identity.email), columns: { id: true } });
  if (byEmail) return { kind: "needs_link", email: identity.email };
  const id = newId();
  try {
    const [created] = await db.batch([
      db
        .insert(teachers)
        .values({ id, email: identity.email, name: identity.name, googleSub: identity.sub, passwordHash: null })
        .returning(),
      db.insert(settings).values({ teacherId: id }),
    ]);
    return { kind: "signed_in", teacher: created[0]!, created: true };
  } catch (error) {
    // Two sign-ups racing for one address or one Google account: the unique indexes decide; the next try signs in.
    if (String(error).includes("UNIQUE")) return { kind: "error", message: "Please try signing in with Google again." };
    throw error;
  }
}

/** Links a Google identity to a teacher who has proven who they are (password, or a signed-in session). */
export async function linkGoogle(db: Db, teacherId: string, sub: string): Promise<{ ok: true } | { error: string }> {
  const other = await db.query.teachers.findFirst({ where: eq(teachers.googleSub, sub), columns: { id: true } });
  if (other && other.id !== teacherId) return { error: GOOGLE_LINKED_ELSEWHERE };
  await db.update(teachers).set({ googleSub: sub, updatedAt: new Date() }).where(eq(teachers.id, teacherId));
  return { ok: true };
}

export async function unlinkGoogle(db: Db, teacherId: string): Promise<{ ok: true } | { error: string }> {
  const teacher = await db.query.teachers.findFirst({ where: eq(teachers.id, teacherId), columns: { passwordHash: true } });
  if (!teacher?.passwordHash) return { error: "Set a password before unlinking Google, or you could not sign in again." };
  await db.update(teachers).set({ googleSub: null, updatedAt: new Date() }).where(eq(teachers.id, teacherId));
  return { ok: true };
}

// The Google identity waiting to be linked travels in a signed cookie between the callback and the password form.
const LINK_COOKIE = "gw_google_link";
const LINK_TTL_SECONDS = 15 * 60;

/** Signed by Remix (HMAC SHA-256) with a key derived from the Google client secret; a forged value reads as absent. */
const linkCookie = (secret: string) => appCookie(LINK_COOKIE, { maxAge: LINK_TTL_SECONDS, secrets: [`gradewell-google-link:${secret}`] });

export function pendingLinkCookie(request: Request, secret: string, identity: GoogleIdentity): Promise<string> {
  const value = { sub: identity.sub, email: identity.email, exp: Date.now() + LINK_TTL_SECONDS * 1000 };
  return linkCookie(secret).write(request, value);
}

export function clearPendingLinkCookie(request: Request): Promise<string> {
  return linkCookie("").clear(request);
}

export async function readPendingLink(request: Request, secret: string): Promise<{ sub: string; email: string } | null> {
  const value = (await linkCookie(secret).read(request)) as { sub?: unknown; email?: unknown; exp?: unknown } | null;
  if (!value || typeof value.sub !== "string" || typeof value.email !== "string" || typeof value.exp !== "number") return null;
  return value.exp > Date.now() ? { sub: value.sub, email: value.email } : null;
}
