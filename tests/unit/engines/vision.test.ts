// The hosted vision reader: each provider is tested against a stub that speaks its real protocol
// (OpenAI chat completions with an image_url data URL, Anthropic messages with a base64 image block,
// the Workers AI binding's run(model, { messages })). readDocument sends a page only when allowed and needed.
import { describe, expect, it } from "vitest";
import { readDocument } from "../../../workers/grading/reading/read-document";
import { visionReaderFor, VisionConfigError, type VisionReader } from "../../../workers/grading/reading/ocr/vision";
import { extractFromReading } from "../../../workers/grading/answers/student-work";
import { generatePage } from "../../../tools/reading/pages";
import { allowConsoleError } from "../../setup/console-error";

const transcript = "Name: Sofia Rossi\n1. What is the capital of Italy?\nAnswer: Rome\n2. 9 x 3 = 27";
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

interface Captured {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

function openAiStub() {
  const calls: Captured[] = [];
  const fetchStub = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
    return Response.json({
      id: "chatcmpl-2",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "gpt-4o-mini-2024-07-18",
      choices: [{ index: 0, message: { role: "assistant", content: transcript, refusal: null }, logprobs: null, finish_reason: "stop" }],
      usage: { prompt_tokens: 1100, completion_tokens: 40, total_tokens: 1140 },
    });
  }) as typeof fetch;
  return { fetchStub, calls };
}

function anthropicStub() {
  const calls: Captured[] = [];
  const fetchStub = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
    return Response.json({
      id: "msg_02",
      type: "message",
      role: "assistant",
      model: "claude-haiku-4-5",
      content: [{ type: "text", text: transcript }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1500, output_tokens: 40 },
    });
  }) as typeof fetch;
  return { fetchStub, calls };
}

describe("visionReaderFor", () => {
  it("is off unless configured, and refuses an unknown reader or a missing key", () => {
    expect(visionReaderFor({})).toBeUndefined();
    expect(visionReaderFor({ VISION_READER: "off" })).toBeUndefined();
    expect(() => visionReaderFor({ VISION_READER: "magic" })).toThrow(VisionConfigError);
    expect(() => visionReaderFor({ VISION_READER: "openai" })).toThrow(/OPENAI_API_KEY/);
    expect(() => visionReaderFor({ VISION_READER: "workers-ai" })).toThrow(/AI binding/);
  });

  it("reads a page through OpenAI chat completions with the image as a data URL", async () => {
    const { fetchStub, calls } = openAiStub();
    const reader = visionReaderFor({ VISION_READER: "openai", OPENAI_API_KEY: "sk-test" }, { fetch: fetchStub })!;
    expect([reader.provider, reader.modelId, reader.mode]).toEqual(["openai", "gpt-4o-mini", "answers"]);
    expect(await reader.read(jpeg, "image/jpeg")).toBe(transcript);
    expect(calls[0].url).toBe("https://api.openai.com/v1/chat/completions");
    expect(calls[0].headers.get("authorization")).toBe("Bearer sk-test");
    const messages = calls[0].body.messages as { role: string; content: { type: string; image_url?: { url: string } }[] }[];
    expect(messages[0].role).toBe("system");
    const image = messages[1].content.find((c) => c.type === "image_url")!;
    expect(image.image_url!.url).toBe(`data:image/jpeg;base64,${Buffer.from(jpeg).toString("base64")}`);
  });

  it("reads a page through Anthropic messages with a base64 image block", async () => {
    const { fetchStub, calls } = anthropicStub();
    const reader = visionReaderFor(
      { VISION_READER: "anthropic", VISION_MODEL: "claude-sonnet-4-5", ANTHROPIC_API_KEY: "sk-ant-test", VISION_READER_MODE: "every-page" },
      { fetch: fetchStub },
    )!;
    expect(reader.mode).toBe("every-page");
    expect(await reader.read(jpeg, "image/jpeg")).toBe(transcript);
    expect(calls[0].url).toBe("https://api.anthropic.com/v1/messages");
    expect(calls[0].headers.get("x-api-key")).toBe("sk-ant-test");
    expect(calls[0].body.model).toBe("claude-sonnet-4-5");
    const content = (calls[0].body.messages as { content: { type: string; source?: Record<string, string> }[] }[])[0].content;
    expect(content.find((c) => c.type === "image")!.source).toEqual({
      type: "base64",
      media_type: "image/jpeg",
      data: Buffer.from(jpeg).toString("base64"),
    });
  });

  it("reads a page through the Workers AI binding with an image_url message", async () => {
    const runs: { model: string; inputs: { messages: { role: string; content: unknown }[] } }[] = [];
    const AI = {
      async run(model: string, inputs: { messages: { role: string; content: unknown }[] }) {
        runs.push({ model, inputs });
        return { response: transcript, usage: { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940 } };
      },
    };
    const reader = visionReaderFor({ VISION_READER: "workers-ai", AI })!;
    expect(await reader.read(jpeg, "image/jpeg")).toBe(transcript);
    expect(runs[0].model).toBe("@cf/meta/llama-3.2-11b-vision-instruct");
    const user = runs[0].inputs.messages.find((m) => m.role === "user")!;
    expect(JSON.stringify(user.content)).toContain(`data:image/jpeg;base64,${Buffer.from(jpeg).toString("base64")}`);
  });
});

