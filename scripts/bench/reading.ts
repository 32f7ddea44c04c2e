// npm run bench:reading — seconds a page and the OCR heap INSIDE workerd (wrangler's local runtime),
// on held-out evaluation pages of every capture condition (typed fonts), and what the handwriting pass adds to a
// handwritten page (BENCH_HANDWRITTEN_PAGES a condition, default 4). Timed from outside the isolate
// (timers inside a Worker do not advance during computation).
import { unstable_dev } from "wrangler";
import { CONDITIONS, generatePage, pageSpecs, characterErrorRate } from "../../tools/reading/pages";
import { loadSplit, type LabelledDigit } from "../handwriting/mnist";
import { composePage, PAGE_CONDITIONS } from "../handwriting/page";

const worker = await unstable_dev("scripts/bench/reading-worker.ts", {
  config: "scripts/bench/reading.wrangler.toml",
  experimental: { disableExperimentalWarning: true },
  logLevel: "error",
});
try {
  let t = performance.now();
  await (await worker.fetch("/start")).json();
  console.log(`bench:reading inside workerd (${new Date().toISOString()})\nengine start ${((performance.now() - t) / 1000).toFixed(2)} s`);
  let peak = 0;
  console.log("condition    pages  s/page   CER    wasm heap after");
  for (const condition of CONDITIONS) {
    const specs = pageSpecs("heldout", { condition, layout: "answer-lines" }).filter((s) => s.font !== "handwriting");
    const seconds: number[] = [];
    const cers: number[] = [];
    let heap = 0;
    for (const spec of specs) {
      const page = await generatePage(spec);
      t = performance.now();
      const res = await worker.fetch("/read", { method: "POST", body: page.bytes });
      const body = (await res.json()) as { text: string; wasmBytes: number };
      seconds.push((performance.now() - t) / 1000);
      cers.push(characterErrorRate(page.truth, body.text));
      heap = body.wasmBytes;
      peak = Math.max(peak, heap);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `${condition.padEnd(12)} ${String(specs.length).padStart(5)}  ${mean(seconds).toFixed(2).padStart(6)}  ${(mean(cers) * 100).toFixed(2).padStart(5)}%  ${(heap / 2 ** 20).toFixed(0)} MB`,
    );
  }
  console.log(
    `OCR wasm heap peak: ${(peak / 2 ** 20).toFixed(0)} MB (it never shrinks); clean-up buffers add about 4 bytes a pixel of a 2400 px page while it runs`,
  );
  // What the handwriting pass adds to a page inside workerd (issue 31: at most 0.5 s): handwritten pages of the dev
  // digits (scripts/handwriting), each read with the pass on and off, in alternating order.
  const pool = new Map<number, LabelledDigit[]>();
  for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
  const pages = Number(process.env.BENCH_HANDWRITTEN_PAGES ?? 4);
  console.log(`handwritten  pages  s/page with the handwriting pass, without, added (dev digits, ${pages} pages a condition)`);
  for (const condition of PAGE_CONDITIONS) {
    const timed = { on: 0, off: 0 };
    for (let p = 0; p < pages; p++) {
      const page = await composePage(7100 + p, pool, condition);
      for (const pass of p % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
        const started = performance.now();
        await (await worker.fetch(`/read?handwriting=${pass}`, { method: "POST", body: page.bytes })).json();
        timed[pass] += (performance.now() - started) / 1000 / pages;
      }
    }
    console.log(
      `${condition.padEnd(12)} ${String(pages).padStart(5)}  ${timed.on.toFixed(2)} s  ${timed.off.toFixed(2)} s  ${(timed.on - timed.off).toFixed(2)} s`,
    );
  }
} finally {
  await worker.stop();
}
