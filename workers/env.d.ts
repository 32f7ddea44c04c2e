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
  }
}

export {};