describe("readDocument with a vision reader", () => {
  function stubReader(mode: VisionReader["mode"], fail = false) {
    const calls: { bytes: Uint8Array; mediaType: string }[] = [];
    const reader: VisionReader = {
      provider: "openai",
      modelId: "gpt-4o-mini",
      mode,
      async read(bytes, mediaType) {
        calls.push({ bytes, mediaType });
        if (fail) throw new Error("429 Too Many Requests");
        return transcript;
      },
    };
    return { reader, calls };
  }

  it("leaves a well-read typed page local in low-confidence mode and sends every page when asked", { timeout: 120_000 }, async () => {
    const page = await generatePage({ set: "dev", layout: "answer-lines", font: "sans", condition: "clean", seed: 4242 });
    const low = stubReader("low-confidence");
    const local = await readDocument(page.bytes, { vision: low.reader });
    expect(low.calls).toHaveLength(0);
    expect(local.pages[0].reader).toBe("pp-ocrv4");

    const every = stubReader("every-page");
    const hosted = await readDocument(page.bytes, { vision: every.reader });
    expect(every.calls).toHaveLength(1);
    expect(every.calls[0].mediaType).toBe("image/jpeg");
    expect([...every.calls[0].bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(hosted.pages[0].reader).toBe("openai:gpt-4o-mini");
    expect(hosted.text).toBe(transcript);
    // The transcript goes through the same answer extraction.
    expect(extractFromReading(hosted).answers.map((a) => [a.number, a.answer])).toEqual([
      [1, "Rome"],
      [2, "27"],
    ]);
  });

  it("keeps the local reading and says why when the vision model fails", { timeout: 120_000 }, async () => {
    const page = await generatePage({ set: "dev", layout: "inline", font: "sans", condition: "clean", seed: 4243 });
    const failing = stubReader("every-page", true);
    const reading = await readDocument(page.bytes, { vision: failing.reader });
    expect(reading.pages[0].reader).toBe("pp-ocrv4");
    expect(reading.pages[0].visionError).toMatch(/429/);
    expect(reading.text.length).toBeGreaterThan(20);
  });
});

describe("hostedReadersForTeacher", () => {
  const scopeWith = (allowHostedReading: boolean | undefined) =>
    ({ ownRow: async () => (allowHostedReading === undefined ? undefined : { allowHostedReading }) }) as never;
  const configured = { VISION_READER: "openai", OPENAI_API_KEY: "sk-test" } as unknown as Env;

  it("sends images out only when a reader is configured AND the teacher allowed it: answers' crops unless a page mode is asked for", async () => {
    const { hostedReadersForTeacher } = await import("../../../workers/grading/vision-step");
    const allowed = await hostedReadersForTeacher(configured, scopeWith(true));
    expect(allowed.answers).toMatchObject({ provider: "openai", modelId: "gpt-4o-mini" });
    expect(allowed.pages).toBeUndefined();
    const pages = await hostedReadersForTeacher({ ...configured, VISION_READER_MODE: "low-confidence" }, scopeWith(true));
    expect(pages.pages).toMatchObject({ provider: "openai", mode: "low-confidence" });
    expect(pages.answers).toBeDefined();
    expect(await hostedReadersForTeacher(configured, scopeWith(false))).toEqual({});
    expect(await hostedReadersForTeacher(configured, scopeWith(undefined))).toEqual({});
    expect(await hostedReadersForTeacher({} as Env, scopeWith(true))).toEqual({});
    // Misconfigured (no key): grading goes on with the local reading, and says why on the console.
    allowConsoleError();
    expect(await hostedReadersForTeacher({ VISION_READER: "anthropic" } as unknown as Env, scopeWith(true))).toEqual({});
  });
});
