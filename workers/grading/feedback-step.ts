// The pipeline's feedback step: the provider's feedback streamed into the job's log a few tokens at a time.
// A hosted model that fails mid-stream is replaced by Gradewell's own writer, and the teacher is told so.
import type { DocumentReading, GradingResult } from "./engines";
import { getGradingProvider, type GradingProvider } from "./providers";
import type { JobEventSink } from "./results";

/**
 * Feedback deltas are sent to the job's log a few tokens at a time, live enough to read and light on the log: the
 * first as soon as it has a few tokens, the next when a few more have come and a moment has passed, or when many
 * have. A hosted model's tokens arrive at its pace, a few an event; the local writer's all at once, and a class set's
 * 30 feedbacks then cost the job's log about 7 events each, not about 45 (each event is a write and a broadcast by
 * the job's Durable Object, in the process that serves the pages: bench:jobs).
 */
const FEEDBACK_TOKENS_PER_EVENT = 3;
const FEEDBACK_EVENT_GAP_MS = 100;
const FEEDBACK_TOKENS_AT_MOST = 24;

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
  let flushedAt = -Infinity;
  const flush = async () => {
    if (pending.length === 0) return;
    const delta = pending.join("");
    pending = [];
    part += 1;
    flushedAt = Date.now();
    await sink.append({ type: "feedback_delta", submissionId: submission.id, delta }, `feedback:${submission.id}:${attempt}:${part}`);
  };
  const stream = async (writer: GradingProvider) => {
    const { textStream } = writer.streamFeedback({ result, studentText: reading.text, assignment });
    for await (const delta of textStream) {
      feedback += delta;
      pending.push(delta);
      const due = pending.length >= FEEDBACK_TOKENS_PER_EVENT && Date.now() - flushedAt >= FEEDBACK_EVENT_GAP_MS;
      if (due || pending.length >= FEEDBACK_TOKENS_AT_MOST) await flush();
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
