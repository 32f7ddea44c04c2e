// The pipeline's door to the hosted vision readers: configured (VISION_READER) AND allowed by the teacher
// (Settings: "Let a hosted AI model read page images", off by default). By default only the crops of answers that
// stay uncertain leave (answer-reader-step.ts); whole pages only in a page mode (VISION_READER_MODE, decision 0053).
// A misconfigured reader never stops grading: the local engine's reading stands.
import { settings } from "../../core/db/schema";
import type { TeacherScope } from "../../core/db/scoped";
import { visionReaderFor, VisionConfigError, type VisionReader } from "./reading/ocr/vision";
import { answerReaderFor, type AnswerReader } from "./reading/ocr/answer-reader";

export interface HostedReaders {
  /** Reads whole pages (page modes only). */
  pages?: VisionReader;
  /** Reads the crop of an answer the local readers left uncertain. */
  answers?: AnswerReader;
}

export async function hostedReadersForTeacher(env: Env, scope: Pick<TeacherScope, "ownRow">): Promise<HostedReaders> {
  if (!env.VISION_READER || env.VISION_READER === "off") return {};
  const row = await scope.ownRow(settings);
  if (!row?.allowHostedReading) return {};
  try {
    const pages = visionReaderFor(env);
    return { pages: pages?.mode === "answers" ? undefined : pages, answers: answerReaderFor(env) };
  } catch (error) {
    if (!(error instanceof VisionConfigError)) throw error;
    console.error(`${error.message} Reading pages with the local engine only.`);
    return {};
  }
}
