// "Forgot password?": a single-use link by mail. The request page answers the same whether or not the address
// has an account (the work happens after the answer, in waitUntil), requests are throttled per address and per
// e-mail with the sign-in throttle's counters, and a reset ends every session of the teacher.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb, type Db } from "../../core/db/client";
import { accountTokens, sessions, teachers } from "../../core/db/schema";
import { passwordResetMail, registrationAttemptMail } from "./account-mail.server";
import { consumeAccountToken, issueAccountToken } from "./account-tokens.server";
import { appOrigin, getMailer } from "./mail.server";
import { hashPassword } from "./password.server";
import { clearSignInFailures, recordSignInFailure, signInWaitMinutes, throttleKeys } from "./throttle.server";

import { RESET_LINK_INVALID } from "../schemas/account";

export { RESET_LINK_INVALID };

export function resetRequestedMessage(email: string): string {
  return `If an account exists for ${email}, we have sent it a link to reset the password. The link expires in 30 minutes.`;
}

export function resetThrottledMessage(minutes: number): string {
  return `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Throttle keys of their own, so reset requests never lock anyone out of signing in. */
export function resetThrottleKeys(email: string, address: string) {
  return { account: `reset:${email.toLowerCase()}`, address: `reset-address:${address}` };
}

/** Counts the request; answers the minutes to wait when there were too many, else 0. */
export async function throttleResetRequest(db: Db, email: string, address: string): Promise<number> {
  const keys = resetThrottleKeys(email, address);
  const wait = await signInWaitMinutes(db, keys);
  if (wait > 0) return wait;
  await recordSignInFailure(db, keys);
  return 0;
}

/** Sends the link when the address has an account; does nothing otherwise (the caller answers the same either way). */
export async function sendPasswordResetLink(env: Env, db: Db, email: string, origin: string): Promise<void> {
  const teacher = await db.query.teachers.findFirst({ where: eq(teachers.email, email.toLowerCase()), columns: { id: true, email: true } });
  if (!teacher) return;
  const token = await issueAccountToken(db, { teacherId: teacher.id, purpose: "password_reset" });
  await getMailer(env).send(passwordResetMail({ to: teacher.email, teacherId: teacher.id, link: `${origin}/reset-password/${token}` }));
}

/** Sets the new password if the link is good, then ends every session and every other link of the teacher. */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<{ ok: true; email: string } | { error: string }> {
  const passwordHash = await hashPassword(newPassword);
  const used = await consumeAccountToken(db, token, "password_reset");
  if (!used) return { error: RESET_LINK_INVALID };
  const [teacher] = await db.batch([
    db
      .update(teachers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(teachers.id, used.teacherId))
      .returning({ email: teachers.email }),
    db.delete(sessions).where(eq(sessions.teacherId, used.teacherId)),
    db.delete(accountTokens).where(and(eq(accountTokens.teacherId, used.teacherId), eq(accountTokens.purpose, "password_reset"))),
  ]);
  const email = teacher[0]?.email;
  if (!email) return { error: RESET_LINK_INVALID };
  await clearSignInFailures(db, throttleKeys(email, ""));
  return { ok: true, email };
}

/** Someone tried to register with an address that has an account: its owner is told (nothing else happens). */
export async function notifyRegistrationAttempt(env: Env, db: Db, email: string, origin: string): Promise<void> {
  const teacher = await db.query.teachers.findFirst({ where: eq(teachers.email, email.toLowerCase()), columns: { id: true, email: true } });
  if (!teacher) return;
  await getMailer(env).send(registrationAttemptMail({ to: teacher.email, teacherId: teacher.id, origin }));
}

/** For the registration routes: tells the address's owner after the answer has gone out. */
export function notifyOwner(context: AppLoadContext, request: Request, email: string) {
  const { env, ctx } = context.cloudflare;
  ctx.waitUntil(
    notifyRegistrationAttempt(env, getDb(env.DB), email, appOrigin(env, request)).catch((error) =>
      console.error("Registration notice mail failed", error),
    ),
  );
}
