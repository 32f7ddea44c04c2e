// The web and grading workers joined into one worker for integration tests (see wrangler.toml beside this file).
import web from "../../workers/app";
import grading from "../../workers/grading/index";
import { asDelivery } from "./queue-deliveries";

export { GradingJob } from "../../workers/grading/index";

export default {
  fetch: web.fetch,
  scheduled: web.scheduled,
  // Each invocation marked as the delivery of its batch, so that its logs are told apart (queue-deliveries.ts).
  queue: (batch, env, ctx) => asDelivery(batch, () => (grading.queue as ExportedHandlerQueueHandler<Env>)(batch, env, ctx)),
} satisfies ExportedHandler<Env>;
