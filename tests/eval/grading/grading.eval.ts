// npm run eval:grading — the held-out worksheets (scripts/eval-grading/generate.ts) read and graded inside
// workerd through the grading worker's own path: readDocument → parseAnswerKey → the configured grading
// provider (local rules by default). Prints figures; it asserts only that the set is there and complete.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import manifest from "../../fixtures/eval/heldout/manifest.json";
import { gradingProviderFor } from "../../../workers/grading/grading-provider";
import { parseAnswerKey, readDocument, type DocumentReading } from "../../../workers/grading/engines/index";
import { printSummary, type Graded } from "./metrics";
import type { EvalWorksheet } from "./worksheets";

const images = import.meta.glob<ArrayBuffer>("../../fixtures/eval/heldout/*.{png,jpg}", { eager: true, import: "default" });

function typedReading(text: string): DocumentReading {
  const lines = text.split("\n").map((t, i) => ({ text: t, confidence: 1, bbox: { x: 0, y: i, width: t.length, height: 1 }, words: [] }));
  return {
    kind: "docx",
    method: "docx",
    pages: [{ number: 1, text, lines, width: 0, height: 0, confidence: 1, method: "docx", durationMs: 0 }],
    text,
    confidence: 1,
    durationMs: 0,
  };
}

it("grades the held-out worksheets", async () => {
  const sheets = manifest.sheets as EvalWorksheet[];
  const files = manifest.files as Record<string, string[]>;
  expect(sheets.length).toBeGreaterThanOrEqual(6);
  const provider = gradingProviderFor(env as unknown as Env);
  const graded: Graded[] = [];
  const started = Date.now();
  for (const sheet of sheets) {
    const key = parseAnswerKey(sheet.key, { totalPoints: sheet.points });
    const assignment = { points: sheet.points, gradeLevel: 6 };
    graded.push({
      source: "typed text",
      sheet,
      result: await provider.grade({ reading: typedReading(sheet.lines.join("\n")), key, assignment }),
    });
    for (const name of files[sheet.id]!) {
      const bytes = images[`../../fixtures/eval/heldout/${name}`];
      expect(bytes, name).toBeTruthy();
      const reading = await readDocument(new Uint8Array(bytes!));
      const source = name.split(".")[1]!;
      graded.push({ source, sheet, result: await provider.grade({ reading, key, assignment }) });
    }
  }
  const questions = sheets.reduce((n, s) => n + s.questions.length, 0);
  printSummary(
    `Held-out grading evaluation: ${sheets.length} worksheets, ${questions} questions, provider ${provider.name} (${provider.modelId}), ${((Date.now() - started) / 1000).toFixed(0)} s inside workerd`,
    graded,
  );
});
