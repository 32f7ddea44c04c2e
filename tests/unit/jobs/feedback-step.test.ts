// The feedback step (workers/grading/feedback-step.ts): the provider's tokens reach the job's log a few at a time,
// the first soon, and the log is not written once a few tokens when they all come at once (the local writer).
import { describe, expect, it } from "vitest";
import type { JobEvent } from "../../../core/jobs/events";
import { writeFeedback, type FeedbackInput } from "../../../workers/grading/feedback-step";
import type { GradingProvider } from "../../../workers/grading/providers";

/** A provider whose feedback is `tokens`, `gapMs` apart. */
function provider(tokens: string[], gapMs: number): GradingProvider {
  return {
    name: "local",
    streamFeedback: () => ({
      textStream: (async function* () {
        for (const token of tokens) {
          if (gapMs) await new Promise((done) => setTimeout(done, gapMs));
          yield token;
        }
      })(),
    }),
  } as unknown as GradingProvider;
}

const input = { submission: { id: "s1", studentName: "Ada" }, attempt: 1, reading: { text: "" } } as FeedbackInput;

async function deltas(tokens: string[], gapMs: number) {
  const events: JobEvent[] = [];
  const text = await writeFeedback(provider(tokens, gapMs), input, { append: async (e) => (events.push(e), events.length) });
  return { text, parts: events.map((e) => (e.type === "feedback_delta" ? e.delta : "?")) };
}

describe("the feedback step", () => {
  const tokens = Array.from({ length: 60 }, (_, i) => `word${i} `);

  it("sends tokens that come all at once in a few events, the first with the first few tokens", async () => {
    const { text, parts } = await deltas(tokens, 0);
    expect(parts.join("")).toBe(tokens.join(""));
    expect(text).toBe(tokens.join(""));
    expect(parts[0]).toBe("word0 word1 word2 ");
    expect(parts.length).toBeLessThanOrEqual(1 + Math.ceil(57 / 24));
  });

  it("sends tokens that come at a model's pace a few at a time, as they come", async () => {
    const { parts } = await deltas(tokens.slice(0, 9), 60);
    expect(parts).toEqual(["word0 word1 word2 ", "word3 word4 word5 ", "word6 word7 word8 "]);
  });
});
