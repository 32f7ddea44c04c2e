// The web worker's Env: the bindings `wrangler types` generated from wrangler.toml (worker-configuration.d.ts,
// `npm run types`), with the queue and the Durable Object typed by their messages and RPC methods, plus the
// secrets wrangler.toml cannot list. No grading-only binding (AI, provider keys) and nothing from tests.
import type { GradingJobNamespace } from "../core/jobs/stub";
import type { GradingMessage } from "../core/jobs/events";

declare global {
  interface Env extends Omit<WebBindings, "GRADING_QUEUE" | "GRADING_JOB" | "APP_NAME"> {
    GRADING_QUEUE: Queue<GradingMessage>;
    GRADING_JOB: GradingJobNamespace;
    APP_NAME?: string;
    /** Google sign-in; unset means "Google sign-in is not set up on this server". */
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    /** Mail (app/server/mail.server.ts): outbox (default), cloudflare or http. */
    MAIL_PROVIDER?: string;
    MAIL_FROM?: string;
    MAIL_API_URL?: string;
    MAIL_API_KEY?: string;
    /** Cloudflare Email Service's send_email binding, when MAIL_PROVIDER=cloudflare. */
    EMAIL?: { send(message: { from: string; to: string; subject: string; text: string }): Promise<unknown> };
    /** The public address of the app, used in links sent by mail; unset, the request's origin. */
    APP_URL?: string;
    /** "on" only under local `wrangler dev` (scripts/start.mjs, scripts/serve-test.mjs): enables /dev/mail. */
    DEV_MAIL?: string;
    /** AES-GCM key (32 bytes, base64) sealing Google Drive tokens at rest, its id, and the previous key while rotating. */
    GOOGLE_TOKEN_KEY?: string;
    GOOGLE_TOKEN_KEY_ID?: string;
    GOOGLE_TOKEN_KEY_PREVIOUS?: string;
    GOOGLE_TOKEN_KEY_PREVIOUS_ID?: string;
    /** Tests only: every Google endpoint on this origin (the fake Google), with Google's paths. */
    GOOGLE_ENDPOINTS_BASE?: string;
    /** Seconds a job may stay silent before its unfinished work is put back on the queue (default 120). */
    GRADING_STALL_SECONDS?: string;
  }
}

export {};
