#!/usr/bin/env node
// `npm run bench:pages`: what the public pages weigh, measured on a real `wrangler dev` of the current build:
// HTML, JavaScript and CSS each page references, gzipped (level 6, close to what Cloudflare serves).
// With LIGHTHOUSE_DIR=<folder whose node_modules has lighthouse> it also runs Lighthouse in Debian's Chromium;
// lighthouse is not a project dependency (13.x needs Node 22; 12.8 runs on Node 20 and downloads no browser).
// Options: --no-build (reuse build/), BENCH_PORT (default 8795), BENCH_PAGES=/,/pricing.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { findChromium } from "../find-chromium.mjs";

const port = process.env.BENCH_PORT ?? "8795";
const base = `http://127.0.0.1:${port}`;
const pages = (process.env.BENCH_PAGES ?? "/,/pricing,/privacy,/terms,/support,/contact").split(",");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", E2E_PORT: port };

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The e2e server script: fresh local state, migrations, one `wrangler dev` of both workers. Own process group,
// so that stopping it stops wrangler and workerd too.
const server = spawn("node", ["scripts/serve-test.mjs"], { env, stdio: "ignore", detached: true });
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
};
process.on("exit", stop);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(1));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`wrangler dev did not answer on ${base}`);
}

const gz = (bytes) => gzipSync(bytes, { level: 6 }).length;
const kb = (n) => (n / 1024).toFixed(1);

/** Scripts, module preloads, dynamic imports and stylesheets the server-rendered HTML asks for. */
function assetUrls(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*>/g)) {
    const tag = m[0];
    const href = tag.match(/href="([^"]+)"/)?.[1];
    if (href && /rel="(stylesheet|modulepreload)"/.test(tag)) urls.add(href);
  }
  for (const m of html.matchAll(/import\("([^"]+)"\)/g)) urls.add(m[1]);
  return [...urls].filter((u) => u.startsWith("/"));
}

async function measure(path) {
  const html = Buffer.from(await (await fetch(base + path)).arrayBuffer());
  const row = { page: path, htmlGz: gz(html), jsGz: 0, cssGz: 0, jsFiles: 0, cssFiles: 0 };
  for (const url of assetUrls(html.toString("utf8"))) {
    const bytes = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    if (url.endsWith(".css")) {
      row.cssGz += gz(bytes);
      row.cssFiles += 1;
    } else {
      row.jsGz += gz(bytes);
      row.jsFiles += 1;
    }
  }
  return row;
}

async function lighthouseScores(paths) {
  const dir = process.env.LIGHTHOUSE_DIR;
  if (!dir) return null;
  const require = createRequire(join(dir, "package.json"));
  const lighthouse = (await import(pathToFileURL(require.resolve("lighthouse")).href)).default;
  const chromeLauncher = await import(pathToFileURL(require.resolve("chrome-launcher")).href);
  const results = [];
  for (const path of paths) {
    for (const formFactor of ["mobile", "desktop"]) {
      // A fresh Chromium per run: a reused one starts answering with an interstitial after a few runs.
      const chrome = await chromeLauncher.launch({
        chromePath: findChromium(),
        chromeFlags: [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
      });
      try {
        const config =
          formFactor === "desktop"
            ? (await import(pathToFileURL(join(dirnameOf(require.resolve("lighthouse")), "../core/config/desktop-config.js")).href)).default
            : undefined;
        const flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        };
        let run = await lighthouse(base + path, flags, config);
        // Chromium occasionally shows an interstitial for a tab reused right after another run: try once more.
        if (run.lhr.runtimeError) run = await lighthouse(base + path, flags, config);
        if (run.lhr.runtimeError)
          console.log(
            `probe ${path}: ${await fetch(base + path).then(
              (r) => r.status,
              (e) => e.message,
            )}`,
          );
        if (run.lhr.runtimeError) console.log(`${path} ${formFactor}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
        const c = run.lhr.categories;
        const metric = (id) => run.lhr.audits[id]?.numericValue;
        const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
        results.push({
          page: path,
          formFactor,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          fcpMs: Math.round(metric("first-contentful-paint") ?? NaN),
          lcpMs: Math.round(metric("largest-contentful-paint") ?? NaN),
          cls: Number((metric("cumulative-layout-shift") ?? NaN).toFixed(3)),
          tbtMs: Math.round(metric("total-blocking-time") ?? NaN),
          failing: Object.values(run.lhr.audits)
            .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
            .map((a) => a.id),
        });
      } finally {
        await chrome.kill();
      }
    }
  }
  return results;
}

function dirnameOf(file) {
  return file.slice(0, file.lastIndexOf("/"));
}

try {
  await waitForServer();
  const rows = [];
  for (const path of pages) rows.push(await measure(path));
  console.log("\nPage weight (KB gzipped, what the server-rendered HTML references):");
  console.table(
    rows.map((r) => ({
      page: r.page,
      html: kb(r.htmlGz),
      js: `${kb(r.jsGz)} (${r.jsFiles} files)`,
      css: kb(r.cssGz),
      "js+css": kb(r.jsGz + r.cssGz),
    })),
  );
  const scores = await lighthouseScores((process.env.LIGHTHOUSE_PAGES ?? "/,/pricing").split(","));
  if (scores) {
    console.log("\nLighthouse (Debian Chromium, local wrangler dev):");
    console.table(scores.map(({ failing: _failing, ...s }) => s));
    for (const s of scores) if (s.failing.length) console.log(`${s.page} ${s.formFactor} failing audits: ${s.failing.join(", ")}`);
  } else {
    console.log(
      "\nLighthouse skipped: set LIGHTHOUSE_DIR to a folder with lighthouse@12 installed (npm install --prefix <dir> lighthouse@12.8.2).",
    );
  }
  mkdirSync("bench-results", { recursive: true });
  writeFileSync(
    "bench-results/pages.json",
    JSON.stringify({ measuredAt: new Date().toISOString(), pages: rows, lighthouse: scores }, null, 2),
  );
} finally {
  stop();
}
process.exit(0);
