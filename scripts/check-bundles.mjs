#!/usr/bin/env node
// `npm run check:bundles`: bundles both workers exactly as `wrangler deploy --dry-run --outdir` does and fails when
// either is over its budget (docs/decisions/0014): every module the upload carries (script, wasm, data), gzipped.
// Cloudflare's limits are 10 MB gzipped (paid plan) and 3 MB (free plan); the budgets keep headroom under them.
// Needs `npm run build` first (the web worker imports build/server). Options: --json (machine-readable output).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const MB = 1024 * 1024;
const BUDGETS = [
  { name: "web", config: "wrangler.toml", budgetGz: 2 * MB },
  // 9.5 MB since PP-OCR replaced tesseract (docs/decisions/0018): onnxruntime alone is 3.5 MB of it.
  { name: "grading", config: "workers/grading/wrangler.toml", budgetGz: 9.5 * MB },
];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function measure({ name, config }) {
  const outdir = mkdtempSync(join(tmpdir(), `gradewell-bundle-${name}-`));
  try {
    const result = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir, "-c", config], {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
    if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed for ${config}:\n${result.stdout}\n${result.stderr}`);
    const modules = files(outdir)
      .filter((path) => !path.endsWith(".map") && !path.endsWith("README.md"))
      .map((path) => {
        const bytes = readFileSync(path);
        return { file: relative(outdir, path), raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
      })
      .sort((a, b) => b.gz - a.gz);
    return { raw: modules.reduce((s, m) => s + m.raw, 0), gz: modules.reduce((s, m) => s + m.gz, 0), modules };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const mb = (bytes) => `${(bytes / MB).toFixed(2)} MB`;
let failed = false;
const report = [];
for (const worker of BUDGETS) {
  const size = measure(worker);
  const over = size.gz > worker.budgetGz;
  failed ||= over;
  report.push({ worker: worker.name, rawBytes: size.raw, gzipBytes: size.gz, budgetGzipBytes: worker.budgetGz, over });
  if (!process.argv.includes("--json")) {
    console.log(
      `${over ? "✘" : "✔"} ${worker.name} worker: ${mb(size.gz)} gzipped (${mb(size.raw)} raw), budget ${mb(worker.budgetGz)} gzipped`,
    );
    for (const m of size.modules.slice(0, 5)) console.log(`    ${m.file}: ${mb(m.gz)} gzipped (${mb(m.raw)})`);
  }
}
if (process.argv.includes("--json")) console.log(JSON.stringify(report, null, 2));
if (failed) {
  console.error("A worker is over its bundle budget (docs/decisions/0014-speed-and-process-layout.md, 0018-pp-ocr-engine.md).");
  process.exit(1);
}
