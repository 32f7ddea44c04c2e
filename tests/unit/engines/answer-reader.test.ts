// The hosted reader of uncertain answers (decision 0053): what it sends (the crop alone, through the provider's real
// protocol: OpenAI chat completions, the Workers AI binding), and how a question is judged again on its reading.
import { createCanvas } from "@napi-rs/canvas";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GradingResult, type QuestionResult } from "../../../core/grading/result";
import { HOSTED_READ_TIMEOUT_MS, MAX_HOSTED_READS_PER_PAGE, rereadUncertainAnswers } from "../../../workers/grading/answer-reader-step";
import { parseAnswerKey } from "../../../workers/grading/answers/answer-key";
import { ANSWER_SYSTEM_PROMPT, answerReaderFor, answerText, type AnswerReader } from "../../../workers/grading/reading/ocr/answer-reader";
import type { DocumentReading, WordAlternatives } from "../../../workers/grading/reading/types";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe("answerReaderFor", () => {
  it("is off unless a vision reader is configured", () => {
    expect(answerReaderFor({})).toBeUndefined();
    expect(answerReaderFor({ VISION_READER: "off" })).toBeUndefined();
  });

  it("sends one crop through OpenAI chat completions, with the expected form and nothing else", async () => {
    const bodies: { messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[] }[] = [];
    const fetchStub = (async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Response.json({
        id: "chatcmpl-3",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "gpt-4o-mini-2024-07-18",
        choices: [
          { index: 0, message: { role: "assistant", content: "Answer: 248.", refusal: null }, logprobs: null, finish_reason: "stop" },
        ],
        usage: { prompt_tokens: 90, completion_tokens: 3, total_tokens: 93 },
      });
    }) as typeof fetch;
    const reader = answerReaderFor({ VISION_READER: "openai", OPENAI_API_KEY: "sk-test" }, { fetch: fetchStub })!;
    expect(await reader.read(png, "number")).toBe("248");
    const [system, user] = bodies[0].messages;
    expect(system).toEqual({ role: "system", content: ANSWER_SYSTEM_PROMPT });
    const parts = user.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.filter((p) => p.type === "image_url").map((p) => p.image_url!.url)).toEqual([`data:image/png;base64,${b64(png)}`]);
    expect(parts.find((p) => p.type === "text")!.text).toMatch(/expected to be a number/);
  });

  it("sends one crop through the Workers AI binding", async () => {
    const runs: { model: string; inputs: unknown }[] = [];
    const AI = {
      async run(model: string, inputs: unknown) {
        runs.push({ model, inputs });
        return { response: "`173`", usage: { prompt_tokens: 60, completion_tokens: 2, total_tokens: 62 } };
      },
    };
    const reader = answerReaderFor({ VISION_READER: "workers-ai", AI })!;
    expect(await reader.read(png, undefined)).toBe("173");
    expect(runs[0].model).toBe("@cf/meta/llama-3.2-11b-vision-instruct");
    expect(JSON.stringify(runs[0].inputs).match(/data:image\/png;base64,/g)).toHaveLength(1);
  });

  it("keeps the answer only from a reply", () => {
    expect(answerText("```\n7812\n```")).toBe("7812");
    expect(answerText('The answer is "3/4".')).toBe("3/4");
    expect(answerText("  x = 12 ")).toBe("x = 12");
  });
});

// A page with handwritten answers on it: question n's answer word sits in its own box, row n.
function pageJpeg(): Uint8Array {
  const canvas = createCanvas(600, 800);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "white";
  ctx.fillRect(0, 0, 600, 800);
  ctx.fillStyle = "#555";
  ctx.font = "28px sans-serif";
  for (let n = 1; n <= 6; n++) ctx.fillText(String(n * 11), 300, 60 + n * 100);
  return new Uint8Array(canvas.toBuffer("image/jpeg"));
}

const KEY = parseAnswerKey("1. 248\n2. 173\n3. 781\n4. 599\n5. 106\n6. 95", { totalPoints: 6 });
const RIGHT = ["248", "173", "781", "599", "106", "95"];

