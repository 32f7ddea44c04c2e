// The hosted reader for what stays uncertain (issue 31 item 4, decision 0053), inside workerd with real D1 and R2:
// the photographed handwritten page of handwriting.test.ts graded by the real pipeline, with a vision model
// configured as Workers AI. The stub is the AI binding itself, answering `run(model, { messages })` as Workers AI
// does; what it receives is what would leave Gradewell. OpenAI chat completions are spoken to a fetch stub.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import manifest from "../fixtures/handwriting/manifest.json";
import photo from "../fixtures/handwriting/photo.jpg";
import { answerCropKey } from "../../core/files/answer-crop-keys";
import type { JobEvent } from "../../core/jobs/events";
import { cropBoxes } from "../../workers/grading/engines";
import { processSubmission } from "../../workers/grading/pipeline";
import { answerReaderFor } from "../../workers/grading/reading/ocr/answer-reader";
import { api, registerTeacher } from "./helpers";
import { seedJob, type GradedQuestion } from "./seeded-jobs";

const STUDENT = "Sofia Rossi";
const MODEL = "@cf/meta/llama-3.2-11b-vision-instruct";

type Run = { model: string; inputs: { messages: { role: string; content: unknown }[] } };

/** The Workers AI binding as the provider speaks it; `answer` is given each call's image (base64 PNG). */
function workersAi(answer: (pngBase64: string) => string) {
  const runs: Run[] = [];
  return {
    runs,
    AI: {
      async run(model: string, inputs: Run["inputs"]) {
        runs.push({ model, inputs });
        const images = [...JSON.stringify(inputs).matchAll(/data:image\/png;base64,([A-Za-z0-9+/=]+)/g)].map((m) => m[1]);
        return { response: answer(images[0] ?? ""), usage: { prompt_tokens: 60, completion_tokens: 2, total_tokens: 62 } };
      },
    },
  };
}

const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

/** One copy of the page graded by the pipeline with `AI` bound and a Workers AI vision reader configured. */
async function grade(teacherId: string, token: string, AI: unknown) {
  const { jobId, assignmentId, submissionIds } = await seedJob(
    teacherId,
    [{ name: `${STUDENT}.jpg`, bytes: new Uint8Array(photo as ArrayBuffer) }],
    {
      prefix: "hosted-",
      key: manifest.key,
      points: manifest.questions.length,
    },
  );
  const events: JobEvent[] = [];
  const sink = { append: async (event: JobEvent) => (events.push(event), events.length) };
  const configured = { ...env, VISION_READER: "workers-ai", AI } as Env;
  await processSubmission(configured, { jobId, teacherId, submissionId: submissionIds[0] }, 1, sink);
  const body = (await (await api(`/api/assignments/${assignmentId}`, { token })).json()) as {
    assignment: { submissions: { id: string; questions: GradedQuestion[] }[] };
  };
  const questions = body.assignment.submissions.find((s) => s.id === submissionIds[0])!.questions;
  return { submissionId: submissionIds[0], questions: new Map(questions.map((q) => [Number(q.number), q])), events };
}

const wrote = new Map(manifest.questions.map((q) => [q.number, q]));
const handwritingFlag = (q: GradedQuestion) => q.needs_review && /handwriting/i.test(q.review_reason ?? "");

