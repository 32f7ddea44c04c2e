// A test fails when it logs an unexpected console.error (docs/decisions/0046): an error printed and ignored is a
// failure nobody sees. A test that means to log one says so with `allowConsoleError()`; one that spies on
// console.error with its own implementation replaces this recorder and is left alone. A setup that can tell when a
// log belongs to no running test (the integration tests' queue deliveries, docs/decisions/0050) says so with
// `attributeConsoleErrors`: such a log is printed with its owner and counts against no test.
import { afterEach, beforeEach, vi } from "vitest";

const print = console.error.bind(console);
let logged: unknown[][] = [];
let allowed = false;
let elsewhere: () => string | null = () => null;

/** The running test expects console.error: it is printed, and does not fail the test. */
export function allowConsoleError() {
  allowed = true;
}

/** `owner()` names who a log being written belongs to when it is not the running test, else returns null. */
export function attributeConsoleErrors(owner: () => string | null) {
  elsewhere = owner;
}

beforeEach(() => {
  logged = [];
  allowed = false;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const owner = elsewhere();
    if (owner) return print(`[console.error of ${owner}, not of this test]`, ...args);
    logged.push(args);
    print(...args);
  });
});

afterEach(() => {
  if (vi.isMockFunction(console.error)) vi.mocked(console.error).mockRestore();
  if (allowed || logged.length === 0) return;
  const first = logged[0]!.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" ");
  throw new Error(`console.error was called ${logged.length} time(s) in this test; the first: ${first}`);
});
