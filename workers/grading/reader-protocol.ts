// What the grading worker and a reader process say to each other over /read (reader.ts, reading.ts). Its own module:
// a worker entry may export only handlers.
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import type { DocumentReading, PageReading } from "./engines";

/** Bytes of the printed layout's JSON at the start of a /read body, when the page is of a class set. */
export const PRINTED_LAYOUT_HEADER = "X-Printed-Layout-Bytes";

/**
 * A reading as one NDJSON line: each page's cleaned image (answer crops are cut from it) travels as base64.
 * The page events sent while reading leave the image out: they only carry the text to the job's stream.
 */
export function readingToWire(reading: DocumentReading): unknown {
  return { ...reading, pages: reading.pages.map((page) => (page.image ? { ...page, image: encodeBase64(page.image) } : page)) };
}

export function pageEventToWire(page: PageReading): PageReading {
  return { ...page, image: undefined };
}

export function readingFromWire(wire: DocumentReading): DocumentReading {
  const pages = wire.pages.map((page) => {
    const image = page.image as unknown;
    return typeof image === "string" ? { ...page, image: decodeBase64(image) } : page;
  });
  return { ...wire, pages };
}
