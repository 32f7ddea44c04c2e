// The pipeline's door to the grading and feedback models, chosen by configuration (GRADING_PROVIDER,
// GRADING_MODEL, keys; see workers/grading/providers). The settings are parsed once (workers/grading/env.ts):
// a misconfigured provider is a ConfigError that fails the submission with its message (docs/decisions/0007-b),
// never a quiet fall back to the local engines. A hosted model that errors at run time still gives way to the
// local result, flagged (docs/decisions/0002).
import { gradingSettings } from "./env";
import { getGradingProvider, type GradingProvider } from "./providers";

export function gradingProviderFor(env: Env): GradingProvider {
  const settings = gradingSettings(env);
  return getGradingProvider({ ...settings, AI: env.AI });
}
