// package.json, the lockfile and node_modules agree: the patched package is the version its patch was made for
// (and a mismatch fails the install), what the workers import at run time is a dependency, and what the scripts
// import is declared. Issue 34.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const pkg = json("package.json") as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides?: Record<string, string>;
};
const lock = json("package-lock.json") as { packages: Record<string, { version?: string }> };

/** Every source file under a folder (ts, tsx, mjs), skipping hidden (generated) folders and node_modules. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    if (name.startsWith(".") || name === "node_modules") continue;
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** Packages a file imports at run time (type-only imports left out), by package name. */
function importedPackages(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const found = new Set<string>();
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
    const spec = m[1];
    if (spec.startsWith(".") || spec.startsWith("~/") || spec.startsWith("node:") || spec.startsWith("cloudflare:")) continue;
    const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
    if (builtinModules.includes(name) || name.startsWith("virtual:")) continue;
    found.add(name);
  }
  return [...found];
}

describe("dependencies", () => {
  it("pins the patched package to the version its patch was made for, and a mismatch fails the install", () => {
    const patches = readdirSync(path.join(root, "patches")).filter((f) => f.endsWith(".patch"));
    expect(patches.length).toBeGreaterThan(0);
    for (const patch of patches) {
      const [, scoped, version] = patch.match(/^(.+)\+(\d+\.\d+\.\d+)\.patch$/)!;
      const name = scoped.replace("+", "/");
      expect(pkg.dependencies[name], `${name} in dependencies`).toBe(version);
      expect(pkg.overrides?.[name], `${name} in overrides`).toBe(`$${name}`);
      const locked = Object.entries(lock.packages).filter(([where]) => where.endsWith(`node_modules/${name}`));
      expect(locked.map(([, entry]) => entry.version)).toEqual(locked.map(() => version));
      expect(json(`node_modules/${name}/package.json`).version).toBe(version);
    }
    expect(pkg.scripts.postinstall).toMatch(/^patch-package --error-on-warn(\s|$)/);
  });

  it("declares what the workers import at run time as dependencies", () => {
    const runtime = ["app", "core", "workers"].flatMap(sources).filter((f) => !/\.test\.tsx?$/.test(f));
    const missing = runtime.flatMap((file) =>
      importedPackages(file)
        .filter((p) => !pkg.dependencies[p])
        .map((p) => `${p} (${file})`),
    );
    expect(missing).toEqual([]);
  });

  it("declares what the scripts import, at the versions wrangler brings for miniflare and esbuild", () => {
    const declared = { ...pkg.dependencies, ...pkg.devDependencies };
    const missing = sources("scripts").flatMap((file) =>
      importedPackages(file)
        .filter((p) => !declared[p])
        .map((p) => `${p} (${file})`),
    );
    expect(missing).toEqual([]);
    const wrangler = json("node_modules/wrangler/package.json") as { dependencies: Record<string, string> };
    for (const name of ["miniflare", "esbuild"]) {
      expect(pkg.devDependencies[name], name).toBe(wrangler.dependencies[name]);
      expect(json(`node_modules/${name}/package.json`).version).toBe(wrangler.dependencies[name]);
    }
  });
});
