// The pipeline's door to the hosted vision reader: configured (VISION_READER) AND allowed by the teacher
// (Settings: "Let a hosted AI model read page images", off by default). A misconfigured reader never
// stops grading: the local engine's reading stands.
import type { Db } from "../../core/db/client";
import { settings } from "../../core/db/schema";
import { visionReaderFor, VisionConfigError, type VisionReader } from "./reading/ocr/vision";
import { ownedBy } from "../../core/db/scoped";

export async function visionReaderForTeacher(env: Env, db: Db, teacherId: string): Promise<VisionReader | undefined> {
  if (!env.VISION_READER || env.VISION_READER === "off") return undefined;
  const row = await db.query.settings.findFirst({ where: ownedBy(settings, teacherId), columns: { allowHostedReading: true } });
  if (!row?.allowHostedReading) return undefined;
  try {
    return visionReaderFor(env);
  } catch (error) {
    if (!(error instanceof VisionConfigError)) throw error;
    console.error(`${error.message} Reading pages with the local engine only.`);
    return undefined;
  }
}
