// Roster CSV import: a header row naming the columns (name or first/last name, email), or plain "name,email" rows.
// Each row is checked on its own so the preview can show which lines will be imported and why others will not.
export const MAX_ROSTER_ROWS = 500;

export type RosterRow = { line: number; name: string; email: string; error: string | null };
export type RosterPreview = { rows: RosterRow[]; error: string | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RFC 4180 fields: quotes, doubled quotes, commas and newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === ";" || c === "\t") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && input[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function headerIndexes(cells: string[]) {
  const names = cells.map((c) =>
    c
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, " "),
  );
  const find = (...options: string[]) => names.findIndex((n) => options.includes(n));
  const email = find("email", "e mail", "email address", "student email");
  const name = find("name", "full name", "student", "student name");
  const first = find("first name", "first", "given name");
  const last = find("last name", "last", "surname", "family name");
  if (email === -1 || (name === -1 && first === -1)) return null;
  return { email, name, first, last };
}

export function parseRoster(text: string): RosterPreview {
  const table = parseCsv(text).filter((cells) => cells.some((c) => c.trim() !== ""));
  if (table.length === 0) return { rows: [], error: "The file has no rows. Put one student per line: name, email." };
  const header = headerIndexes(table[0]);
  const body = header ? table.slice(1) : table;
  const columns = header ?? { name: 0, email: 1, first: -1, last: -1 };
  if (body.length > MAX_ROSTER_ROWS) {
    return { rows: [], error: `A roster can have at most ${MAX_ROSTER_ROWS} students per import.` };
  }
  const seen = new Set<string>();
  const rows = body.map((cells, index): RosterRow => {
    const line = index + (header ? 2 : 1);
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? "").trim() : "");
    const name = columns.name >= 0 ? cell(columns.name) : [cell(columns.first), cell(columns.last)].filter(Boolean).join(" ");
    const email = cell(columns.email).toLowerCase();
    let error: string | null = null;
    if (!name) error = "Name is missing";
    else if (!email) error = "Email is missing";
    else if (!EMAIL.test(email)) error = "Please enter a valid email address";
    else if (seen.has(email)) error = "This email appears earlier in the file";
    if (!error) seen.add(email);
    return { line, name, email, error };
  });
  return { rows, error: null };
}
