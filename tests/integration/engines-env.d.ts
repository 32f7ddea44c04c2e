declare module "*.jpg" {
  const data: ArrayBuffer;
  export default data;
}
