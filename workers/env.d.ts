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
    /** AES-GCM key (32 bytes, base64) sealing Google Drive tokens at rest, its id, and the previous key while rotating. */
    GOOGLE_TOKEN_KEY?: string;
    GOOGLE_TOKEN_KEY_ID?: string;
    GOOGLE_TOKEN_KEY_PREVIOUS?: string;
    GOOGLE_TOKEN_KEY_PREVIOUS_ID?: string;
    /** Tests only: every Google endpoint on this origin (the fake Google), with Google's paths. */
    GOOGLE_ENDPOINTS_BASE?: string;
    /** Grading model: local (default), workers-ai, openai or anthropic; see workers/grading/providers. */
    GRADING_PROVIDER?: string;
    GRADING_MODEL?: string;
    OPENAI_API_KEY?: string;
    OPENAI_BASE_URL?: string;
    ANTHROPIC_API_KEY?: string;
    ANTHROPIC_BASE_URL?: string;
    /** Workers AI, when bound (GRADING_PROVIDER=workers-ai). */
    AI?: Ai;
    /** Only in integration tests. */
    TEST_MIGRATIONS?: D1Migration[];
  }
  namespace Cloudflare {
    interface Env extends globalThis.Env {}
  }
}

export {};
