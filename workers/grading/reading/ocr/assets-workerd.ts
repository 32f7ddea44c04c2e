// Bundled into the grading worker by the module rules in workers/grading/wrangler.toml: *.wasm as
// CompiledWasm, *.onnx as Data, characters.txt as Text. The files are built by scripts/ocr-models/build.mjs.
import ortWasm from "./models/ort.wasm";
import detModel from "./models/det.onnx";
import recModel from "./models/rec.onnx";
import characters from "./models/characters.txt";
import heifWasm from "libheif-js/libheif-wasm/libheif.wasm";
import { parseCharacters } from "./characters";
import type { PaddleAssets } from "./paddle";

export async function loadWorkerdAssets(): Promise<PaddleAssets> {
  return { ortWasm, detModel: new Uint8Array(detModel), recModel: new Uint8Array(recModel), characters: parseCharacters(characters) };
}

export async function loadWorkerdHeifWasm(): Promise<WebAssembly.Module> {
  return heifWasm;
}
