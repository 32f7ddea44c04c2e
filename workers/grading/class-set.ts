// The class-set step of the pipeline (docs/decisions/0038): each photographed page's reading is kept beside its
// assignment, and once three pages of the assignment are read, the worksheet's printed template is found from
// them and kept with the assignment, so that later pages, regrades and late papers use it. The first pages are
// graded as they come, alone: finding the template never holds a result back.
import {
  classSetPageImageKey,
  classSetPageKey,
  classSetPagesPrefix,
  classSetPrefix,
  classSetTemplateKey,
} from "../../core/files/class-set-keys";
import type { AnswerKey, DocumentReading, PageReading, WorksheetTemplate } from "./engines";
import { answerPlaces, findTemplate } from "./engines";
import { stripsFromWire, stripsToWire } from "./reader-protocol";

/** Pages after which the template is settled and no longer looked for again. */
export const SETTLED_PAGES = 8;
/** Pages read to find it: the first of the assignment's, at most. */
const MAX_PAGES = 30;

type StoredPage = Pick<PageReading, "lines" | "text" | "width" | "height" | "confidence">;

/** A page's lines and word boxes, as much as the template and a regrade need (no alternatives, no strips). */
function geometry(page: PageReading): StoredPage {
  return {
    text: page.text,
    width: page.width,
    height: page.height,
    confidence: page.confidence,
    lines: page.lines.map((l) => ({
      text: l.text,
      confidence: l.confidence,
      bbox: l.bbox,
      // A chosen word stays marked: a page regraded against the template answers with the option circled or ticked.
      words: l.words.map((w) => ({ text: w.text, confidence: w.confidence, bbox: w.bbox, ...(w.chosen && { chosen: w.chosen }) })),
    })),
  };
}

/** A one-page photo or scan read word by word: what a class set's template is made from. */
function templatePage(reading: DocumentReading): PageReading | undefined {
  const [page] = reading.pages;
  if (reading.pages.length !== 1 || !page || page.method !== "ocr") return undefined;
  return page.lines.some((l) => l.words.length > 0) ? page : undefined;
}

async function readJson<T>(bucket: R2Bucket, key: string): Promise<T | undefined> {
  const object = await bucket.get(key);
  if (!object) return undefined;
  try {
    return (await object.json()) as T;
  } catch {
    return undefined; // a half-written or old object is no template: it is found again
  }
}

/** The assignment's kept template, if one was found: a page of the set is then read against it (read little). */
export async function keptTemplate(bucket: R2Bucket, teacherId: string, assignmentId: string): Promise<WorksheetTemplate | undefined> {
  const stored = await readJson<WorksheetTemplate>(bucket, classSetTemplateKey(teacherId, assignmentId));
  return stored?.version === 1 && Array.isArray(stored.words) ? stored : undefined;
}

/** Pages read alone that a template is first looked for from. */
export const TEMPLATE_PAGES = 3;

interface Step {
  ended: Promise<void>;
  /** The page is read: its template step (tens of milliseconds) is all that is left. */
  read: boolean;
}
/**
 * Pages of an assignment read alone in this isolate, by submission, from the moment a reader takes them until
 * their template step has ended. A page a reader takes meanwhile waits for those already read before it looks for
 * the template: without the wait, the page taken the moment the third page's reader frees up is read alone, as the
 * template that page finds is not stored yet (2.4 s of a reader's CPU a page, for a wait of tens of milliseconds).
 * It does not wait for pages still being read: a waiting page keeps its reader idle, and the fourth page of a set,
 * read whole beside the third, ends the set sooner than read little after it (docs/decisions/0131, superseding 0083).
 */
const stepsUnderWay = new Map<string, Map<string, Step>>();
/** The longest a page waits for steps of pages already read: a step that hangs never holds a reader for long. */
const STEP_WAIT_MS = 3000;

export interface TemplateStep {
  /** The page is read (its template step follows). */
  read(): void;
  /** The step has ended, however it ended: call it once the page's template step is over (twice is harmless). */
  end(): void;
}

/** Marks a page of the set as read alone until its template step has ended (call `end`, whatever happens). */
export function templateStepUnderWay(assignmentId: string, submissionId: string): TemplateStep {
  let end!: () => void;
  const step: Step = { ended: new Promise<void>((done) => (end = done)), read: false };
  const steps = stepsUnderWay.get(assignmentId) ?? new Map<string, Step>();
  steps.set(submissionId, step);
  stepsUnderWay.set(assignmentId, steps);
  return {
    read: () => void (step.read = true),
    end: () => {
      end();
      if (steps.get(submissionId) === step) steps.delete(submissionId);
      if (!steps.size && stepsUnderWay.get(assignmentId) === steps) stepsUnderWay.delete(assignmentId);
    },
  };
}

