// Bundled into the grading worker by the module rules in workers/grading/wrangler.toml:
// *.wasm as CompiledWasm, *.traineddata.gz as Data (kept gzipped: 2.9 MB instead of 5.2 MB).
import coreWasm from "tesseract.js-core/tesseract-core-simd-lstm.wasm";
import model from "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz";
import heifWasm from "libheif-js/libheif-wasm/libheif.wasm";
import type { OcrAssets } from "./tesseract";

export async function loadWorkerdAssets(): Promise<OcrAssets> {
  return { coreWasm, model: new Uint8Array(model) };
}

export async function loadWorkerdHeifWasm(): Promise<WebAssembly.Module> {
  return heifWasm;
}
