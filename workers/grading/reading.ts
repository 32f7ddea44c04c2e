// Where an upload is read: in this isolate (on Cloudflare, and whenever no reader is bound), or, when the local
// process layout binds reader processes (READER_1..n, scripts/dev/layout.mjs), in the least busy of them, so that
// recognising a page never holds up the process that serves the web app and the job's event stream.
import type { UnsupportedFileReason } from "../../core/files/file-type";
import { readDocument, UnsupportedFileError, type DocumentReading, type PageReading, type ReadOptions } from "./engines";
import type { ReaderFailure } from "./reader";

const busy = new Map<string, number>();

function readers(env: Env): [string, Fetcher][] {
  return Object.entries(env as unknown as Record<string, unknown>)
    .filter(([name]) => /^READER_\d+$/.test(name))
    .map(([name, binding]) => [name, binding as Fetcher]);
}

/** readDocument, run by a reader process when one is bound. */
export async function readUpload(env: Env, bytes: Uint8Array, opts: ReadOptions = {}): Promise<DocumentReading> {
  const pool = readers(env);
  // A hosted vision reader is a live object of this isolate (its model and credentials): such uploads read here.
  if (pool.length === 0 || opts.vision) return readDocument(bytes, opts);
  const [name, reader] = pool.reduce((best, next) => ((busy.get(next[0]) ?? 0) < (busy.get(best[0]) ?? 0) ? next : best));
  busy.set(name, (busy.get(name) ?? 0) + 1);
  try {
    return await readRemotely(reader, bytes, opts);
  } finally {
    busy.set(name, (busy.get(name) ?? 1) - 1);
  }
}

async function readRemotely(reader: Fetcher, bytes: Uint8Array, opts: ReadOptions): Promise<DocumentReading> {
  const response = await reader.fetch("http://reader/read", {
    method: "POST",
    body: bytes as Uint8Array<ArrayBuffer>,
    signal: opts.signal,
  });
  if (!response.ok || !response.body) throw new Error(`The reader answered ${response.status}.`);
  const lines = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await lines.read();
    if (value) buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf("\n")) >= 0) {
      const message = JSON.parse(buffer.slice(0, cut)) as { page?: PageReading; reading?: DocumentReading; error?: ReaderFailure };
      buffer = buffer.slice(cut + 1);
      if (message.page) opts.onPage?.(message.page);
      if (message.reading) return message.reading;
      if (message.error) {
        const { message: text, unsupported } = message.error;
        throw unsupported ? new UnsupportedFileError(text, unsupported as UnsupportedFileReason) : new Error(text);
      }
    }
    if (done) throw new Error("The reader stopped before the document was read.");
  }
}
