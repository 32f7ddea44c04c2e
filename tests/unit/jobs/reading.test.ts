// Reading through reader processes (the local layout, docs/decisions/0014): the grading worker's readUpload against
// the real reader worker (workers/grading/reader.ts) behind a fetch binding, and the in-isolate path without one.
import { describe, expect, it } from "vitest";
import { worksheetPdfWithText } from "../../../tools/worksheets/worksheets";
import { UnsupportedFileError } from "../../../core/files/file-type";
import reader from "../../../workers/grading/reader";
import { readUpload } from "../../../workers/grading/reading";
import type { PageReading } from "../../../workers/grading/engines";

function readerBinding(log: string[], name: string) {
  return {
    fetch(input: RequestInfo | URL, init?: RequestInit) {
      log.push(name);
      return reader.fetch(new Request(input, init));
    },
  };
}

const pages = [
  ["Name: Ada Lovelace", "1. 12 + 30 = 42"],
  ["2. 7 x 8 = 56", "3. 100 - 1 = 99"],
];

describe("readUpload", () => {
  it("reads in this isolate when no reader is bound", async () => {
    const reading = await readUpload({} as Env, await worksheetPdfWithText(pages));
    expect(reading.pages).toHaveLength(2);
    expect(reading.text).toContain("Ada Lovelace");
  });

  it("reads through a reader process: every page as it is read, then the whole reading", async () => {
    const calls: string[] = [];
    const env = { READER_1: readerBinding(calls, "READER_1") } as unknown as Env;
    const seen: PageReading[] = [];
    const reading = await readUpload(env, await worksheetPdfWithText(pages), { onPage: (page) => seen.push(page) });
    expect(calls).toEqual(["READER_1"]);
    expect(seen.map((p) => p.number)).toEqual([1, 2]);
    expect(reading.method).toBe("text-layer");
    expect(reading.text).toContain("7 x 8 = 56");
    expect(reading.pages.map((p) => p.text)).toEqual(seen.map((p) => p.text));
  });

  it("keeps a file that cannot be read a permanent failure, with its reason", async () => {
    const env = { READER_1: readerBinding([], "READER_1") } as unknown as Env;
    const error = await readUpload(env, new TextEncoder().encode("not a document at all")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedFileError);
    expect((error as UnsupportedFileError).reason).toBe("unsupported");
  });

  it("sends concurrent uploads to the least busy reader", async () => {
    const calls: string[] = [];
    const env = { READER_1: readerBinding(calls, "READER_1"), READER_2: readerBinding(calls, "READER_2") } as unknown as Env;
    const pdf = await worksheetPdfWithText(pages);
    await Promise.all([readUpload(env, pdf), readUpload(env, pdf)]);
    expect(calls.sort()).toEqual(["READER_1", "READER_2"]);
  });
});
