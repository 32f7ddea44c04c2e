// Outgoing mail behind one small interface, the provider chosen by configuration (MAIL_PROVIDER):
// - "outbox" (default): kept in D1's mail_outbox; a developer reads it at /dev/mail when running locally.
// - "cloudflare": Cloudflare Email Service through the `EMAIL` send_email binding.
// - "http": an HTTP mail API that takes {from, to, subject, text} as JSON with a bearer key (Resend's format):
//   MAIL_API_URL, MAIL_API_KEY.
// Why the outbox is the default and how /dev/mail stays local: docs/decisions/0011-accounts-and-privacy.md.
import { desc } from "drizzle-orm";
import { getDb, type Db } from "../../core/db/client";
import { mailOutbox } from "../../core/db/schema";
import { newId } from "./tokens.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The teacher the mail is about: deleting the account deletes the outbox copy too. */
  teacherId?: string | null;
};

export interface Mailer {
  readonly provider: string;
  send(message: MailMessage): Promise<void>;
}

/** The structured form of Cloudflare's send_email binding (Email Service). */
export type EmailBinding = NonNullable<Env["EMAIL"]>;

export const DEFAULT_MAIL_FROM = "Gradewell <no-reply@gradewell.app>";

export class MailConfigError extends Error {}

function outboxMailer(db: Db): Mailer {
  return {
    provider: "outbox",
    async send(message) {
      await db.insert(mailOutbox).values({
        id: newId(),
        teacherId: message.teacherId ?? null,
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

function cloudflareMailer(binding: EmailBinding | undefined, from: string): Mailer {
  if (!binding) throw new MailConfigError("MAIL_PROVIDER=cloudflare needs a send_email binding named EMAIL.");
  return {
    provider: "cloudflare",
    async send(message) {
      await binding.send({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

export function httpMailer(url: string | undefined, key: string | undefined, from: string, fetcher: typeof fetch = fetch): Mailer {
  if (!url || !key) throw new MailConfigError("MAIL_PROVIDER=http needs MAIL_API_URL and the MAIL_API_KEY secret.");
  return {
    provider: "http",
    async send(message) {
      const response = await fetcher(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text }),
      });
      if (!response.ok) throw new Error(`The mail API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    },
  };
}

export function getMailer(env: Env): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  switch (env.MAIL_PROVIDER ?? "outbox") {
    case "outbox":
      return outboxMailer(getDb(env.DB));
    case "cloudflare":
      return cloudflareMailer(env.EMAIL, from);
    case "http":
      return httpMailer(env.MAIL_API_URL, env.MAIL_API_KEY, from);
    default:
      throw new MailConfigError(`Unknown MAIL_PROVIDER "${env.MAIL_PROVIDER}": use outbox, cloudflare or http.`);
  }
}

/**
 * The address links in mail point at: APP_URL when set (so a forged Host header cannot redirect a reset link),
 * else the request's own origin.
 */
export function appOrigin(env: Env, request: Request): string {
  return env.APP_URL ? new URL(env.APP_URL).origin : new URL(request.url).origin;
}

/** /dev/mail exists only where `wrangler dev` was started with DEV_MAIL=on (scripts/start.mjs, the e2e server). */
export function devMailEnabled(env: Env): boolean {
  return env.DEV_MAIL === "on" && (env.MAIL_PROVIDER ?? "outbox") === "outbox";
}

export async function latestOutboxMail(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
}
