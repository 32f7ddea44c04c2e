// The grading worker's engines: reading documents, parsing keys and rubrics, grading, feedback.
export { detectFileType, UnsupportedFileError, ACCEPTED_FILE_KINDS, MIME_TYPES, type FileKind } from "../../../core/files/file-type";
export { readDocument, getOcrEngine, MAX_DOCUMENT_BYTES, MAX_PAGES } from "./read-document";
export { setOcrAssetLoader, type OcrAssetLoader } from "./ocr/assets";
export type { OcrEngine } from "./ocr/engine";
export type { PaddleAssets } from "./ocr/paddle";
export { MAX_IMAGE_PIXELS, OCR_LONG_SIDE } from "./images";
export type { DocumentReading, PageReading, ReadLine, ReadWord, ReadingMethod, ReadOptions, BoundingBox } from "./types";
export { parseAnswerKey, AnswerKeyError, type AnswerKey, type KeyQuestion } from "./answer-key";
export { parseRubric, RubricError, type Rubric, type RubricCriterion } from "./rubric";
export { extractStudentWork, type StudentWork, type StudentAnswer } from "./student-work";
export { gradeSubmission, LOCAL_PROVIDER, type GradeInput } from "./grade";
export {
  GradingResult,
  QuestionResult,
  CriterionResult,
  GradingFlag,
  OverallFeedback,
  Assignment,
  REVIEW_CONFIDENCE,
  REVIEW_READING_CONFIDENCE,
} from "../../../core/grading/result";
export { detectPromptInjection } from "./injection";
export { solveQuestion } from "./solver";
export { createFeedbackModel, streamFeedback, buildFeedbackPrompt, FEEDBACK_SYSTEM_PROMPT } from "../../../core/feedback/feedback-model";
