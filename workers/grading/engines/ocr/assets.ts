// Where the engines' wasm and model come from. The default loader picks the bundled modules inside
// workerd and the files in node_modules under Node (tests, benchmark); a deployment may register
// its own loader (e.g. the model from R2) with setOcrAssetLoader.
import type { OcrAssets } from "./tesseract";

export type OcrAssetLoader = () => Promise<OcrAssets>;

export function isWorkerd(): boolean {
  return typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";
}

let loader: OcrAssetLoader = async () =>
  isWorkerd() ? (await import("./assets-workerd")).loadWorkerdAssets() : (await import("./assets-node")).loadNodeAssets();

export function setOcrAssetLoader(next: OcrAssetLoader): void {
  loader = next;
}

export function loadOcrAssets(): Promise<OcrAssets> {
  return loader();
}

export async function loadHeifWasm(): Promise<WebAssembly.Module> {
  return isWorkerd() ? (await import("./assets-workerd")).loadWorkerdHeifWasm() : (await import("./assets-node")).loadNodeHeifWasm();
}
