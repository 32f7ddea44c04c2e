// npm run bench:ocr — text recognition inside workerd against the native `tesseract` CLI on the same photographed
// pages, interleaved page by page so both see the same machine load. workerd: a reader process
// (workers/grading/reader.ts: photo clean-up + PP-OCRv4 through onnxruntime's wasm, as the grading worker reads);
// native: Debian's tesseract-ocr with Debian's English model, page segmentation 4, one thread: a native engine's
// cost for the same page, as a yardstick (a different engine: compare seconds, not accuracy; eval:reading has that).
// Prints seconds a page for each and their ratio. Needs `apt-get install tesseract-ocr` (benchmark only).
// Options: BENCH_PAGES (12), BENCH_PORT (8799).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, renderPhotos } from "./harness";
import { writeLayoutConfigs } from "../dev/layout.mjs";

const PAGES = Number(process.env.BENCH_PAGES ?? 12);
const PORT = process.env.BENCH_PORT ?? "8799";
const require = createRequire(import.meta.url);
const DEBIAN_TESSDATA = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"];

function nativeTesseract(): string {
  const found = spawnSync("tesseract", ["--version"], { encoding: "utf8" });
  if (found.status !== 0) throw new Error("The native tesseract CLI is missing: apt-get install tesseract-ocr");
  return (found.stdout || found.stderr).split("\n")[0]!;
}

async function main() {
  const version = nativeTesseract();
  const work = mkdtempSync(join(tmpdir(), "gradewell-bench-ocr-"));
  const tessdata = DEBIAN_TESSDATA.find((dir) => existsSync(join(dir, "eng.traineddata")));
  if (!tessdata) throw new Error("Debian's English model is missing: apt-get install tesseract-ocr-eng");
  const { readerConfigs } = writeLayoutConfigs(1) as { readerConfigs: string[] };
  const cli = join(require.resolve("wrangler/package.json"), "../wrangler-dist/cli.js");
  const reader = spawn(
    process.execPath,
    [cli, "dev", "-c", readerConfigs[0]!, "--ip", "127.0.0.1", "--port", PORT, "--persist-to", join(work, "state")],
    { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_REGISTRY_PATH: join(work, "registry") } },
  );
  process.on("exit", () => reader.kill());
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/warm`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("the reader did not start");
    await new Promise((r) => setTimeout(r, 500));
  }

  const photos = await renderPhotos(PAGES);
  const inWorkerd: number[] = [];
  const native: number[] = [];
  for (const [i, photo] of photos.entries()) {
    const t0 = performance.now();
    const response = await fetch(`${base}/read`, { method: "POST", body: photo });
    const text = await response.text();
    if (!text.includes('"reading"')) throw new Error(`reader failed: ${text.slice(0, 300)}`);
    inWorkerd.push((performance.now() - t0) / 1000);

    const file = join(work, `page-${i}.jpg`);
    writeFileSync(file, photo);
    const t1 = performance.now();
    const run = spawnSync("tesseract", [file, "stdout", "--tessdata-dir", tessdata, "-l", "eng", "--oem", "1", "--psm", "4"], {
      encoding: "utf8",
      env: { ...process.env, OMP_THREAD_LIMIT: "1" },
    });
    if (run.status !== 0) throw new Error(`tesseract failed: ${run.stderr}`);
    native.push((performance.now() - t1) / 1000);
    process.stdout.write(`\r  page ${i + 1}/${PAGES}`);
  }
  reader.kill();
  const mean = (l: number[]) => l.reduce((s, x) => s + x, 0) / l.length;
  const median = (l: number[]) =>
    percentile(
      [...l].sort((a, b) => a - b),
      50,
    );
  console.log(`\nbench:ocr: ${PAGES} photographed worksheet pages, interleaved (workerd page, then native page)`);
  console.log(
    `  workerd (reader: clean-up + PP-OCRv4 WASM): mean ${mean(inWorkerd).toFixed(2)} s, median ${median(inWorkerd).toFixed(2)} s a page`,
  );
  console.log(
    `  native ${version} (one thread, Debian's model):  mean ${mean(native).toFixed(2)} s, median ${median(native).toFixed(2)} s a page`,
  );
  console.log(`  ratio workerd / native (medians): ${(median(inWorkerd) / median(native)).toFixed(2)}×`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => setTimeout(() => process.exit(), 500).unref());
