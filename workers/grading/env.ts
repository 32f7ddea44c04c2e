// The grading worker's settings, parsed once (core/env.ts): which model grades and writes feedback, and the
// key or binding that model needs. A wrong provider name or a hosted provider without its key is an error
// with the setting's name in it, never a silent fall back to the local engines.
import { z } from "zod";
import { parseEnv } from "../../core/env";

const PROVIDERS = ["local", "workers-ai", "openai", "anthropic"] as const;
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

export const GradingSettings = z
  .object({
    GRADING_PROVIDER: z
      .string()
      .optional()
      .transform((value) => value?.trim().toLowerCase() || "local")
      .pipe(z.enum(PROVIDERS, { error: (issue) => `Unknown GRADING_PROVIDER "${String(issue.input)}": use ${PROVIDERS.join(", ")}.` })),
    GRADING_MODEL: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalText.pipe(z.url({ error: "OPENAI_BASE_URL must be a URL." }).optional()),
    ANTHROPIC_API_KEY: optionalText,
    ANTHROPIC_BASE_URL: optionalText.pipe(z.url({ error: "ANTHROPIC_BASE_URL must be a URL." }).optional()),
    AI: z.unknown().optional(),
  })
  .superRefine((env, ctx) => {
    const need = (ok: unknown, message: string) => ok || ctx.addIssue({ code: "custom", message });
    if (env.GRADING_PROVIDER === "openai") need(env.OPENAI_API_KEY, "GRADING_PROVIDER=openai needs OPENAI_API_KEY.");
    if (env.GRADING_PROVIDER === "anthropic") need(env.ANTHROPIC_API_KEY, "GRADING_PROVIDER=anthropic needs ANTHROPIC_API_KEY.");
    if (env.GRADING_PROVIDER === "workers-ai") need(env.AI, "GRADING_PROVIDER=workers-ai needs the AI binding in the grading worker.");
  });

export type GradingSettings = z.infer<typeof GradingSettings>;

/** The parsed settings; throws a ConfigError naming every problem. */
export function gradingSettings(env: Env): GradingSettings {
  return parseEnv(GradingSettings, env, "grading");
}
