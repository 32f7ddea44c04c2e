// The web and grading workers joined into one worker for integration tests (see wrangler.toml beside this file).
import web from "../../workers/app";
import grading from "../../workers/grading/index";

export { GradingJob } from "../../workers/grading/index";

export default {
  fetch: web.fetch,
  scheduled: web.scheduled,
  queue: grading.queue,
} satisfies ExportedHandler<Env>;
