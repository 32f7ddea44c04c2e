// Changing the sign-in e-mail: the new address must confirm by a single-use link; the old one is told.
import { eq } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { teachers, type Teacher } from "../../core/db/schema";
import { emailChangeMail, emailChangeNoticeMail } from "./account-mail.server";
import { consumeAccountToken, issueAccountToken } from "./account-tokens.server";
import { getMailer } from "./mail.server";
import { verifyPassword } from "./password.server";
import { DUPLICATE_EMAIL_MESSAGE } from "./teachers.server";

import { EMAIL_LINK_INVALID } from "../schemas/account";

export { EMAIL_LINK_INVALID };
export const WRONG_PASSWORD = "Current password is incorrect";

export async function requestEmailChange(
  env: Env,
  db: Db,
  teacher: Teacher,
  input: { newEmail: string; password?: string; origin: string },
): Promise<{ ok: true } | { error: string; field: "newEmail" | "password" }> {
  const newEmail = input.newEmail.toLowerCase();
  if (teacher.passwordHash && !(await verifyPassword(input.password ?? "", teacher.passwordHash))) {
    return { error: WRONG_PASSWORD, field: "password" };
  }
  if (newEmail === teacher.email) return { error: "That is already your e-mail address.", field: "newEmail" };
  const taken = await db.query.teachers.findFirst({ where: eq(teachers.email, newEmail), columns: { id: true } });
  if (taken) return { error: DUPLICATE_EMAIL_MESSAGE, field: "newEmail" };
  const token = await issueAccountToken(db, { teacherId: teacher.id, purpose: "email_change", newEmail });
  const mailer = getMailer(env);
  await mailer.send(emailChangeMail({ to: newEmail, teacherId: teacher.id, link: `${input.origin}/confirm-email/${token}` }));
  await mailer.send(emailChangeNoticeMail({ to: teacher.email, teacherId: teacher.id, newEmail }));
  return { ok: true };
}

export async function confirmEmailChange(db: Db, token: string): Promise<{ ok: true; email: string } | { error: string }> {
  const used = await consumeAccountToken(db, token, "email_change");
  if (!used?.newEmail) return { error: EMAIL_LINK_INVALID };
  try {
    await db.update(teachers).set({ email: used.newEmail, updatedAt: new Date() }).where(eq(teachers.id, used.teacherId));
  } catch (error) {
    // Someone registered the address between the request and the confirmation: the unique index decides.
    if (String(error).includes("UNIQUE")) return { error: DUPLICATE_EMAIL_MESSAGE };
    throw error;
  }
  return { ok: true, email: used.newEmail };
}
