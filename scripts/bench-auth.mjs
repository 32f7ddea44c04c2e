#!/usr/bin/env node
// `npm run bench:auth`: what a password hash costs inside workerd (Miniflare), measured from outside the isolate
// (timers inside a Worker do not advance during computation). Prints milliseconds per operation.
import { build } from "esbuild";
import { Miniflare } from "miniflare";

const bundle = await build({
  entryPoints: ["scripts/bench/auth-worker.ts"],
  bundle: true,
  format: "esm",
  platform: "browser",
  conditions: ["workerd", "worker", "browser"],
  write: false,
});
const mf = new Miniflare({ modules: true, script: bundle.outputFiles[0].text, compatibilityDate: "2026-04-20" });

async function time(path, runs) {
  await mf.dispatchFetch(`http://bench${path}`); // warm up
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await mf.dispatchFetch(`http://bench${path}`);
    await response.json();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)], p90: samples[Math.floor(runs * 0.9)] };
}

const rows = [
  ["scrypt N=2^14 r=8 p=1: hash + verify (sign-up, then sign-in)", await time("/scrypt", 15)],
  ["PBKDF2-SHA256 100,000 iterations (production cap): one derivation", await time("/pbkdf2?iterations=100000", 15)],
];
for (const [label, { median, p90 }] of rows) console.log(`${label}: median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms`);
await mf.dispose();
