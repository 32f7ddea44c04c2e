// Node (unit tests, benchmark): the same files, read from node_modules.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { OcrAssets } from "./tesseract";

const require = createRequire(import.meta.url);
// Node can compile wasm from bytes; workerd cannot, so the worker's types leave `compile` out.
const { compile } = WebAssembly as unknown as { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };

export async function loadNodeAssets(): Promise<OcrAssets> {
  const [wasm, model] = await Promise.all([
    readFile(require.resolve("tesseract.js-core/tesseract-core-simd-lstm.wasm")),
    readFile(require.resolve("@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz")),
  ]);
  return { coreWasm: await compile(wasm), model: new Uint8Array(model) };
}

export async function loadNodeHeifWasm(): Promise<WebAssembly.Module> {
  return compile(await readFile(require.resolve("libheif-js/libheif-wasm/libheif.wasm")));
}
