// The pipeline's door to the grading and feedback models. The embedded local engines are the default;
// hosted providers plug in through the engines' provider registry when configured.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { gradeSubmission, type GradeInput, type GradingResult } from "./engines";
import { createFeedbackModel } from "./engines/feedback-model";

export async function gradeWithProvider(_env: Env, input: GradeInput): Promise<GradingResult> {
  return gradeSubmission(input);
}

export function feedbackModelFor(_env: Env): LanguageModelV4 {
  return createFeedbackModel();
}
