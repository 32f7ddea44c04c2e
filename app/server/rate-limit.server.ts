// Limits on the expensive paths, each a fixed-window counter in D1, answered with a clear 429.
// The figures are in the README's configuration table (docs/decisions/0010).
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { gradingJobs, rateLimits, submissions } from "../../core/db/schema";
import { ownedBy } from "../../core/db/scoped";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  quicksnap: { limit: 20, windowMs: MINUTE, what: "QuickSnap uploads" },
  feedbackRewrite: { limit: 10, windowMs: MINUTE, what: "feedback rewrites" },
  registration: { limit: 5, windowMs: HOUR, what: "new accounts from this address" },
  passwordReset: { limit: 5, windowMs: HOUR, what: "password reset requests for this e-mail" },
  passwordResetAddress: { limit: 20, windowMs: HOUR, what: "password reset requests from this address" },
} as const;

/** Submissions one teacher may have waiting or being graded at once. */
export const MAX_QUEUED_SUBMISSIONS = 200;

export type LimitName = keyof typeof LIMITS;

function wait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export class RateLimitError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Loopback or unknown: a local install, or a test; a deployment on Cloudflare always knows the address. */
export function isLocalAddress(address: string): boolean {
  return ["local", "127.0.0.1", "::1"].includes(address);
}

/** Counts one use of `name` by `who`; throws a RateLimitError (with its wait) once the window's limit is used up. */
export async function consume(db: Db, name: LimitName, who: string): Promise<void> {
  const { limit, windowMs, what } = LIMITS[name];
  const now = Date.now();
  const stale = now - windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${name}:${who}`, count: 1, windowStartedAt: new Date(now) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} < ${stale} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} < ${stale} then ${now} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning();
  if (row && row.count > limit) {
    const left = row.windowStartedAt.getTime() + windowMs - now;
    const per = windowMs === MINUTE ? "a minute" : "an hour";
    throw new RateLimitError(`Too many ${what}: at most ${limit} ${per}. Please try again in ${wait(left)}.`, Math.ceil(left / 1000));
  }
}

/** The JSON API's answer to a RateLimitError. */
export function rateLimitResponse(error: RateLimitError): Response {
  return new Response(JSON.stringify({ error: error.message }), {
    status: 429,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Retry-After": String(error.retryAfterSeconds),
      "Cache-Control": "no-store",
    },
  });
}

/** Refuses more work for a teacher who already has MAX_QUEUED_SUBMISSIONS submissions waiting or being graded. */
export async function ensureQueueRoom(db: Db, teacherId: string, adding: number): Promise<void> {
  const [row] = await db
    .select({ waiting: sql<number>`count(*)` })
    .from(submissions)
    .innerJoin(gradingJobs, eq(gradingJobs.id, submissions.jobId))
    .where(
      and(ownedBy(submissions, teacherId), eq(gradingJobs.status, "processing"), notInArray(submissions.status, ["graded", "failed"])),
    );
  const waiting = Number(row?.waiting ?? 0);
  if (waiting + adding > MAX_QUEUED_SUBMISSIONS) {
    throw new RateLimitError(
      `You have ${waiting} submissions waiting to be graded; at most ${MAX_QUEUED_SUBMISSIONS} can wait at once. Please try again when some have finished.`,
      60,
    );
  }
}
