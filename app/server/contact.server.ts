// Contact messages: stored in D1 (contact_messages) for the team to answer, with two brakes on spam and floods:
// a honeypot field and a cap on messages per sender address and per e-mail address in the last hour.
import { and, count, eq, gt } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { ContactInput } from "~/schemas/contact";
import { HONEYPOT_FIELD } from "~/schemas/contact";
import type { Db } from "../../core/db/client";
import { contactMessages } from "../../core/db/schema";
import { newId } from "./tokens.server";

export const CONTACT_WINDOW_MS = 60 * 60 * 1000;
export const MAX_MESSAGES_PER_ADDRESS_PER_HOUR = 5;
export const MAX_MESSAGES_PER_EMAIL_PER_HOUR = 3;
export const CONTACT_THROTTLED_MESSAGE =
  "You have sent several messages in the last hour. Please wait a while before sending another, or email us directly.";

/**
 * The network address is kept only as a salted SHA-256 whose salt changes every day: enough to count one sender's
 * messages within the hour, not enough to follow anyone across days.
 */
export function hashAddress(address: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`gradewell-contact:${day}:${address}`)));
}

export type ContactOutcome = { status: "stored"; id: string } | { status: "ignored" } | { status: "throttled" };

export async function receiveContactMessage(db: Db, input: ContactInput, address: string, now = new Date()): Promise<ContactOutcome> {
  // A bot filled the invisible field: answer as if it worked, so it learns nothing, and keep nothing.
  if (input[HONEYPOT_FIELD]?.trim()) return { status: "ignored" };

  const ipHash = hashAddress(address, now);
  const email = input.email.toLowerCase();
  const since = new Date(now.getTime() - CONTACT_WINDOW_MS);
  const [byAddress, byEmail] = await db.batch([
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.ipHash, ipHash), gt(contactMessages.createdAt, since))),
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.email, email), gt(contactMessages.createdAt, since))),
  ]);
  if ((byAddress[0]?.n ?? 0) >= MAX_MESSAGES_PER_ADDRESS_PER_HOUR || (byEmail[0]?.n ?? 0) >= MAX_MESSAGES_PER_EMAIL_PER_HOUR) {
    return { status: "throttled" };
  }

  const id = newId();
  await db.insert(contactMessages).values({
    id,
    name: input.name,
    email,
    type: input.type,
    subject: input.subject,
    message: input.message,
    ipHash,
    createdAt: now,
  });
  return { status: "stored", id };
}
