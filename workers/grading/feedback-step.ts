// The pipeline's feedback step: the provider's feedback streamed into the job's log a few tokens at a time.
// A hosted model that fails mid-stream is replaced by Gradewell's own writer, and the teacher is told so.
import type { DocumentReading, GradingResult } from "./engines";
import { getGradingProvider, type GradingProvider } from "./providers";
import type { JobEventSink } from "./results";

/** Feedback deltas are sent to the job's log a few tokens at a time: live enough to read, light on the log. */
const FEEDBACK_TOKENS_PER_EVENT = 3;

export type FeedbackInput = {
  submission: { id: string; studentName: string };
  attempt: number;
  result: GradingResult;
  reading: DocumentReading;
  assignment: Parameters<GradingProvider["streamFeedback"]>[0]["assignment"];
};

/** Streams the feedback to `sink` and answers the whole text. */
export async function writeFeedback(provider: GradingProvider, input: FeedbackInput, sink: JobEventSink): Promise<string> {
  const { submission, attempt, result, reading, assignment } = input;
  let feedback = "";
  let pending: string[] = [];
  let part = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const delta = pending.join("");
    pending = [];
    part += 1;
    await sink.append({ type: "feedback_delta", submissionId: submission.id, delta }, `feedback:${submission.id}:${attempt}:${part}`);
  };
  const stream = async (writer: GradingProvider) => {
    const { textStream } = writer.streamFeedback({ result, studentText: reading.text, assignment });
    for await (const delta of textStream) {
      feedback += delta;
      pending.push(delta);
      if (pending.length >= FEEDBACK_TOKENS_PER_EVENT) await flush();
    }
    await flush();
  };
  try {
    await stream(provider);
  } catch (error) {
    if (provider.name === "local") throw error;
    await sink.append({
      type: "error",
      submissionId: submission.id,
      message: `The ${provider.name} model could not write feedback; Gradewell's own feedback is used instead.`,
    });
    feedback = "";
    pending = [];
    await sink.append(
      { type: "submission_started", submissionId: submission.id, studentName: submission.studentName, attempt },
      `restart:${submission.id}:${attempt}`,
    );
    await stream(getGradingProvider({}));
  }
  return feedback;
}
