// Settings are parsed once and fail with a message naming the setting, instead of quietly falling back.
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "../../../core/env";
import { GradingSettings } from "../../../workers/grading/env";
import { WebSettings } from "../../../app/server/env.server";

const grading = (env: Record<string, unknown>) => parseEnv(GradingSettings, env, "grading");

describe("grading settings", () => {
  it("defaults to the local engines", () => {
    expect(grading({}).GRADING_PROVIDER).toBe("local");
    expect(grading({ GRADING_PROVIDER: " OpenAI ", OPENAI_API_KEY: "sk-test" })).toMatchObject({
      GRADING_PROVIDER: "openai",
      OPENAI_API_KEY: "sk-test",
    });
  });

  it("refuses a misspelled provider, naming it and the choices", () => {
    expect(() => grading({ GRADING_PROVIDER: "opneai" })).toThrow(ConfigError);
    expect(() => grading({ GRADING_PROVIDER: "opneai" })).toThrow(
      'The grading worker\'s configuration is invalid: Unknown GRADING_PROVIDER "opneai": use local, workers-ai, openai, anthropic.',
    );
  });

  it("refuses a hosted provider without its key or binding", () => {
    expect(() => grading({ GRADING_PROVIDER: "openai" })).toThrow("GRADING_PROVIDER=openai needs OPENAI_API_KEY.");
    expect(() => grading({ GRADING_PROVIDER: "anthropic", ANTHROPIC_API_KEY: "  " })).toThrow(
      "GRADING_PROVIDER=anthropic needs ANTHROPIC_API_KEY.",
    );
    expect(() => grading({ GRADING_PROVIDER: "workers-ai" })).toThrow("needs the AI binding");
    expect(() => grading({ GRADING_PROVIDER: "openai", OPENAI_API_KEY: "k", OPENAI_BASE_URL: "not a url" })).toThrow(
      "OPENAI_BASE_URL must be a URL.",
    );
  });

  it("marks the error permanent, so the consumer fails the submission instead of retrying", () => {
    try {
      grading({ GRADING_PROVIDER: "magic" });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).permanent).toBe(true);
    }
  });

  it("parses an env object once", () => {
    const env = { GRADING_PROVIDER: "local" };
    expect(grading(env)).toBe(grading(env));
  });
});

describe("web settings", () => {
  it("needs Google's id and secret together", () => {
    expect(parseEnv(WebSettings, {}, "web")).toEqual({
      APP_NAME: "Gradewell",
      GOOGLE_CLIENT_ID: undefined,
      GOOGLE_CLIENT_SECRET: undefined,
    });
    expect(() => parseEnv(WebSettings, { GOOGLE_CLIENT_ID: "id" }, "web")).toThrow(
      "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together.",
    );
  });
});
