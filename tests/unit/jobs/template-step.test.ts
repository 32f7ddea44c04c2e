// A page a reader takes while other pages of its class set are read alone (workers/grading/class-set.ts) waits for
// the template steps of those already read, so that it is read against the template they store; it never waits for
// pages still being read, which would keep its reader idle (docs/decisions/0131).
import { describe, expect, it } from "vitest";
import { classSetPageKey, classSetTemplateKey } from "../../../core/files/class-set-keys";
import { templateStepUnderWay, templateWhenRead } from "../../../workers/grading/class-set";
import type { WorksheetTemplate } from "../../../workers/grading/engines";

/** An R2 bucket of JSON objects, as far as reading a kept template and listing stored pages go. */
function bucket() {
  const objects = new Map<string, string>();
  return {
    objects,
    r2: {
      get: async (key: string) => (objects.has(key) ? { json: async () => JSON.parse(objects.get(key)!) } : null),
      list: async ({ prefix, limit }: { prefix: string; limit: number }) => ({
        objects: [...objects.keys()]
          .filter((k) => k.startsWith(prefix))
          .slice(0, limit)
          .map((key) => ({ key })),
      }),
    } as unknown as R2Bucket,
  };
}

const template = { version: 1, pages: 3, words: [] } as unknown as WorksheetTemplate;

/** Whether `found` is still waiting after a few event-loop turns. */
async function stillWaiting(found: Promise<unknown>): Promise<boolean> {
  const pending = Symbol();
  return (await Promise.race([found, new Promise((done) => setTimeout(() => done(pending), 30))])) === pending;
}

describe("the template when a page is read", () => {
  it("waits for a page already read, and reads the template its step stored", async () => {
    const { objects, r2 } = bucket();
    const step = templateStepUnderWay("a-1", "s-1");
    step.read();
    const found = templateWhenRead(r2, "t-1", "a-1");
    setTimeout(() => {
      objects.set(classSetTemplateKey("t-1", "a-1"), JSON.stringify(template));
      step.end();
    }, 20);
    expect(await found).toEqual(template);
  });

  it("does not wait with no step under way, nor once a template is kept", async () => {
    const { objects, r2 } = bucket();
    expect(await templateWhenRead(r2, "t-1", "a-2")).toBeUndefined();
    const step = templateStepUnderWay("a-2", "s-1");
    step.read();
    objects.set(classSetTemplateKey("t-1", "a-2"), JSON.stringify(template));
    // The step never ends here: the kept template is answered at once all the same.
    expect(await templateWhenRead(r2, "t-1", "a-2")).toEqual(template);
    step.end();
    // Another assignment's step holds no page of this one.
    const other = templateStepUnderWay("a-3", "s-1");
    other.read();
    expect(await templateWhenRead(r2, "t-1", "a-4")).toBeUndefined();
    other.end();
  });

  it("finds no template when the step ended without one", async () => {
    const { r2 } = bucket();
    const step = templateStepUnderWay("a-5", "s-1");
    step.read();
    const found = templateWhenRead(r2, "t-1", "a-5");
    step.end();
    step.end(); // ending twice is harmless
    expect(await found).toBeUndefined();
  });

  it("does not wait for pages still being read while they are too few to find a template from", async () => {
    const { objects, r2 } = bucket();
    objects.set(classSetPageKey("t-1", "a-6", "s-1"), "{}");
    const reading = templateStepUnderWay("a-6", "s-2");
    // One page stored and one being read: a third page is read alone, at once.
    expect(await stillWaiting(templateWhenRead(r2, "t-1", "a-6"))).toBe(false);
    reading.end();
  });

  it("does not wait for pages still being read, even those the template is first found from (0131)", async () => {
    const { objects, r2 } = bucket();
    objects.set(classSetPageKey("t-1", "a-7", "s-1"), "{}");
    objects.set(classSetPageKey("t-1", "a-7", "s-2"), "{}");
    const third = templateStepUnderWay("a-7", "s-3"); // still being read: the fourth page is read alone beside it
    expect(await stillWaiting(templateWhenRead(r2, "t-1", "a-7"))).toBe(false);
    third.read(); // read, its template step not yet ended: now the fourth page waits for it
    const fourth = templateWhenRead(r2, "t-1", "a-7");
    expect(await stillWaiting(fourth)).toBe(true);
    objects.set(classSetTemplateKey("t-1", "a-7"), JSON.stringify(template));
    third.end();
    expect(await fourth).toEqual(template);
  });

  it("does not wait for pages being read while none of the set is stored (documents read from their text)", async () => {
    const { r2 } = bucket();
    const steps = ["s-1", "s-2", "s-3"].map((s) => templateStepUnderWay("a-9", s));
    expect(await stillWaiting(templateWhenRead(r2, "t-1", "a-9"))).toBe(false);
    for (const step of steps) step.end();
  });

  it("does not wait for pages being read once enough pages were stored and no template was found", async () => {
    const { objects, r2 } = bucket();
    for (const s of ["s-1", "s-2", "s-3"]) objects.set(classSetPageKey("t-1", "a-8", s), "{}");
    const reading = templateStepUnderWay("a-8", "s-4");
    expect(await stillWaiting(templateWhenRead(r2, "t-1", "a-8"))).toBe(false);
    reading.end();
  });
});