interface Ink {
  readings: [string, number][];
  ocr: string;
}

/** The page as the local readers left it, and the grader's result: question n marked on its best reading, flagged. */
function fixture(inks: Ink[]) {
  const words = inks.map((ink, i) => {
    const alternatives: WordAlternatives = {
      readings: ink.readings.map(([text, p]) => ({ text, probability: p, share: p })),
      rest: 0.05,
      ocr: { text: ink.ocr, confidence: 0.95 },
      why: "answer",
    };
    return { text: ink.readings[0][0], confidence: 0.6, bbox: { x: 300, y: 30 + (i + 1) * 100, width: 80, height: 40 }, alternatives };
  });
  const reading: DocumentReading = {
    kind: "jpeg",
    method: "ocr",
    pages: [
      {
        number: 1,
        text: "",
        lines: words.map((w) => ({ text: w.text, confidence: 0.6, bbox: w.bbox, words: [w] })),
        width: 600,
        height: 800,
        confidence: 0.8,
        method: "ocr",
        strips: [{ x: 0, y: 0, width: 600, height: 800, jpeg: pageJpeg() }],
        durationMs: 0,
      },
    ],
    text: "",
    confidence: 0.8,
    durationMs: 0,
  };
  const questions: QuestionResult[] = inks.map((ink, i) => {
    const [best, p] = ink.readings[0];
    const right = best === RIGHT[i];
    const other = ink.readings[1];
    return {
      number: i + 1,
      questionText: null,
      keyAnswer: RIGHT[i],
      studentAnswer: best,
      pointsAwarded: right ? 1 : 0,
      pointsPossible: 1,
      status: right ? "correct" : "incorrect",
      reason: right ? "Correct." : `Expected ${RIGHT[i]}.`,
      confidence: p,
      readingConfidence: p,
      matchConfidence: 0.95,
      feedback: "",
      needsReview: true,
      reviewReason: `The handwriting is unclear: it reads "${best}" (${Math.round(p * 100)}%) or "${other[0]}" (${Math.round(other[1] * 100)}%).`,
      region: { page: 1, ...words[i].bbox },
    };
  });
  const result = GradingResult.parse({
    studentName: null,
    questions,
    rubric: [],
    total: questions.reduce((s, q) => s + q.pointsAwarded, 0),
    max: 6,
    percent: 0,
    needsReview: true,
    reviewReasons: [`Check questions ${questions.map((q) => q.number).join(", ")}: ${questions[0].reviewReason}`],
    flags: [],
    readingConfidence: 0.8,
    feedback: { summary: "", strengths: [], improvements: [], nextStep: "" },
    provider: { name: "local", model: "gradewell-rules-1" },
  });
  return { reading, result };
}

function stubReader(answers: string[] | Error) {
  const calls: Uint8Array[] = [];
  const reader: AnswerReader = {
    provider: "workers-ai",
    modelId: "@cf/test/vision",
    async read(crop) {
      calls.push(crop);
      if (answers instanceof Error) throw answers;
      return answers[calls.length - 1] ?? "";
    },
  };
  return { reader, calls };
}

const assignment = { points: 6, gradeLevel: 4 };

