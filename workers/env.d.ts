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
    /** Hosted vision reader for page images: off (default), workers-ai, openai or anthropic; see engines/ocr/vision.ts. */
    VISION_READER?: string;
    VISION_MODEL?: string;
    /** low-confidence (default) or every-page. */
    VISION_READER_MODE?: string;
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
