// Where the engines' wasm and models come from. The default loader picks the bundled modules inside
// workerd and the files on disk under Node (tests, benchmarks, evaluations); a deployment may register
// its own loader (e.g. the models from R2) with setOcrAssetLoader.
import type { PaddleAssets } from "./paddle";

export type OcrAssetLoader = () => Promise<PaddleAssets>;

export function isWorkerd(): boolean {
  return typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";
}

let loader: OcrAssetLoader = async () =>
  isWorkerd() ? (await import("./assets-workerd")).loadWorkerdAssets() : (await import("./assets-node")).loadNodeAssets();

export function setOcrAssetLoader(next: OcrAssetLoader): void {
  loader = next;
}

export function loadOcrAssets(): Promise<PaddleAssets> {
  return loader();
}

export async function loadHeifWasm(): Promise<WebAssembly.Module> {
  return isWorkerd() ? (await import("./assets-workerd")).loadWorkerdHeifWasm() : (await import("./assets-node")).loadNodeHeifWasm();
}
