// "Forgot password?": a single-use link by mail. The request page answers the same whether or not the address
// has an account (the work happens after the answer, in waitUntil), requests are limited per e-mail and per
// address (rate-limit.server.ts, never the sign-in throttle's counters), and a reset ends every session of the teacher.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb, type Db } from "../../core/db/client";
import { accountTokens, sessions, teachers } from "../../core/db/schema";
import { passwordResetMail, registrationAttemptMail } from "./account-mail.server";
import { consumeAccountToken, issueAccountToken } from "./account-tokens.server";
import { appOrigin, getMailer } from "./mail.server";
import { hashPassword } from "./password.server";
import { consume, isLocalAddress } from "./rate-limit.server";
import { clearSignInFailures } from "./throttle.server";

import { RESET_LINK_INVALID } from "../schemas/account";
import { identityOf } from "../../core/db/scoped";

export { RESET_LINK_INVALID };

export function resetRequestedMessage(email: string): string {
  return `If an account exists for ${email}, we have sent it a link to reset the password. The link expires in 30 minutes.`;
}

/** Counts the request per e-mail and per address; throws a RateLimitError (with its wait) when there were too many. */
export async function throttleResetRequest(db: Db, email: string, address: string): Promise<void> {
  await consume(db, "passwordReset", email.toLowerCase());
  if (!isLocalAddress(address)) await consume(db, "passwordResetAddress", address);
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
    db.delete(sessions).where(identityOf(sessions, used.teacherId)),
    db.delete(accountTokens).where(and(identityOf(accountTokens, used.teacherId), eq(accountTokens.purpose, "password_reset"))),
  ]);
  const email = teacher[0]?.email;
  if (!email) return { error: RESET_LINK_INVALID };
  // A new password: the account's failed sign-ins are forgotten (its devices and addresses keep theirs).
  await clearSignInFailures(db, { account: `account:${email.toLowerCase()}` });
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
