// Where an upload is read: in this isolate (on Cloudflare, and whenever no reader is bound), or, when the local
// process layout binds reader processes (READER_1..n, scripts/dev/layout.mjs), in the first free one, so that
// recognising a page never holds up the process that serves the web app and the job's event stream.
import type { UnsupportedFileReason } from "../../core/files/file-type";
import {
  readDocument,
  UnsupportedFileError,
  type DocumentReading,
  type PageReading,
  type PrintedLayout,
  type ReadOptions,
} from "./engines";
import type { ReaderFailure } from "./reader";
import { KEY_NUMBERS_HEADER, keyNumbersToHeader, PRINTED_LAYOUT_HEADER, readingFromWire } from "./reader-protocol";

/**
 * Each reader reads one document at a time; the consumer takes more submissions at once than there are readers
 * (scripts/dev/layout.mjs), so that a reader freed by one moves straight on to the next while the others are
 * graded and streamed. Waiting reads are woken all together when a reader frees up and the first to run takes
 * it: nothing is handed to a waiter whose request may have ended, so a reader is never lost to one.
 */
const reading = new Set<string>();
let wakers: (() => void)[] = [];

async function takeReader(pool: [string, Fetcher][]): Promise<[string, Fetcher]> {
  for (;;) {
    const idle = pool.find(([name]) => !reading.has(name));
    if (idle) {
      reading.add(idle[0]);
      return idle;
    }
    await new Promise<void>((wake) => wakers.push(wake));
  }
}

function releaseReader(name: string) {
  reading.delete(name);
  const woken = wakers;
  wakers = [];
  for (const wake of woken) wake();
}

function readers(env: Env): [string, Fetcher][] {
  return Object.entries(env as unknown as Record<string, unknown>)
    .filter(([name]) => /^READER_\d+$/.test(name))
    .map(([name, binding]) => [name, binding as Fetcher]);
}

/** Reads in progress in each reader, whether they waited their turn or not. */
const inFlight = new Map<string, number>();

export interface UploadReadOptions extends ReadOptions {
  /**
   * The worksheet's printed layout, looked up once the page's turn to be read has come (not when it started to
   * wait): a page that waited while the class set's template was found is read against it (issue 30, read little).
   */
  printedWhenRead?: () => Promise<PrintedLayout | undefined>;
  /** The values of the key's numbers, looked up then too: undefined while the key is still being read. */
  keyNumbersWhenRead?: () => readonly number[] | undefined;
}

async function lookedUpWhenRead({ printedWhenRead, keyNumbersWhenRead, ...opts }: UploadReadOptions): Promise<ReadOptions> {
  const printed = printedWhenRead && !opts.printed ? await printedWhenRead() : opts.printed;
  return { ...opts, printed, keyNumbers: opts.keyNumbers ?? keyNumbersWhenRead?.() };
}

/**
 * readDocument, run by a reader process when one is bound. A submission's pages wait their turn for a free
 * reader; `now` (an answer key or rubric, short and needed before anything can be graded) goes straight to the
 * least busy reader, beside whatever it is reading.
 */
export async function readUpload(env: Env, bytes: Uint8Array, upload: UploadReadOptions = {}, now = false): Promise<DocumentReading> {
  const pool = readers(env);
  // A hosted vision reader is a live object of this isolate (its model and credentials): such uploads read here.
  if (pool.length === 0 || upload.vision) return readDocument(bytes, await lookedUpWhenRead(upload));
  const [name, reader] = now
    ? pool.reduce((best, next) => ((inFlight.get(next[0]) ?? 0) < (inFlight.get(best[0]) ?? 0) ? next : best))
    : await takeReader(pool);
  inFlight.set(name, (inFlight.get(name) ?? 0) + 1);
  try {
    return await readRemotely(reader, bytes, await lookedUpWhenRead(upload));
  } finally {
    inFlight.set(name, (inFlight.get(name) ?? 1) - 1);
    if (!now) releaseReader(name);
  }
}

const NEWLINE = 10;

function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

async function readRemotely(reader: Fetcher, bytes: Uint8Array, opts: ReadOptions): Promise<DocumentReading> {
  const layout = opts.printed ? new TextEncoder().encode(JSON.stringify(opts.printed)) : undefined;
  const body = layout ? new Uint8Array(layout.byteLength + bytes.byteLength) : bytes;
  if (layout) {
    body.set(layout);
    body.set(bytes, layout.byteLength);
  }
  const response = await reader.fetch("http://reader/read", {
    method: "POST",
    body: body as Uint8Array<ArrayBuffer>,
    headers: {
      ...(layout ? { [PRINTED_LAYOUT_HEADER]: String(layout.byteLength) } : {}),
      ...(opts.keyNumbers ? { [KEY_NUMBERS_HEADER]: keyNumbersToHeader(opts.keyNumbers) } : {}),
    },
    signal: opts.signal,
  });
  if (!response.ok || !response.body) throw new Error(`The reader answered ${response.status}.`);
  // A reading with its strips is a line of hundreds of kilobytes, in many chunks. The bytes are gathered and each
  // line decoded once: a TextDecoderStream over them, and searching the whole line so far at every chunk, cost
  // seconds of the grading worker's CPU a class set (bench:jobs, profiled).
  const chunks = response.body.getReader();
  const decoder = new TextDecoder();
  let pending: Uint8Array[] = [];
  for (;;) {
    const { value, done } = await chunks.read();
    let start = 0;
    let cut: number;
    while (value && (cut = value.indexOf(NEWLINE, start)) >= 0) {
      pending.push(value.subarray(start, cut));
      start = cut + 1;
      const line = decoder.decode(joined(pending));
      pending = [];
      const message = JSON.parse(line) as { page?: PageReading; reading?: DocumentReading; error?: ReaderFailure };
      if (message.page) opts.onPage?.(message.page);
      if (message.reading) return readingFromWire(message.reading);
      if (message.error) {
        const { message: text, unsupported } = message.error;
        throw unsupported ? new UnsupportedFileError(text, unsupported as UnsupportedFileReason) : new Error(text);
      }
    }
    if (value && start < value.length) pending.push(value.subarray(start));
    if (done) throw new Error("The reader stopped before the document was read.");
  }
}
