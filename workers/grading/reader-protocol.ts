// What the grading worker and a reader process say to each other over /read (reader.ts, reading.ts). Its own module:
// a worker entry may export only handlers.

/** Bytes of the printed layout's JSON at the start of a /read body, when the page is of a class set. */
export const PRINTED_LAYOUT_HEADER = "X-Printed-Layout-Bytes";
