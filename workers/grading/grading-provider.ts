// The pipeline's door to the grading and feedback models, chosen by configuration (GRADING_PROVIDER,
// GRADING_MODEL, keys; see workers/grading/providers). A misconfigured provider never stops grading: the
// embedded local engines take over and the results say so.
import { getGradingProvider, ProviderConfigError, type GradingProvider } from "./providers";

export function gradingProviderFor(env: Env): GradingProvider {
  try {
    return getGradingProvider(env);
  } catch (error) {
    if (!(error instanceof ProviderConfigError)) throw error;
    console.error(`${error.message} Grading with the local engines.`);
    return getGradingProvider({});
  }
}
