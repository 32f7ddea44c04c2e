// The web worker, the grading worker and the joined test worker each have a wrangler.toml. Whatever they share
// (the database, the bucket, the queues, the Durable Object class, the runtime's date and flags) must agree,
// or one worker would write where the other never reads.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";

type Config = {
  compatibility_date: string;
  compatibility_flags?: string[];
  d1_databases?: { binding: string; database_name: string; database_id: string }[];
  r2_buckets?: { binding: string; bucket_name: string }[];
  queues?: {
    producers?: { binding: string; queue: string }[];
    consumers?: { queue: string; max_batch_size?: number; max_retries?: number; dead_letter_queue?: string }[];
  };
  durable_objects?: { bindings: { name: string; class_name: string; script_name?: string }[] };
  migrations?: { tag: string; new_sqlite_classes?: string[] }[];
  rules?: { type: string; globs: string[] }[];
};

const root = path.resolve(import.meta.dirname, "../../..");
const load = (file: string) => parse(readFileSync(path.join(root, file), "utf8")) as unknown as Config;
const web = load("wrangler.toml");
const grading = load("workers/grading/wrangler.toml");
const test = load("tests/integration/wrangler.toml");
const gradingName = (parse(readFileSync(path.join(root, "workers/grading/wrangler.toml"), "utf8")) as { name: string }).name;

describe("wrangler.toml files agree on what they share", () => {
  it("same compatibility date and flags", () => {
    for (const config of [grading, test]) {
      expect(config.compatibility_date).toBe(web.compatibility_date);
      expect(config.compatibility_flags ?? []).toEqual(web.compatibility_flags ?? []);
    }
  });

  it("one D1 database and one R2 bucket, under the same bindings", () => {
    const db = (c: Config) => c.d1_databases?.map(({ binding, database_name, database_id }) => ({ binding, database_name, database_id }));
    const bucket = (c: Config) => c.r2_buckets?.map(({ binding, bucket_name }) => ({ binding, bucket_name }));
    expect(db(web)).toHaveLength(1);
    expect(db(grading)).toEqual(db(web));
    expect(db(test)).toEqual(db(web));
    expect(bucket(web)).toHaveLength(1);
    expect(bucket(grading)).toEqual(bucket(web));
    expect(bucket(test)).toEqual(bucket(web));
  });

  it("the web worker produces to the queue the grading worker consumes; the grading worker only re-queues to it", () => {
    const [producer] = web.queues?.producers ?? [];
    expect(producer?.binding).toBe("GRADING_QUEUE");
    // The job's Durable Object puts unfinished work back after a crash (workers/grading/recovery.ts).
    expect(grading.queues?.producers ?? []).toEqual([producer]);
    const consumed = grading.queues?.consumers ?? [];
    const main = consumed.find((c) => c.dead_letter_queue);
    expect(main?.queue).toBe(producer?.queue);
    expect(consumed.map((c) => c.queue)).toContain(main?.dead_letter_queue);
    // The test worker joins both: the same producer and the same consumers with the same limits.
    expect(test.queues?.producers).toEqual(web.queues?.producers);
    const limits = (c: Config) =>
      c.queues?.consumers?.map(({ queue, max_batch_size, max_retries, dead_letter_queue }) => ({
        queue,
        max_batch_size,
        max_retries,
        dead_letter_queue,
      }));
    expect(limits(test)).toEqual(limits(grading));
  });

  it("the GradingJob Durable Object is defined by the grading worker and bound by name from the web worker", () => {
    const [webBinding] = web.durable_objects?.bindings ?? [];
    const [gradingBinding] = grading.durable_objects?.bindings ?? [];
    expect(webBinding).toEqual({ name: gradingBinding?.name, class_name: gradingBinding?.class_name, script_name: gradingName });
    expect(test.durable_objects?.bindings).toEqual(grading.durable_objects?.bindings);
    expect(grading.migrations).toEqual(test.migrations);
    expect(grading.migrations?.flatMap((m) => m.new_sqlite_classes ?? [])).toContain(gradingBinding?.class_name);
    expect(web.migrations ?? []).toEqual([]);
  });

  it("the test worker loads the engines' modules as the grading worker does", () => {
    for (const rule of grading.rules ?? []) {
      const same = test.rules?.find((r) => r.type === rule.type);
      expect(same?.globs).toEqual(expect.arrayContaining(rule.globs));
    }
  });
});
