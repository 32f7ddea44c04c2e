// Tests drive both workers joined into one (tests/integration/wrangler.toml), so their Env has every binding
// of both, plus what only tests bind (the migrations the pool applies). The workers' own Env types are generated
// (`npm run types`); tests/unit/architecture/wrangler-config.test.ts keeps the three wrangler.toml files in step.
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
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    GOOGLE_TOKEN_KEY?: string;
    GOOGLE_TOKEN_KEY_ID?: string;
    GOOGLE_TOKEN_KEY_PREVIOUS?: string;
    GOOGLE_TOKEN_KEY_PREVIOUS_ID?: string;
    GOOGLE_ENDPOINTS_BASE?: string;
    GRADING_PROVIDER?: string;
    GRADING_MODEL?: string;
    GRADING_STALL_SECONDS?: string;
    OPENAI_API_KEY?: string;
    OPENAI_BASE_URL?: string;
    ANTHROPIC_API_KEY?: string;
    ANTHROPIC_BASE_URL?: string;
    VISION_READER?: string;
    VISION_MODEL?: string;
    VISION_READER_MODE?: string;
    AI?: Ai;
    VISION_READER?: string;
    VISION_MODEL?: string;
    VISION_READER_MODE?: string;
    MAIL_PROVIDER?: string;
    MAIL_FROM?: string;
    MAIL_API_URL?: string;
    MAIL_API_KEY?: string;
    EMAIL?: { send(message: { from: string; to: string; subject: string; text: string }): Promise<unknown> };
    APP_URL?: string;
    DEV_MAIL?: string;
    TEST_MIGRATIONS?: D1Migration[];
  }
  namespace Cloudflare {
    interface Env extends globalThis.Env {}
  }
}

export {};
