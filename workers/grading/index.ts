// Grading worker: the queue consumer (with its dead-letter queue) and the GradingJob Durable Object.
import "../../core/ai-sdk-in-workerd";
import { consumeBatch } from "./consumer";

export { GradingJob } from "./job-object";

export default {
  async queue(batch, env) {
    await consumeBatch(batch, env);
  },
} satisfies ExportedHandler<Env>;
