// The teacher's blank worksheet (docs/decisions/0041): when an assignment has one, it is read once and its every
// word is the class set's printed template, kept as the assignment's template.json and settled at once. The first
// student page is then read against it, and no page is read alone for want of a template. A blank that cannot be
// made a template (not one page of print read word by word) leaves the set to find its template from its pages,
// as without one, and every page says so in its review notes.
import { and, desc, eq } from "drizzle-orm";
import type { TeacherScope } from "../../core/db/scoped";
import { assignmentFiles } from "../../core/db/schema";
import { classSetBlankKey, classSetTemplateKey } from "../../core/files/class-set-keys";
import { keptTemplate } from "./class-set";
import { blankTemplate, type WorksheetTemplate } from "./engines";
import { readUpload } from "./reading";

export const BLANK_UNREADABLE =
  "The blank worksheet could not be read as one printed page, so the worksheet's printed text was found from the students' pages instead.";

export interface BlankWorksheet {
  /** The template taken from the blank worksheet. */
  template?: WorksheetTemplate;
  /** For the review notes, when the blank worksheet was given but could not be used. */
  note?: string;
}

/** Reads in flight in this isolate, by blank file: pages that arrive together wait for one reading. */
const reading = new Map<string, Promise<BlankWorksheet>>();

async function readBlank(env: Env, teacherId: string, assignmentId: string, file: { id: string; r2Key: string }): Promise<BlankWorksheet> {
  const object = await env.UPLOADS.get(file.r2Key);
  let template: WorksheetTemplate | null = null;
  if (object) {
    try {
      const read = await readUpload(env, new Uint8Array(await object.arrayBuffer()), {}, true);
      const [page] = read.pages;
      // Only a page read by OCR has word boxes to register photos onto (a typed PDF's are whole lines).
      if (read.pages.length === 1 && page?.method === "ocr") template = blankTemplate(page, file.id);
    } catch (error) {
      console.warn("The blank worksheet could not be read", error);
    }
  }
  if (!template) {
    await env.UPLOADS.put(classSetBlankKey(teacherId, assignmentId), JSON.stringify({ version: 1, fileId: file.id, usable: false }));
    return { note: BLANK_UNREADABLE };
  }
  await env.UPLOADS.put(classSetTemplateKey(teacherId, assignmentId), JSON.stringify(template));
  return { template };
}

/** The assignment's blank worksheet as a template: read the first time, kept in R2 after. Nothing without one. */
export async function blankWorksheet(env: Env, scope: TeacherScope, assignmentId: string): Promise<BlankWorksheet> {
  const [file] = await scope.rows(
    assignmentFiles,
    and(eq(assignmentFiles.assignmentId, assignmentId), eq(assignmentFiles.kind, "blank_worksheet")),
    { orderBy: [desc(assignmentFiles.createdAt)], limit: 1 },
  );
  if (!file) return {};
  const kept = await keptTemplate(env.UPLOADS, scope.teacherId, assignmentId);
  if (kept?.blank === file.id) return { template: kept };
  const failed = await env.UPLOADS.get(classSetBlankKey(scope.teacherId, assignmentId));
  const outcome = failed ? await failed.json<{ fileId?: string }>().catch(() => undefined) : undefined;
  if (outcome?.fileId === file.id) return { note: BLANK_UNREADABLE };
  let pending = reading.get(file.id);
  if (!pending) {
    pending = readBlank(env, scope.teacherId, assignmentId, file).finally(() => reading.delete(file.id));
    reading.set(file.id, pending);
  }
  return pending;
}
