import { describe, expect, it } from "vitest";
import { chunk, D1_MAX_BOUND_VALUES, inChunks, rowsPerInsert } from "../../../core/db/chunk";

describe("D1-sized chunks", () => {
  it("splits a list into runs of at most the size", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });

  it("runs one query per slice, leaving room for the statement's other bound values", async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `id-${i}`);
    const sizes: number[] = [];
    const rows = await inChunks(ids, 2, async (slice) => {
      sizes.push(slice.length);
      return slice;
    });
    expect(rows).toEqual(ids);
    expect(Math.max(...sizes) + 2).toBeLessThanOrEqual(D1_MAX_BOUND_VALUES);
    expect(sizes).toEqual([98, 98, 54]);
  });

  it("binds each id once and skips the query for an empty list", async () => {
    let calls = 0;
    expect(
      await inChunks([], 1, async () => {
        calls += 1;
        return [];
      }),
    ).toEqual([]);
    expect(calls).toBe(0);
    expect(await inChunks(["a", "a", "b"], 1, async (slice) => slice)).toEqual(["a", "b"]);
  });

  it("fits multi-row inserts within the bound", () => {
    expect(rowsPerInsert(7)).toBe(14);
    expect(rowsPerInsert(200)).toBe(1);
  });
});
