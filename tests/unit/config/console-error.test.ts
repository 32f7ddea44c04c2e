// The setup's console.error recorder (tests/setup/console-error.ts): an unexpected console.error fails the test.
import { describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "../../setup/console-error";

describe("console.error in a test", () => {
  it("is recorded by the setup's spy", () => {
    expect(vi.isMockFunction(console.error)).toBe(true);
  });

  it("lets a test that allows it log one", () => {
    allowConsoleError();
    console.error("an expected error");
    expect(vi.mocked(console.error)).toHaveBeenCalledWith("an expected error");
  });

  it.fails("fails a test that logs without allowing it", () => {
    console.error("an unexpected error");
  });
});
