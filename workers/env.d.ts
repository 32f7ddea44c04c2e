// Bindings and configuration of both workers (wrangler.toml, workers/grading/wrangler.toml).
import type { D1Migration } from "cloudflare:test";
import type { GradingJobNamespace } from "../core/jobs/stub";
import type { GradingMessage } from "../core/jobs/events";

declare global {
  interface Env {
    DB: D1Database;
    UPLOADS: R2Bucket;
    GRADING_QUEUE: Queue<GradingMessage>;
    GRADING_JOB: GradingJobNamespace;
    APP_NAME?: string;
    /** Google sign-in; unset means "Google sign-in is not set up on this server". */
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    /** Grading model: local (default), workers-ai, openai or anthropic; see workers/grading/providers. */
    GRADING_PROVIDER?: string;
    GRADING_MODEL?: string;
    OPENAI_API_KEY?: string;
    OPENAI_BASE_URL?: string;
    ANTHROPIC_API_KEY?: string;
    ANTHROPIC_BASE_URL?: string;
    /** Workers AI, when bound (GRADING_PROVIDER=workers-ai). */
    AI?: Ai;
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
    /** Only in integration tests. */
    TEST_MIGRATIONS?: D1Migration[];
  }
  namespace Cloudflare {
    interface Env extends globalThis.Env {}
  }
}

export {};