describe("the hosted reader for uncertain handwritten answers", { timeout: 300_000 }, () => {
  it("is off by default, sends only an uncertain answer's crop when allowed, and leaves the local marks when it fails", async () => {
    const { user, access_token: token } = await registerTeacher();

    // 1. Configured but not allowed (the teacher's Settings are off by default): nothing leaves.
    const off = workersAi(() => "0");
    const local = await grade(user.id, token, off.AI);
    expect(off.runs).toHaveLength(0);
    const flagged = [...local.questions.values()].filter(handwritingFlag);
    expect(flagged.length, "the page leaves a handwritten answer uncertain").toBeGreaterThan(0);

    // 2. Allowed in Settings: each uncertain answer's crop alone goes to the model, which reads what the child wrote.
    const settings = await api("/api/settings", { method: "PUT", token, json: { allow_hosted_reading: true } });
    expect(settings.status).toBe(200);
    const on = workersAi((png) => {
      const q = [...local.questions.keys()].find((n) => cropOf.get(n) === png);
      return q ? wrote.get(q)!.wrote : "";
    });
    const cropOf = new Map<number, string>();
    for (const n of local.questions.keys()) {
      const crop = await env.UPLOADS.get(answerCropKey(user.id, local.submissionId, n));
      if (crop) cropOf.set(n, base64(new Uint8Array(await crop.arrayBuffer())));
    }
    const hosted = await grade(user.id, token, on.AI);
    expect(on.runs.length).toBe(flagged.length);
    for (const run of on.runs) {
      expect(run.model).toBe(MODEL);
      const sent = JSON.stringify(run.inputs);
      const images = [...sent.matchAll(/data:image\/[a-z]+;base64,([A-Za-z0-9+/=]+)/g)].map((m) => m[1]);
      // One image, and it is one flagged question's crop as kept for the teacher (the same bytes in R2).
      expect(images).toHaveLength(1);
      const question = [...cropOf.entries()].find(([, png]) => png === images[0])?.[0];
      expect(question, "the image is an answer's crop").toBeDefined();
      expect(flagged.map((q) => Number(q.number))).toContain(question);
      const kept = await env.UPLOADS.get(answerCropKey(user.id, hosted.submissionId, question!));
      expect(base64(new Uint8Array(await kept!.arrayBuffer()))).toBe(images[0]);
      // No name, no page, no key: the words sent are the instructions only.
      const words = sent.replace(/data:image\/[a-z]+;base64,[A-Za-z0-9+/=]+/g, "");
      expect(words).not.toMatch(/Sofia|Rossi/);
      expect(words).not.toContain(wrote.get(question!)!.right);
    }
    // The uncertain answer is resolved: the model read what the child wrote, a local reader read it too (PP-OCR,
    // with a digit lost), so the mark is the teacher's and the flag is lifted. The other questions are untouched.
    for (const [n, before] of local.questions) {
      const after = hosted.questions.get(n)!;
      const child = wrote.get(n)!;
      if (!flagged.includes(before)) {
        expect([after.answer, after.points, after.needs_review]).toEqual([before.answer, before.points, before.needs_review]);
        continue;
      }
      const detail = `question ${n}: wrote ${child.wrote}, read ${after.answer}, ${after.review_reason ?? "not flagged"}`;
      expect(after.answer, detail).toBe(child.wrote);
      expect(after.points >= after.points_possible, detail).toBe(child.wrote === child.right);
      expect(after.needs_review, detail).toBe(false);
      expect(after.confidence, detail).toBeGreaterThanOrEqual(0.9);
      // The live page shows the resolved mark: the hosted reading comes before the marks stream.
      const scored = hosted.events.find((e) => e.type === "question_scored" && e.number === String(n));
      expect(scored, detail).toMatchObject({ answer: child.wrote, needsReview: false });
    }

    // 3. The provider fails: the local marks stand, question for question.
    const failing = {
      async run() {
        throw new Error("InferenceUpstreamError: 503 Service Unavailable");
      },
    };
    const warn = vi.spyOn(console, "warn");
    const fallback = await grade(user.id, token, failing);
    expect(warn.mock.calls.filter(([m]) => String(m).includes("hosted answer reader"))).toHaveLength(1);
    warn.mockRestore();
    for (const [n, q] of local.questions) {
      const f = fallback.questions.get(n)!;
      expect([f.answer, f.points, f.needs_review, f.review_reason]).toEqual([q.answer, q.points, q.needs_review, q.review_reason]);
    }
  });

  it("speaks OpenAI chat completions too, with the crop as a PNG data URL", async () => {
    const [crop] = cropBoxes(
      { strips: [{ x: 0, y: 0, width: 200, height: 100, jpeg: new Uint8Array(photo as ArrayBuffer) }], width: 200, height: 100 },
      [{ x: 10, y: 10, width: 120, height: 48 }],
    );
    const requests: { url: string; body: { model: string; messages: { role: string; content: unknown }[] } }[] = [];
    const openAi = (async (url: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return Response.json({
        id: "chatcmpl-9",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "gpt-4o-mini-2024-07-18",
        choices: [{ index: 0, message: { role: "assistant", content: "248", refusal: null }, logprobs: null, finish_reason: "stop" }],
        usage: { prompt_tokens: 120, completion_tokens: 2, total_tokens: 122 },
      });
    }) as typeof fetch;
    const reader = answerReaderFor(
      { VISION_READER: "openai", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "https://openai.test/v1" },
      { fetch: openAi },
    )!;
    expect(await reader.read(crop!, "number")).toBe("248");
    expect(requests[0].url).toBe("https://openai.test/v1/chat/completions");
    expect(requests[0].body.model).toBe("gpt-4o-mini");
    const images = [...JSON.stringify(requests[0].body).matchAll(/data:image\/png;base64,([A-Za-z0-9+/=]+)/g)].map((m) => m[1]);
    expect(images).toEqual([base64(crop!)]);
  });
});
