// What the grading worker and a reader process say to each other over /read (reader.ts, reading.ts). Its own module:
// a worker entry may export only handlers.
import { fromBase64, toBase64 } from "../../core/base64";
import type { DocumentReading, PageReading, PageStrip } from "./engines";

/** Bytes of the printed layout's JSON at the start of a /read body, when the page is of a class set. */
export const PRINTED_LAYOUT_HEADER = "X-Printed-Layout-Bytes";

/** The values of the answer key's numbers, comma-separated, when known (ReadOptions.keyNumbers). */
export const KEY_NUMBERS_HEADER = "X-Key-Numbers";

export function keyNumbersToHeader(values: readonly number[]): string {
  return values.map(String).join(",");
}

export function keyNumbersFromHeader(header: string | null): number[] | undefined {
  if (header === null) return undefined;
  return header
    .split(",")
    .filter((v) => v.trim())
    .map(Number)
    .filter(Number.isFinite);
}

/**
 * A reading as one NDJSON line: each page's strips of the cleaned page (answer crops are cut from them) travel
 * as base64. The page events sent while reading leave them out: they only carry the text to the job's stream.
 */
export function readingToWire(reading: DocumentReading): unknown {
  return { ...reading, pages: reading.pages.map((page) => (page.strips ? { ...page, strips: stripsToWire(page.strips) } : page)) };
}

export function pageEventToWire(page: PageReading): PageReading {
  return { ...page, strips: undefined };
}

export function readingFromWire(wire: DocumentReading): DocumentReading {
  return { ...wire, pages: wire.pages.map((page) => (page.strips ? { ...page, strips: stripsFromWire(page.strips as unknown) } : page)) };
}

type WireStrip = Omit<PageStrip, "jpeg"> & { jpeg: string };

/** Strips as JSON (the reader protocol, and a class-set page kept in R2): their JPEGs in base64. */
export function stripsToWire(strips: readonly PageStrip[]): WireStrip[] {
  return strips.map((s) => ({ ...s, jpeg: toBase64(s.jpeg) }));
}

export function stripsFromWire(wire: unknown): PageStrip[] {
  if (!Array.isArray(wire)) return [];
  return (wire as WireStrip[]).filter((s) => typeof s?.jpeg === "string").map((s) => ({ ...s, jpeg: fromBase64(s.jpeg) }));
}
