// Sign-in throttling that slows guessing without locking the owner out (docs/decisions/0010-b):
// growing delays after a few failures, per account and per address, as the Copenhagen Book advises, and a
// device cookie: a browser the teacher signed in from before is throttled on its own, so neither an attacker
// hammering the account nor a busy school network (one address) can keep the owner out.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { knownDevices, loginAttempts, teachers } from "../../core/db/schema";
import { appCookie, readText } from "./cookies.server";
import { hashSecret } from "./tokens.server";

const SECOND = 1000;
export const MAX_DELAY_MS = 15 * 60 * SECOND;
/** Failures forgotten after a day without one. */
const FORGET_AFTER_MS = 24 * 60 * 60 * SECOND;
/** Failures allowed before delays begin: few for an account, many for an address (schools share one). */
export const FREE_FAILURES = { account: 3, address: 20, device: 10 } as const;
export const DEVICE_COOKIE = "gw_device";
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * SECOND;

type Kind = keyof typeof FREE_FAILURES;
export type ThrottleKeys = Partial<Record<Kind, string>>;

/** The delay after `failures` consecutive failures: none at first, then 5 s, 10 s, 20 s … up to 15 minutes. */
export function delayAfter(failures: number, kind: Kind): number {
  const over = failures - FREE_FAILURES[kind];
  return over <= 0 ? 0 : Math.min(MAX_DELAY_MS, 2 ** (over - 1) * 5 * SECOND);
}

/** The keys an attempt is counted under: its device's alone when the device is known for this account. */
export async function throttleKeys(db: Db, email: string, address: string, deviceToken: string | null): Promise<ThrottleKeys> {
  const device = deviceToken ? await knownDevice(db, email, deviceToken) : null;
  if (device) return { device: `device:${device}` };
  return { account: `account:${email.toLowerCase()}`, address: `address:${address}` };
}

async function knownDevice(db: Db, email: string, token: string): Promise<string | null> {
  const id = hashSecret(token);
  const row = await db
    .select({ email: teachers.email })
    .from(knownDevices)
    .innerJoin(teachers, eq(teachers.id, knownDevices.teacherId))
    .where(and(eq(knownDevices.id, id), gt(knownDevices.expiresAt, new Date())))
    .get();
  return row && row.email === email.toLowerCase() ? id : null;
}

/** Milliseconds before another attempt may be made, or 0. */
export async function signInWaitMs(db: Db, keys: ThrottleKeys): Promise<number> {
  const entries = Object.entries(keys) as [Kind, string][];
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(
      inArray(
        loginAttempts.key,
        entries.map(([, key]) => key),
      ),
    );
  const now = Date.now();
  let wait = 0;
  for (const [kind, key] of entries) {
    const row = rows.find((r) => r.key === key);
    // windowStartedAt holds the time of the latest failure.
    if (row) wait = Math.max(wait, row.windowStartedAt.getTime() + delayAfter(row.failures, kind) - now);
  }
  return Math.max(0, wait);
}

export function throttledMessage(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / SECOND));
  if (seconds < 120) return `Too many sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  return `Too many sign-in attempts. Please try again in ${Math.ceil(seconds / 60)} minutes.`;
}

export async function recordSignInFailure(db: Db, keys: ThrottleKeys) {
  const now = Date.now();
  const forget = now - FORGET_AFTER_MS;
  for (const key of Object.values(keys)) {
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStartedAt: new Date(now) })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStartedAt} < ${forget} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStartedAt: sql`${now}`,
        },
      });
  }
}

/** After a successful sign-in: the account's (or device's) failures are forgotten; the address keeps its count. */
export async function clearSignInFailures(db: Db, keys: ThrottleKeys) {
  const clear = [keys.account, keys.device].filter((k): k is string => Boolean(k));
  if (clear.length) await db.delete(loginAttempts).where(inArray(loginAttempts.key, clear));
}

/** Remembers this browser for the teacher; answers the token for the device cookie (a new one when needed). */
export async function rememberDevice(db: Db, teacherId: string, current: string | null, keys: ThrottleKeys): Promise<string> {
  const expiresAt = new Date(Date.now() + DEVICE_TTL_MS);
  if (current && keys.device) {
    await db
      .update(knownDevices)
      .set({ expiresAt })
      .where(eq(knownDevices.id, hashSecret(current)));
    return current;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  await db.insert(knownDevices).values({ id: hashSecret(token), teacherId, expiresAt });
  return token;
}

const device = appCookie(DEVICE_COOKIE, { maxAge: DEVICE_TTL_MS / 1000 });

export function readDeviceCookie(request: Request): Promise<string | null> {
  return readText(device, request, 200);
}

export function deviceCookie(request: Request, token: string): Promise<string> {
  return device.write(request, token);
}
