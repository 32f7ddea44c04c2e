// Sign-in throttling per account and per address, counted in D1 over a fixed window.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { loginAttempts } from "../../core/db/schema";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export function throttleKeys(email: string, address: string) {
  return { account: `account:${email.toLowerCase()}`, address: `address:${address}` };
}

/** Minutes to wait, or 0 when sign-in may be tried. */
export async function signInWaitMinutes(db: Db, keys: { account: string; address: string }): Promise<number> {
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [keys.account, keys.address]));
  const now = Date.now();
  let wait = 0;
  for (const row of rows) {
    const limit = row.key === keys.account ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_ADDRESS;
    const endsAt = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
    if (row.failures >= limit && endsAt > now) wait = Math.max(wait, Math.ceil((endsAt - now) / 60000));
  }
  return wait;
}

export function throttledMessage(minutes: number): string {
  return `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export async function recordSignInFailure(db: Db, keys: { account: string; address: string }) {
  const now = new Date();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of [keys.account, keys.address]) {
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStartedAt} < ${windowStart.getTime()} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginAttempts.windowStartedAt} < ${windowStart.getTime()} then ${now.getTime()} else ${loginAttempts.windowStartedAt} end`,
        },
      });
  }
}

export async function clearSignInFailures(db: Db, keys: { account: string }) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.account));
}
