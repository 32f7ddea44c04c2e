// CSV that spreadsheets and gradebooks read the same way: UTF-8 with a byte-order mark, CRLF rows, RFC 4180 quoting.
// The formula guard quotes every text cell that starts like a formula, and adds a leading apostrophe only when the
// cell really is one, so names and ids such as "-Ana" or "+1A" reach a gradebook unchanged (decision 0015).
export type Cell = string | number | null | undefined;

/** Characters a spreadsheet treats as the start of a formula (OWASP CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * True when a spreadsheet would evaluate the text as an expression: any '=' start; or a '+', '-' or '@' start
 * followed by a function call, an operator, a range, a DDE pipe or sheet reference, or a bare cell reference
 * ("+A1"). Leading tabs and CRs are looked through. A sign before plain words or a number ("-Ana", "+1 team",
 * "@home", "-5") is not an expression and stays as written.
 */
export function isFormula(value: string): boolean {
  const text = value.replace(/^[\t\r]+/, "");
  if (text.startsWith("=")) return true;
  if (!/^[+\-@]/.test(text)) return false;
  const rest = text.slice(1).trim();
  return /[()|!=+\-*/^&:]/.test(rest) || /^\$?[A-Za-z]{1,3}\$?\d+$/.test(rest);
}

/** The apostrophe that keeps a real formula as text; everything else is returned unchanged. */
export function neutralize(value: string): string {
  return isFormula(value) ? `'${value}` : value;
}

export function csvCell(value: Cell): string {
  if (value == null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = neutralize(value);
  const quote = /[",\r\n]/.test(text) || /^\s|\s$/.test(text) || FORMULA_START.test(text);
  return quote ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Cell[][]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

function disposition(fileName: string) {
  return `attachment; filename="${fileName.replace(/[^\w.-]+/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": disposition(fileName), "Cache-Control": "no-store" },
  });
}

export function zipResponse(zip: Uint8Array, fileName: string): Response {
  return new Response(new Uint8Array(zip), {
    headers: { "Content-Type": "application/zip", "Content-Disposition": disposition(fileName), "Cache-Control": "no-store" },
  });
}
