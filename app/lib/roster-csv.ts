// Roster CSV import: a header row naming the columns (name or first/last name, email, and optionally the SIS id and
// login), or plain "name,email" rows. Column names are the ones teachers' exports use: Canvas's gradebook export
// (Student, SIS User ID, SIS Login ID), Canvas SIS users.csv (user_id, login_id), OneRoster users.csv (identifier,
// username), PowerSchool/Infinite Campus (Student Number). Each row is checked on its own so the preview can show
// which lines will be imported and why others will not.
export const MAX_ROSTER_ROWS = 500;

export type RosterRow = { line: number; name: string; email: string; studentNumber: string; loginId: string; error: string | null };
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
  const first = find("first name", "first", "given name", "givenname", "firstname");
  const last = find("last name", "last", "surname", "family name", "familyname", "lastname");
  const studentNumber = find(
    "sis user id",
    "sis id",
    "sis student id",
    "student id",
    "student number",
    "studentnumber",
    "student no",
    "user id",
    "identifier",
    "local id",
    "state id",
  );
  const login = find("sis login id", "login id", "login", "username", "user name", "login email");
  // Canvas's own gradebook export has no e-mail column: its SIS Login ID is usually the school e-mail.
  if ((email === -1 && login === -1) || (name === -1 && first === -1)) return null;
  return { email, name, first, last, studentNumber, login };
}

/** Canvas and SIS exports write 'Last, First': the roster keeps 'First Last'. */
function displayName(name: string): string {
  const parts = name.split(",").map((p) => p.trim());
  return parts.length === 2 && parts[0] && parts[1] ? `${parts[1]} ${parts[0]}` : name;
}

export function parseRoster(text: string): RosterPreview {
  // Canvas's gradebook export carries a Points Possible row (and sometimes a Muted row) under its header.
  const table = parseCsv(text).filter(
    (cells) => cells.some((c) => c.trim() !== "") && !/^\s*(Points Possible|Muted)\s*$/i.test(cells[0] ?? ""),
  );
  if (table.length === 0) return { rows: [], error: "The file has no rows. Put one student per line: name, email." };
  const header = headerIndexes(table[0]);
  const body = header ? table.slice(1) : table;
  const columns = header ?? { name: 0, email: 1, first: -1, last: -1, studentNumber: -1, login: -1 };
  if (body.length > MAX_ROSTER_ROWS) {
    return { rows: [], error: `A roster can have at most ${MAX_ROSTER_ROWS} students per import.` };
  }
  const seen = new Set<string>();
  const rows = body.map((cells, index): RosterRow => {
    const line = index + (header ? 2 : 1);
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? "").trim() : "");
    const name = columns.name >= 0 ? displayName(cell(columns.name)) : [cell(columns.first), cell(columns.last)].filter(Boolean).join(" ");
    const loginId = cell(columns.login);
    const email = (cell(columns.email) || (EMAIL.test(loginId) ? loginId : "")).toLowerCase();
    const studentNumber = cell(columns.studentNumber);
    let error: string | null = null;
    if (!name) error = "Name is missing";
    else if (!email) error = "Email is missing";
    else if (!EMAIL.test(email)) error = "Please enter a valid email address";
    else if (seen.has(email)) error = "This email appears earlier in the file";
    else if (studentNumber.length > 64) error = "The SIS ID can be at most 64 characters";
    else if (/\s/.test(loginId) || loginId.length > 120) error = "The login cannot contain spaces (at most 120 characters)";
    if (!error) seen.add(email);
    return { line, name, email, studentNumber, loginId, error };
  });
  return { rows, error: null };
}
