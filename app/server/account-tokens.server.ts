// Single-use links sent by mail (password reset, e-mail change). The link carries "<id>.<secret>"; the
// database keeps only SHA-256 of the secret, the link expires after 30 minutes and is deleted when used.
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { accountTokens } from "../../core/db/schema";
import { newToken, secretMatches, splitToken } from "./tokens.server";
import { identityOf } from "../../core/db/scoped";

export const ACCOUNT_LINK_TTL_MS = 30 * 60 * 1000;
export const ACCOUNT_LINK_TTL_LABEL = "30 minutes";

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];
export type AccountToken = typeof accountTokens.$inferSelect;

/** A new link for the teacher; earlier links of the same purpose stop working. */
export async function issueAccountToken(
  db: Db,
  input: { teacherId: string; purpose: AccountTokenPurpose; newEmail?: string; now?: Date },
): Promise<string> {
  const { id, token, secretHash } = newToken();
  const now = input.now ?? new Date();
  await db.batch([
    db.delete(accountTokens).where(and(identityOf(accountTokens, input.teacherId), eq(accountTokens.purpose, input.purpose))),
    db.insert(accountTokens).values({
      id,
      teacherId: input.teacherId,
      purpose: input.purpose,
      secretHash,
      newEmail: input.newEmail ?? null,
      expiresAt: new Date(now.getTime() + ACCOUNT_LINK_TTL_MS),
      createdAt: now,
    }),
  ]);
  return token;
}

/** The link's row when it is genuine and unexpired; an expired link is deleted on sight. */
export async function findAccountToken(db: Db, token: string, purpose: AccountTokenPurpose): Promise<AccountToken | null> {
  const parts = splitToken(token);
  if (!parts) return null;
  const row = await db.query.accountTokens.findFirst({ where: and(eq(accountTokens.id, parts.id), eq(accountTokens.purpose, purpose)) });
  if (!row || !secretMatches(parts.secret, row.secretHash)) return null;
  if (row.expiresAt.getTime() <= Date.now()) {
    await db.delete(accountTokens).where(eq(accountTokens.id, row.id));
    return null;
  }
  return row;
}

/** Uses the link up: answers its row once; a second use (even a concurrent one) answers null. */
export async function consumeAccountToken(db: Db, token: string, purpose: AccountTokenPurpose): Promise<AccountToken | null> {
  const row = await findAccountToken(db, token, purpose);
  if (!row) return null;
  const deleted = await db.delete(accountTokens).where(eq(accountTokens.id, row.id)).returning({ id: accountTokens.id });
  return deleted.length === 1 ? row : null;
}

export async function deleteExpiredAccountTokens(db: Db, now = new Date()) {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
}
