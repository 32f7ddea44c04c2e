declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.onnx" {
  const data: ArrayBuffer;
  export default data;
}
declare module "*/characters.txt" {
  const text: string;
  export default text;
}
declare module "libheif-js/libheif-wasm/libheif.js" {
  const factory: (options: object) => Promise<unknown>;
  export default factory;
}
