// A reader process (local development; docs/decisions/0014): the same readDocument as the grading worker, behind
// fetch, so that text recognition runs in its own workerd, on its own core, while the process that serves the web
// app, the queue and the job's Durable Object stays free. POST the file's bytes to /read; the answer is NDJSON:
// one {"page": PageReading} line per page as it is read, then {"reading": DocumentReading} or {"error": ...}.
// GET /warm loads the OCR engine once, before the first page arrives.
import { PhotonImage } from "@cf-wasm/photon";
import { getOcrEngine, readDocument, UnsupportedFileError, type PrintedLayout } from "./engines";
import { KEY_NUMBERS_HEADER, keyNumbersFromHeader, pageEventToWire, PRINTED_LAYOUT_HEADER, readingToWire } from "./reader-protocol";

/** A white page with a few dark bars where lines of text would be, as a JPEG. */
function warmupPage(): Uint8Array {
  const width = 800;
  const height = 600;
  const rgba = new Uint8Array(width * height * 4).fill(255);
  for (let bar = 0; bar < 4; bar++)
    for (let y = 80 + bar * 120; y < 104 + bar * 120; y++)
      for (let x = 60; x < 60 + 160 * (bar + 1); x++) rgba.fill(20, (y * width + x) * 4, (y * width + x) * 4 + 3);
  const image = new PhotonImage(rgba, width, height);
  try {
    return image.get_bytes_jpeg(90);
  } finally {
    image.free();
  }
}

export interface ReaderFailure {
  message: string;
  /** Set when the file itself cannot be read: no retry helps. */
  unsupported?: string;
}

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/warm") {
      await getOcrEngine();
      // One small page read end to end: workerd compiles WebAssembly lazily, and a reader's first real page
      // otherwise paid for compiling the engine's kernels (bench:jobs: the first page took 5–6 s, not 2).
      await readDocument(warmupPage()).catch(() => undefined);
      return new Response("warm");
    }
    if (pathname !== "/read" || request.method !== "POST") return new Response("Not found", { status: 404 });
    // The worksheet's printed layout, when the page is of a class set, comes first: its length in a header.
    const body = new Uint8Array(await request.arrayBuffer());
    const layoutBytes = Number(request.headers.get(PRINTED_LAYOUT_HEADER) ?? 0);
    const printed = layoutBytes ? (JSON.parse(new TextDecoder().decode(body.subarray(0, layoutBytes))) as PrintedLayout) : undefined;
    const bytes = body.subarray(layoutBytes);
    const keyNumbers = keyNumbersFromHeader(request.headers.get(KEY_NUMBERS_HEADER));
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    const line = (value: unknown) => writer.write(encoder.encode(`${JSON.stringify(value)}\n`));
    const work = (async () => {
      try {
        const reading = await readDocument(bytes, { printed, keyNumbers, onPage: (page) => void line({ page: pageEventToWire(page) }) });
        await line({ reading: readingToWire(reading) });
      } catch (error) {
        const failure: ReaderFailure = { message: error instanceof Error ? error.message : String(error) };
        if (error instanceof UnsupportedFileError) failure.unsupported = error.reason;
        await line({ error: failure });
      } finally {
        await writer.close();
      }
    })();
    void work;
    return new Response(readable, { headers: { "Content-Type": "application/x-ndjson" } });
  },
} satisfies ExportedHandler;
