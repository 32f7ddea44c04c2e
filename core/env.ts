// The environment, parsed once per isolate with zod: a misspelled setting or a missing secret fails with a
// message that names it, instead of a worker quietly doing something else. Each worker has its own schema
// (workers/grading/env.ts, app/server/env.server.ts); this is the shared parse-and-remember step.
import type { z } from "zod";

export class ConfigError extends Error {
  /** The queue consumer fails such a submission at once: retrying cannot fix configuration. */
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const parsed = new WeakMap<object, Map<z.ZodType, unknown>>();

/** Parses `env` with `schema` the first time and remembers the result for that env object. */
export function parseEnv<S extends z.ZodType>(schema: S, env: object, worker: string): z.infer<S> {
  let byEnv = parsed.get(env);
  if (!byEnv) parsed.set(env, (byEnv = new Map()));
  if (byEnv.has(schema)) return byEnv.get(schema) as z.infer<S>;
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => issue.message).join(" ");
    throw new ConfigError(`The ${worker} worker's configuration is invalid: ${problems}`);
  }
  byEnv.set(schema, result.data);
  return result.data;
}
