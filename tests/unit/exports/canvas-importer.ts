// A model of how Canvas reads a gradebook CSV, written from Canvas's own importer (instructure/canvas-lms,
// app/models/gradebook_importer.rb, and Assignment.title_and_id in app/models/assignment.rb) and kept apart from
// Gradewell's exporter so a test can check one against the other. Rules modelled:
// - Ruby CSV: comma separated, an unquoted empty field is nil, a quoted one is ""; fields that look like numbers
//   with a decimal comma get a period (decimal_comma_to_period); lines of only ';', ',' and spaces are skipped.
// - Header (header?, row_has_student_headers?, update_column_count): more than 3 cells, cell 0 contains
//   'Student', cell 1 contains 'ID'; cell 2 'SIS Login ID' alone, or 'SIS User ID' then 'SIS Login ID' (optionally
//   'Integration ID', then 'Root Account'); the last student column must contain 'Section'.
// - Assignment columns (strip_non_assignment_columns, parse_assignments): the student columns are dropped, then
//   every header containing a total-column word; 'Title (123)' is Canvas assignment 123 if it exists, otherwise
//   the whole header must equal an assignment title; otherwise Canvas offers a new assignment. A column's
//   position is the first header with that text (calc_assignment_indices uses Array#index).
// - Rows (check_for_non_student_row, process_student): a row whose first cell contains 'Points Possible' sets
//   points; a row of only blanks/'Muted' is skipped; a student is looked up by ID (Ruby to_i), then SIS User ID,
//   then SIS Login ID, then exact name or sortable name; nothing found makes a new student.
export type CanvasStudent = { id: number; name: string; sortableName: string; sisUserId?: string; loginId?: string };
export type CanvasAssignment = { id: number; title: string; pointsPossible: number };
export type CanvasCourse = { students: CanvasStudent[]; assignments: CanvasAssignment[] };

export type ImportedColumn = { header: string; assignmentId: number | null; index: number };
export type ImportedRow = { cells: (string | null)[]; studentId: number | null; via: "id" | "sis" | "login" | "name" | "new" };
export type ImportResult = {
  columns: ImportedColumn[];
  dropped: string[];
  rows: ImportedRow[];
  pointsPossible: Map<number | null, string> | null;
  grades: { studentId: number | null; assignmentId: number | null; grade: string | null }[];
};

export class InvalidHeaderRow extends Error {}

const NON_ASSIGNMENT_COLUMN_HEADERS = [
  "Current Score",
  "Current Points",
  "Current Grade",
  "Final Score",
  "Final Points",
  "Final Grade",
  "Override Score",
  "Override Grade",
  "Override Status",
];

/** Ruby CSV with Canvas's :nil and :decimal_comma_to_period converters. */
export function rubyCsv(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  const push = () => {
    row.push(!wasQuoted && field === "" ? null : decimalCommaToPeriod(field));
    field = "";
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (c === ",") push();
    else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      push();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    push();
    rows.push(row);
  }
  // skip_lines: /^[;, ]+$/ (a line of bare separators parses to nothing but nils)
  return rows.filter((r) => !r.every((cell) => cell == null));
}

function decimalCommaToPeriod(field: string): string {
  if (!/^-?[0-9.,]+%?$/.test(field)) return field;
  const parts = field.split(/[,.]/);
  const last = parts.pop()!;
  return parts.length === 0 ? last : `${parts.join("")}.${last}`;
}

/** Ruby's String#to_i: optional leading whitespace and sign, then the leading digits; 0 when there are none. */
export function rubyToI(value: string): number {
  const match = /^\s*([+-]?\d+)/.exec(value.replace(/_/g, ""));
  return match ? Number.parseInt(match[1], 10) : 0;
}

const present = (v: string | null | undefined): v is string => v != null && v.trim() !== "";

export function canvasImport(text: string, course: CanvasCourse): ImportResult {
  const table = rubyCsv(text);
  const header = table[0] ?? [];
  const h = (i: number) => header[i] ?? "";
  if (!(header.length > 3 && h(0).includes("Student") && h(1).includes("ID"))) throw new InvalidHeaderRow("student headers");
  let studentColumns = 3;
  let sisUserColumn: number | null = null;
  let loginColumn: number | null = null;
  if (/SIS\s+Login\s+ID/.test(h(2))) {
    loginColumn = 2;
    studentColumns += 1;
  } else if (/SIS\s+User\s+ID/.test(h(2)) && /SIS\s+Login\s+ID/.test(h(3))) {
    const integration = /Integration\s+ID/.test(h(4)) ? 1 : 0;
    sisUserColumn = 2;
    loginColumn = 3;
    studentColumns += 2 + integration;
    if (/Root\s+Account/.test(h(4 + integration))) studentColumns += 1;
  }
  if (!h(studentColumns - 1).includes("Section")) throw new InvalidHeaderRow("Section");

  const candidates = header.slice(studentColumns).map((cell) => cell ?? "");
  const dropRegex = new RegExp(NON_ASSIGNMENT_COLUMN_HEADERS.join("|"));
  const dropped = candidates.filter((c) => dropRegex.test(c));
  const columns: ImportedColumn[] = candidates
    .filter((c) => !dropRegex.test(c))
    .map((name) => {
      const titleAndId = /^(.*)\s\((\d+)\)$/s.exec(name);
      let assignment = titleAndId ? course.assignments.find((a) => a.id === Number(titleAndId[2])) : undefined;
      assignment ??= course.assignments.find((a) => a.title === name);
      return { header: name, assignmentId: assignment?.id ?? null, index: header.indexOf(name) };
    });

  const rows: ImportedRow[] = [];
  let pointsPossible: ImportResult["pointsPossible"] = null;
  for (const cells of table.slice(1)) {
    if ((cells[0] ?? "").includes("Points Possible")) {
      pointsPossible = new Map(columns.filter((c) => cells[c.index] != null).map((c) => [c.assignmentId, cells[c.index]!]));
      continue;
    }
    if (cells.filter((c) => c != null).every((c) => /^\s*(Muted|Manual Posting.*)?\s*$/i.test(c!))) continue;
    rows.push({ cells, ...findStudent(cells, course, sisUserColumn, loginColumn) });
  }
  const grades = rows.flatMap((r) =>
    columns.map((c) => ({ studentId: r.studentId, assignmentId: c.assignmentId, grade: r.cells[c.index]?.trim() ?? null })),
  );
  return { columns, dropped, rows, pointsPossible, grades };
}

function findStudent(
  cells: (string | null)[],
  course: CanvasCourse,
  sisUserColumn: number | null,
  loginColumn: number | null,
): Pick<ImportedRow, "studentId" | "via"> {
  const id = cells[1];
  if (present(id)) {
    const byId = course.students.find((s) => s.id === rubyToI(id));
    if (byId) return { studentId: byId.id, via: "id" };
  }
  const sis = sisUserColumn != null ? cells[sisUserColumn] : null;
  if (present(sis)) {
    const bySis = course.students.find((s) => s.sisUserId === sis);
    if (bySis) return { studentId: bySis.id, via: "sis" };
  }
  const login = loginColumn != null ? cells[loginColumn] : null;
  if (present(login)) {
    const byLogin = course.students.find((s) => s.loginId === login);
    if (byLogin) return { studentId: byLogin.id, via: "login" };
  }
  const name = cells[0];
  const byName = course.students.find((s) => s.name === name || s.sortableName === name);
  return byName ? { studentId: byName.id, via: "name" } : { studentId: null, via: "new" };
}
