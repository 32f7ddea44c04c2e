// A page a reader takes while another page of its class set is between being read and its template step
// (workers/grading/class-set.ts) waits for that step, so that it is read against the template the step stores.
import { describe, expect, it } from "vitest";
import { classSetTemplateKey } from "../../../core/files/class-set-keys";
import { templateStepUnderWay, templateWhenRead } from "../../../workers/grading/class-set";
import type { WorksheetTemplate } from "../../../workers/grading/engines";

/** An R2 bucket of JSON objects, as far as reading a kept template goes. */
function bucket() {
  const objects = new Map<string, string>();
  return {
    objects,
    r2: {
      get: async (key: string) => (objects.has(key) ? { json: async () => JSON.parse(objects.get(key)!) } : null),
    } as unknown as R2Bucket,
  };
}

const template = { version: 1, pages: 3, words: [] } as unknown as WorksheetTemplate;

describe("the template when a page is read", () => {
  it("waits for a step under way, and reads the template it stored", async () => {
    const { objects, r2 } = bucket();
    const end = templateStepUnderWay("a-1");
    const found = templateWhenRead(r2, "t-1", "a-1");
    setTimeout(() => {
      objects.set(classSetTemplateKey("t-1", "a-1"), JSON.stringify(template));
      end();
    }, 20);
    expect(await found).toEqual(template);
  });

  it("does not wait with no step under way, nor once a template is kept", async () => {
    const { objects, r2 } = bucket();
    expect(await templateWhenRead(r2, "t-1", "a-2")).toBeUndefined();
    const end = templateStepUnderWay("a-2");
    objects.set(classSetTemplateKey("t-1", "a-2"), JSON.stringify(template));
    // The step never ends here: the kept template is answered at once all the same.
    expect(await templateWhenRead(r2, "t-1", "a-2")).toEqual(template);
    end();
    // Another assignment's step holds no page of this one.
    const other = templateStepUnderWay("a-3");
    expect(await templateWhenRead(r2, "t-1", "a-4")).toBeUndefined();
    other();
  });

  it("finds no template when the step ended without one", async () => {
    const { r2 } = bucket();
    const end = templateStepUnderWay("a-5");
    const found = templateWhenRead(r2, "t-1", "a-5");
    end();
    end(); // ending twice is harmless
    expect(await found).toBeUndefined();
  });
});