describe("rereadUncertainAnswers", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lifts the flag when the hosted reading agrees with a local reader, and keeps it with the reading shown when not", async () => {
    const { reading, result } = fixture([
      {
        readings: [
          ["248", 0.45],
          ["249", 0.4],
        ],
        ocr: "248",
      }, // agrees with the local mark
      {
        readings: [
          ["178", 0.5],
          ["173", 0.3],
        ],
        ocr: "/73",
      }, // agrees with a second reading that PP-OCR read too
      {
        readings: [
          ["781", 0.55],
          ["787", 0.4],
        ],
        ocr: "7",
      }, // agrees with a second reading no local reader read
      {
        readings: [
          ["589", 0.6],
          ["599", 0.3],
        ],
        ocr: "589",
      }, // disagrees with every reading
    ]);
    // The least certain first: questions 1 to 4 in turn.
    const { reader, calls } = stubReader(["248", "173", "787", "509"]);
    const reread = await rereadUncertainAnswers(reader, { reading, key: KEY, result, assignment });
    expect(calls).toHaveLength(4);
    // Each call is one PNG crop.
    for (const crop of calls) expect([...crop.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const [q1, q2, q3, q4] = reread.questions;
    expect([q1.studentAnswer, q1.pointsAwarded, q1.needsReview, q1.confidence]).toEqual(["248", 1, false, 0.9]);
    expect(q1.reason).toMatch(/A hosted reader read "248"/);
    // "/73" is PP-OCR's way of reading 173: a local reader agrees, so the hosted reading is taken and the flag lifted.
    expect([q2.studentAnswer, q2.pointsAwarded, q2.status, q2.needsReview]).toEqual(["173", 1, "correct", false]);
    // Taken, but only the hosted model reads it so: the mark follows it, the teacher still looks.
    expect([q3.studentAnswer, q3.pointsAwarded, q3.status, q3.needsReview]).toEqual(["787", 0, "incorrect", true]);
    expect(q3.reviewReason).toMatch(/The handwriting is unclear.*A hosted reader read "787": the mark is given on that reading\./);
    // Disagrees: the local mark stands, flagged, with the hosted reading shown too.
    expect([q4.studentAnswer, q4.pointsAwarded, q4.needsReview]).toEqual(["589", 0, true]);
    expect(q4.reviewReason).toMatch(/reads "589" \(60%\) or "599" \(30%\)\. A hosted reader read "509"\.$/);
    // The total and the paper's review line follow.
    expect(reread.total).toBe(2);
    expect(reread.reviewReasons[0]).toMatch(/^Check questions 3, 4: /);
  });

  it("sends nothing without a reader, and at most a few crops of a page with the least certain first", async () => {
    const inks = RIGHT.map((r, i): Ink => ({
      readings: [
        [r, 0.5 + i * 0.05],
        ["1", 0.1],
      ],
      ocr: "",
    }));
    const { reading, result } = fixture(inks);
    expect(await rereadUncertainAnswers(undefined, { reading, key: KEY, result, assignment })).toBe(result);
    const { reader, calls } = stubReader(RIGHT);
    const reread = await rereadUncertainAnswers(reader, { reading, key: KEY, result, assignment });
    expect(calls).toHaveLength(MAX_HOSTED_READS_PER_PAGE);
    expect(reread.questions.slice(MAX_HOSTED_READS_PER_PAGE)).toEqual(result.questions.slice(MAX_HOSTED_READS_PER_PAGE));
  });

  it("leaves the local result as it was when the provider fails, logging once", async () => {
    const { reading, result } = fixture([
      {
        readings: [
          ["248", 0.7],
          ["249", 0.2],
        ],
        ocr: "248",
      },
      {
        readings: [
          ["178", 0.6],
          ["173", 0.3],
        ],
        ocr: "173",
      },
    ]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { reader, calls } = stubReader(new Error("503 Service Unavailable"));
    expect(await rereadUncertainAnswers(reader, { reading, key: KEY, result, assignment })).toBe(result);
    expect(calls).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/failed, the local marks stand\. .*503/);
  });

  it("gives up a provider that does not answer in time, even one that ignores its abort signal", async () => {
    const { reading, result } = fixture([
      {
        readings: [
          ["248", 0.45],
          ["249", 0.4],
        ],
        ocr: "248",
      },
    ]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const hanging: AnswerReader = { provider: "openai", modelId: "gpt-4o-mini", read: () => new Promise<string>(() => {}) };
    vi.useFakeTimers();
    try {
      const reread = rereadUncertainAnswers(hanging, { reading, key: KEY, result, assignment });
      await vi.advanceTimersByTimeAsync(HOSTED_READ_TIMEOUT_MS + 1);
      expect(await reread).toBe(result);
    } finally {
      vi.useRealTimers();
    }
    expect(String(warn.mock.calls[0][0])).toMatch(/TimeoutError: No answer within 10 s/);
  });
});
