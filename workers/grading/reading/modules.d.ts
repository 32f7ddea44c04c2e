declare module "mammoth" {
  const mammoth: { extractRawText(input: { arrayBuffer?: ArrayBuffer; buffer?: Uint8Array }): Promise<{ value: string }> };
  export default mammoth;
}
declare module "word-extractor" {
  export default class WordExtractor {
    extract(input: string | Uint8Array): Promise<{ getBody(): string }>;
  }
}
