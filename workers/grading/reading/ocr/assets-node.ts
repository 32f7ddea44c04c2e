// Node (unit tests, benchmarks, evaluations): the same files, read from disk.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { parseCharacters } from "./characters";
import type { PaddleAssets } from "./paddle";

const require = createRequire(import.meta.url);
// Node can compile wasm from bytes; workerd cannot, so the worker's types leave `compile` out.
const { compile } = WebAssembly as unknown as { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
const models = (name: string) => fileURLToPath(new URL(`./models/${name}`, import.meta.url));

export async function loadNodeAssets(): Promise<PaddleAssets> {
  const [wasm, detModel, recModel, characters] = await Promise.all([
    readFile(models("ort.wasm")),
    readFile(models("det.onnx")),
    readFile(models("rec.onnx")),
    readFile(models("characters.txt"), "utf8"),
  ]);
  return {
    ortWasm: await compile(wasm),
    detModel: new Uint8Array(detModel),
    recModel: new Uint8Array(recModel),
    characters: parseCharacters(characters),
  };
}

export async function loadNodeHeifWasm(): Promise<WebAssembly.Module> {
  return compile(await readFile(require.resolve("libheif-js/libheif-wasm/libheif.wasm")));
}
