// The web worker's settings, parsed once (core/env.ts) before the first request is served: a half-configured
// Google sign-in (an id without its secret) is an error naming the missing setting, not a broken button.
import { z } from "zod";
import { parseEnv } from "../../core/env";

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

export const WebSettings = z
  .object({
    APP_NAME: optionalText.transform((value) => value ?? "Gradewell"),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: "custom", message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together." });
    }
  });

export type WebSettings = z.infer<typeof WebSettings>;

export function webSettings(env: Env): WebSettings {
  return parseEnv(WebSettings, env, "web");
}
