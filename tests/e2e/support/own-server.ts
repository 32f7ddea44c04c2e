// A server of a test's own, beside the one Playwright starts: the same `scripts/serve-test.mjs` (a fresh state
// folder, the local process layout) on another port, with settings of its own (E2E_VARS) or an existing state
// folder (E2E_PERSIST). Started in its own process group, so that the whole runtime can be killed at once.
import { spawn, type ChildProcess } from "node:child_process";

export type OwnServer = { base: string; process: ChildProcess };

export function startOwnServer(port: number, options: { vars?: Record<string, string>; persist?: string } = {}): OwnServer {
  const vars = Object.entries(options.vars ?? {}).map(([name, value]) => `${name}:${value}`);
  const child = spawn("node", ["scripts/serve-test.mjs"], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_VARS: vars.join(" "),
      ...(options.persist ? { E2E_PERSIST: options.persist } : {}),
    },
    stdio: process.env.E2E_SERVER_LOG ? "inherit" : "ignore",
    detached: true,
  });
  return { base: `http://127.0.0.1:${port}`, process: child };
}

/** Polls `probe` every 250 ms until it answers something truthy; a probe that throws is "not yet". */
export async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, seconds = 180): Promise<T> {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function waitUntilHealthy(server: OwnServer, what = "the server"): Promise<void> {
  await until(async () => (await fetch(`${server.base}/api/health`)).ok, what, 240);
}

/** Kills the server's whole process group at once, as a crash would (SIGKILL), or stops it (SIGTERM). */
export function killOwnServer(server: OwnServer, signal: NodeJS.Signals = "SIGKILL"): void {
  try {
    process.kill(-server.process.pid!, signal);
  } catch {
    // already gone
  }
}
