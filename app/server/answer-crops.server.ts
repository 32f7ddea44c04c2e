// Serving answer crops: only to the teacher whose submission it is; anyone else (or a question without a crop) is
// answered 404, as for any other teacher's data. The crop is found by its key, not through its question row, so
// the live job page can show it while the submission's results are still being written.
import type { Db } from "../../core/db/client";
import { answerCropKey } from "../../core/files/answer-crop-keys";
import { findOwnSubmission } from "./review-api.server";

/** The R2 key of a question's crop, when the submission is the teacher's. */
export async function ownAnswerCropKey(db: Db, teacherId: string, submissionId: string, questionNumber: string): Promise<string | null> {
  if (!/^\d{1,4}$/.test(questionNumber)) return null;
  const submission = await findOwnSubmission(db, teacherId, submissionId);
  return submission ? answerCropKey(teacherId, submission.id, questionNumber) : null;
}
