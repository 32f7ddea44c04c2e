// The grading worker's rooms as the pipeline and the tools see them: reading (documents, images, OCR), answers (the key,
// the layout, the student's work), judging (grading and rubrics), and the feedback writer from the shared core.
export { detectFileType, UnsupportedFileError, ACCEPTED_FILE_KINDS, MIME_TYPES, type FileKind } from "../../core/files/file-type";
export { readDocument, getOcrEngine, MAX_DOCUMENT_BYTES, MAX_PAGES } from "./reading/read-document";
export { setOcrAssetLoader, type OcrAssetLoader } from "./reading/ocr/assets";
export type { OcrEngine } from "./reading/ocr/engine";
export type { PaddleAssets } from "./reading/ocr/paddle";
export { MAX_IMAGE_PIXELS, OCR_LONG_SIDE } from "./reading/images";
export { cropBoxes } from "./reading/crops";
export type {
  DocumentReading,
  PageReading,
  PageStrip,
  PrintedLayout,
  ReadLine,
  ReadWord,
  ReadingMethod,
  ReadOptions,
  BoundingBox,
} from "./reading/types";
export { parseAnswerKey, AnswerKeyError, keyNumberValues, type AnswerKey, type KeyQuestion } from "./answers/answer-key";
export { parseRubric, RubricError, type Rubric, type RubricCriterion } from "./judging/rubric";
export { extractStudentWork, extractFromReading, readingLines, type StudentWork, type StudentAnswer } from "./answers/student-work";
export { answerRegion } from "./answers/regions";
export { blankTemplate, findTemplate, studentWords, type WorksheetTemplate } from "./answers/template";
export { answerPlaces } from "./answers/answer-places";
export { gradeSubmission, LOCAL_PROVIDER, type GradeInput } from "./judging/grade";
export {
  GradingResult,
  QuestionResult,
  CriterionResult,
  GradingFlag,
  OverallFeedback,
  Assignment,
  REVIEW_CONFIDENCE,
  REVIEW_READING_CONFIDENCE,
} from "../../core/grading/result";
export { detectPromptInjection } from "./judging/injection";
export { solveQuestion } from "./judging/solver";
export { createFeedbackModel, streamFeedback, buildFeedbackPrompt, FEEDBACK_SYSTEM_PROMPT } from "../../core/feedback/feedback-model";
