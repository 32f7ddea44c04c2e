// A reader process (local development; docs/decisions/0014): the same readDocument as the grading worker, behind
// fetch, so that text recognition runs in its own workerd, on its own core, while the process that serves the web
// app, the queue and the job's Durable Object stays free. POST the file's bytes to /read; the answer is NDJSON:
// one {"page": PageReading} line per page as it is read, then {"reading": DocumentReading} or {"error": ...}.
// GET /warm loads the OCR engine once, before the first page arrives.
import { getOcrEngine, readDocument, UnsupportedFileError } from "./engines";

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
      return new Response("warm");
    }
    if (pathname !== "/read" || request.method !== "POST") return new Response("Not found", { status: 404 });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    const line = (value: unknown) => writer.write(encoder.encode(`${JSON.stringify(value)}\n`));
    const work = (async () => {
      try {
        const reading = await readDocument(bytes, { onPage: (page) => void line({ page }) });
        await line({ reading });
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
