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
  external: ["node:*"],
  write: false,
});
const mf = new Miniflare({
  modules: true,
  script: bundle.outputFiles[0].text,
  compatibilityDate: "2026-04-20",
  compatibilityFlags: ["nodejs_compat"],
});

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

// OWASP's scrypt rows (Password Storage Cheat Sheet) all cost about the same CPU (N*r*p); they differ in memory.
// One derivation is what a sign-in costs (sign-up and a password change cost one more).
const rows = [
  ["pure-JS scrypt (@noble/hashes) N=2^14 r=8 p=1 (before issue 34): one sign-in", await time("/noble?logN=14&r=8&p=1", 9)],
  ["pure-JS scrypt (@noble/hashes) N=2^14 r=8 p=5: one sign-in", await time("/noble?logN=14&r=8&p=5", 9)],
  ["native scrypt (workerd node:crypto) N=2^14 r=8 p=1: one sign-in", await time("/verify?logN=14&r=8&p=1", 15)],
  ["native scrypt N=2^14 r=8 p=5 (16 MiB, the setting used): one sign-in", await time("/verify?logN=14&r=8&p=5", 15)],
  ["native scrypt N=2^15 r=8 p=3 (32 MiB): one sign-in", await time("/verify?logN=15&r=8&p=3", 9)],
  ["native scrypt N=2^16 r=8 p=2 (64 MiB): one sign-in", await time("/verify?logN=16&r=8&p=2", 9)],
  ["PBKDF2-SHA256 100,000 iterations (production cap): one derivation", await time("/pbkdf2?iterations=100000", 15)],
];
for (const [label, { median, p90 }] of rows) console.log(`${label}: median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms`);
await mf.dispose();
