// The grading worker and a reader process talk NDJSON over /read (reading.ts, reader-protocol.ts): a page event
// per page, then the reading with its strips' JPEGs in base64, a line of hundreds of kilobytes in many chunks.
import { encodeBase64 } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "../../../core/base64";
import { KEY_NUMBERS_HEADER, keyNumbersFromHeader, pageEventToWire, readingToWire } from "../../../workers/grading/reader-protocol";
import { readUpload } from "../../../workers/grading/reading";
import type { PageReading } from "../../../workers/grading/reading/types";
import { ocrPage, ocrReading } from "./ocr-pages";

function bytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) out[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
}

describe("base64 through the runtime's atob and btoa", () => {
  it("encodes as the former codec did (strips kept in R2 before still decode) and decodes back", () => {
    for (const n of [0, 1, 2, 3, 4, 255, 0x8000 + 7, 100_000]) {
      const b = bytes(n, n + 1);
      expect(toBase64(b)).toBe(encodeBase64(b));
      expect(fromBase64(encodeBase64(b))).toEqual(b);
    }
  });
});

describe("a reading sent by a reader process, in small chunks", () => {
  const page: PageReading = {
    ...ocrPage([{ text: "1. 12 × 8 = 96", confidence: 0.9, bbox: { x: 0, y: 0, width: 200, height: 20 }, words: [] }]),
    strips: [
      { x: 0, y: 0, width: 600, height: 40, jpeg: bytes(30_000, 7) },
      { x: 0, y: 40, width: 600, height: 40, jpeg: bytes(9_001, 8) },
    ],
  };
  const reading = ocrReading(page);
  const body = `${JSON.stringify({ page: pageEventToWire(page) })}\n${JSON.stringify({ reading: readingToWire(reading) })}\n`;

  it("gives each page event once and the reading with its strips' bytes whole, the lines' ends falling anywhere", async () => {
    for (const size of [7, 4096, 65_536]) {
      const encoded = new TextEncoder().encode(body);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < encoded.length; i += size) controller.enqueue(encoded.subarray(i, i + size));
          controller.close();
        },
      });
      const env = { READER_1: { fetch: async () => new Response(stream) } } as unknown as Env;
      const pages: string[] = [];
      const read = await readUpload(env, new Uint8Array([1, 2, 3]), { onPage: (p) => pages.push(p.text) });
      expect(pages).toEqual([page.text]);
      expect(read.pages[0]!.strips!.map((s) => s.jpeg)).toEqual(page.strips!.map((s) => s.jpeg));
    }
  });

  it("says so when the reader stops before the reading's line ends", async () => {
    const cut = new TextEncoder().encode(body.slice(0, body.length - 1000));
    const env = { READER_1: { fetch: async () => new Response(cut) } } as unknown as Env;
    await expect(readUpload(env, new Uint8Array([1]))).rejects.toThrow("The reader stopped before the document was read.");
  });

  it("sends the key's numbers as they are when the reader takes the page, and none while the key is being read", async () => {
    const sent: (string | null)[] = [];
    const env = {
      READER_1: {
        fetch: async (_url: string, init: RequestInit) => {
          sent.push(new Headers(init.headers).get(KEY_NUMBERS_HEADER));
          return new Response(body);
        },
      },
    } as unknown as Env;
    let known: number[] | undefined;
    await readUpload(env, new Uint8Array([1]), { keyNumbersWhenRead: () => known });
    known = [0.5, 1 / 7, 2.75];
    await readUpload(env, new Uint8Array([1]), { keyNumbersWhenRead: () => known });
    known = [];
    await readUpload(env, new Uint8Array([1]), { keyNumbersWhenRead: () => known });
    expect(sent.map(keyNumbersFromHeader)).toEqual([undefined, [0.5, 1 / 7, 2.75], []]);
  });
});