/** The kept template, once the steps it may come from have ended (see stepsUnderWay), when none is kept yet. */
export async function templateWhenRead(bucket: R2Bucket, teacherId: string, assignmentId: string): Promise<WorksheetTemplate | undefined> {
  const kept = await keptTemplate(bucket, teacherId, assignmentId);
  const steps = stepsUnderWay.get(assignmentId);
  if (kept || !steps?.size) return kept;
  const awaited = [...steps.values()].filter((s) => s.read);
  if (!awaited.length) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(awaited.map((s) => s.ended)), new Promise<void>((done) => (timer = setTimeout(done, STEP_WAIT_MS)))]);
  clearTimeout(timer);
  return keptTemplate(bucket, teacherId, assignmentId);
}

export interface ClassSetPage {
  /** The worksheet's template, once found. */
  template?: WorksheetTemplate;
  /** The page belongs to the class set (a one-page photo or scan of an assignment). */
  inSet: boolean;
  /** The template was found, or bettered, by this page. */
  created: boolean;
}

/**
 * The worksheet's template for this page of an assignment. None while too few pages are read, or when the pages
 * are not one worksheet (essays, mixed sets): the page is then read alone.
 */
export async function classSetTemplate(
  bucket: R2Bucket,
  where: { teacherId: string; assignmentId: string; submissionId: string },
  reading: DocumentReading,
  key: AnswerKey | undefined,
): Promise<ClassSetPage> {
  const page = templatePage(reading);
  if (!page) return { inSet: false, created: false };
  const { teacherId, assignmentId, submissionId } = where;
  const templateKey = classSetTemplateKey(teacherId, assignmentId);
  const kept = await keptTemplate(bucket, teacherId, assignmentId);
  // Settled: found from enough pages, or taken from the teacher's blank worksheet (blank-worksheet.ts).
  if (kept && (kept.pages >= SETTLED_PAGES || kept.blank)) return { template: kept, inSet: true, created: false };
  await bucket.put(classSetPageKey(teacherId, assignmentId, submissionId), JSON.stringify(geometry(page)));
  if (page.strips) await bucket.put(classSetPageImageKey(teacherId, assignmentId, submissionId), JSON.stringify(stripsToWire(page.strips)));

  const pagesPrefix = classSetPagesPrefix(teacherId, assignmentId);
  const listed = await bucket.list({ prefix: pagesPrefix, limit: MAX_PAGES });
  if (listed.objects.length < TEMPLATE_PAGES || (kept && listed.objects.length <= kept.pages))
    return { template: kept, inSet: true, created: false };
  const others = await Promise.all(
    listed.objects
      .filter((o) => o.key !== classSetPageKey(teacherId, assignmentId, submissionId))
      .map((o) => readJson<StoredPage>(bucket, o.key)),
  );
  const pages = [page, ...others.filter((p): p is StoredPage => p !== undefined)];
  const answers = key?.questions.flatMap((q) => q.accepted.map((a) => a.raw)) ?? [];
  const found = findTemplate(pages, answers, (p) => answerPlaces(p, key));
  if (!found || (kept && found.pages <= kept.pages)) return { template: kept, inSet: true, created: false };
  await bucket.put(templateKey, JSON.stringify(found));
  return { template: found, inSet: true, created: true };
}

/** A class-set page's stored reading, as the reader gave it (one page, read by OCR). */
export async function storedReading(bucket: R2Bucket, teacherId: string, assignmentId: string, submissionId: string) {
  const page = await readJson<StoredPage>(bucket, classSetPageKey(teacherId, assignmentId, submissionId));
  if (!page?.lines) return undefined;
  const strips = await readJson<unknown>(bucket, classSetPageImageKey(teacherId, assignmentId, submissionId));
  const reading: DocumentReading = {
    kind: "jpeg",
    method: "ocr",
    pages: [{ number: 1, method: "ocr", durationMs: 0, ...page, strips: strips ? stripsFromWire(strips) : undefined }],
    text: page.text,
    confidence: page.confidence,
    durationMs: 0,
  };
  return reading;
}

/** Forgets the pages' words once the template is settled: students' names and answers are among them. */
export async function forgetClassSetPages(bucket: R2Bucket, teacherId: string, assignmentId: string): Promise<void> {
  for (const folder of ["pages/", "page-images/"]) {
    const prefix = `${classSetPrefix(teacherId, assignmentId)}${folder}`;
    for (;;) {
      const listed = await bucket.list({ prefix, limit: 1000 });
      if (listed.objects.length) await bucket.delete(listed.objects.map((o) => o.key));
      if (!listed.truncated) break;
    }
  }
}
