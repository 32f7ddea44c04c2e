// A queue batch's submissions are under way a few at a time (workers/grading/consumer.ts, docs/decisions/0087).
import { describe, expect, it } from "vitest";
import { eachAtMost } from "../../../workers/grading/consumer";

describe("eachAtMost", () => {
  it("runs every item, never more than the limit at once, starting them in order", async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await eachAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      most = Math.max(most, ++running);
      await new Promise((done) => setTimeout(done, 5 + (n % 3) * 5));
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it("starts the next item as soon as one ends, not when the slowest of a group does", async () => {
    const order: string[] = [];
    await eachAtMost(["slow", "quick", "next"], 2, async (name) => {
      await new Promise((done) => setTimeout(done, name === "slow" ? 60 : 5));
      order.push(name);
    });
    expect(order).toEqual(["quick", "next", "slow"]);
  });

  it("does nothing for an empty batch", async () => {
    let calls = 0;
    await eachAtMost([], 4, async () => void (calls += 1));
    expect(calls).toBe(0);
  });
});
