// The local process layout's derived configs (scripts/dev/layout.mjs, docs/decisions/0133): each worker is rebuilt
// when a source file of its changes, watched through the operating system's file events, and nothing wrangler
// writes while it runs (a bundle under .wrangler, the derived configs themselves) is watched, or it would rebuild
// for ever.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeLayoutConfigs } from "../../../scripts/dev/layout.mjs";

const root = path.resolve(import.meta.dirname, "../../..");
const written = writeLayoutConfigs(2, { tag: "unit-test" }) as { webConfig: string; gradingConfig: string; readerConfigs: string[] };
const configs = [written.webConfig, written.gradingConfig, ...written.readerConfigs];
afterAll(() => configs.forEach((file) => rmSync(file, { force: true })));

interface Derived {
  main: string;
  build?: { command?: string; watch_dir?: string[] };
}
const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Derived;
/** The watched paths of a derived config, from the project's root. */
const watched = (file: string) => (read(file).build?.watch_dir ?? []).map((p) => path.relative(root, path.resolve(path.dirname(file), p)));

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    if (name.startsWith(".") || name === "node_modules") return [];
    const rel = path.join(dir, name);
    return statSync(path.join(root, rel)).isDirectory() ? sources(rel) : rel.endsWith(".ts") ? [rel] : [];
  });
}
const covered = (file: string, paths: string[]) => paths.some((p) => file === p || file.startsWith(`${p}/`));

describe("the local layout's configs", () => {
  it("give every worker a build command, so wrangler does not poll its bundle's files", () => {
    for (const file of configs) expect(read(file).build?.command, file).toBeTruthy();
  });

  it("watch every source file of the grading worker and of core, for the grading worker and each reader", () => {
    const files = [...sources("workers/grading"), ...sources("core")];
    expect(files.length).toBeGreaterThan(100);
    for (const config of [written.gradingConfig, ...written.readerConfigs]) {
      const paths = watched(config);
      expect(
        files.filter((f) => !covered(f, paths)),
        config,
      ).toEqual([]);
    }
  });

  it("watch the web worker's entry, the server code and the Remix build", () => {
    const paths = watched(written.webConfig);
    expect(covered(read(written.webConfig).main, paths)).toBe(true);
    for (const p of ["app/server/auth.server.ts", "core/db/client.ts", "build/server/index.js"]) expect(covered(p, paths), p).toBe(true);
  });

  it("watch nothing wrangler writes while it runs", () => {
    for (const config of configs) {
      for (const p of watched(config)) {
        expect(p.split(path.sep), config).not.toContain(".wrangler");
        expect(p.split(path.sep), config).not.toContain("node_modules");
        expect(
          configs.some((c) => covered(path.relative(root, c), [p])),
          `${config} watches ${p}`,
        ).toBe(false);
        expect(existsSync(path.join(root, p)) || p === "build/server", `${p} exists`).toBe(true);
      }
    }
  });
});
