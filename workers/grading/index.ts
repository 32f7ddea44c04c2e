// Grading worker: the queue consumer (with its dead-letter queue) and the GradingJob Durable Object.
import "../../core/ai-sdk-in-workerd";
import { consume, consumeDeadLetter } from "./consumer";

export { GradingJob } from "./job-object";

export default {
  async queue(batch, env) {
    const handle = batch.queue.endsWith("-dlq") ? consumeDeadLetter : consume;
    await Promise.all(batch.messages.map((message) => handle(message, env)));
  },
} satisfies ExportedHandler<Env>;
