// The grading worker's Env: the bindings `wrangler types` generated from workers/grading/wrangler.toml
// (worker-configuration.d.ts, `npm run types`) plus the provider settings and secrets it reads (parsed once by
// workers/grading/env.ts). It consumes the grading queue, and the job's Durable Object puts unfinished work back on
// it after a crash (recovery.ts).
import type { GradingMessage } from "../../core/jobs/events";
import type { GradingJobNamespace } from "../../core/jobs/stub";

declare global {
  interface Env extends Omit<GradingBindings, "GRADING_JOB" | "GRADING_QUEUE"> {
    GRADING_JOB: GradingJobNamespace;
    GRADING_QUEUE: Queue<GradingMessage>;
    /** Seconds a job may stay silent before its unfinished work is put back on the queue (default 120). */
    GRADING_STALL_SECONDS?: string;
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
  }
}

export {};
