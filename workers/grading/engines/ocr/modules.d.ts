declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.traineddata.gz" {
  const data: ArrayBuffer;
  export default data;
}
declare module "tesseract.js-core/tesseract-core-simd-lstm.js" {
  const factory: (options: object) => Promise<unknown>;
  export default factory;
}
declare module "libheif-js/libheif-wasm/libheif.js" {
  const factory: (options: object) => Promise<unknown>;
  export default factory;
}
