// The answer crops step of the pipeline (issue 30, step 7): each question's answer, cut from the cleaned page it
// was read on, kept in R2 under the teacher's prefix for the review screens and the API. A question without a
// region (a typed document, a hosted model's transcript, no answer) has no crop; a failed crop never fails grading.
import { answerCropKey } from "../../core/files/answer-crop-keys";
import { cropBoxes, type DocumentReading, type QuestionResult } from "./engines";

/** Cuts and stores the crops; answers each question's crop key (null when it has none). */
export async function keepAnswerCrops(
  bucket: R2Bucket,
  owner: { teacherId: string; submissionId: string },
  reading: DocumentReading,
  questions: readonly QuestionResult[],
): Promise<Map<number, string>> {
  const keys = new Map<number, string>();
  for (const page of reading.pages) {
    if (!page.strips?.length) continue;
    const onPage = questions.filter((q) => q.region?.page === page.number);
    if (!onPage.length) continue;
    let pngs: (Uint8Array | null)[];
    try {
      pngs = cropBoxes(
        { strips: page.strips, width: page.width, height: page.height },
        onPage.map((q) => q.region!),
      );
    } catch (error) {
      console.warn("Answer crops could not be cut:", error instanceof Error ? error.message : error);
      continue;
    }
    await Promise.all(
      onPage.map(async (q, i) => {
        const png = pngs[i];
        if (!png) return;
        const key = answerCropKey(owner.teacherId, owner.submissionId, q.number);
        await bucket.put(key, png, { httpMetadata: { contentType: "image/png" } });
        keys.set(q.number, key);
      }),
    );
  }
  // A regrade that finds no crop for a question (a corrected text, an answer gone) leaves no old crop behind.
  const stale = questions.filter((q) => !keys.has(q.number)).map((q) => answerCropKey(owner.teacherId, owner.submissionId, q.number));
  if (stale.length) await bucket.delete(stale);
  return keys;
}
