// A validator for OneRoster 1.2 CSV gradebook files, written from 1EdTech's OneRoster CSV Binding 1.2.1
// (https://www.imsglobal.org/spec/oneroster/v1p2/bind/csv) and kept apart from Gradewell's exporter:
// - manifest.csv: header propertyName,value; manifest.version 1.0; oneroster.version 1.2; one file.<name> entry for
//   each of the 21 data files with absent, bulk or delta; every bulk/delta file present in the ZIP, no absent one.
// - Each data file: the header is exactly the binding's column list in order (case-sensitive, no byte-order mark);
//   required fields are filled; sourcedIds are unique; in bulk mode status and dateLastModified stay blank (in
//   delta mode status is active/tobedeleted and dateLastModified a DateTime).
// - Formats: Date YYYY-MM-DD, DateTime ISO 8601 in UTC (YYYY-MM-DDTHH:MM:SS[.sss]Z), Float a decimal number,
//   Boolean true/false; scoreStatus one of exempt, fully graded, not submitted, partially graded, submitted.
// - Section 2 (CSV files): a file that is included holds data; a file with no data rows is declared absent and
//   left out of the ZIP, never sent as a header alone. Fields carry no line breaks (importers read one record a line).
// - References inside the set: lineItems.categorySourcedId to categories, results.lineItemSourcedId to lineItems.
import { strFromU8, unzipSync } from "fflate";

type Format = "string" | "date" | "datetime" | "float" | "boolean" | "scoreStatus";
type Column = { name: string; required: boolean; format: Format };
const col = (name: string, required: boolean, format: Format = "string"): Column => ({ name, required, format });
const base = [col("sourcedId", true), col("status", false), col("dateLastModified", false, "datetime")];

export const SPEC_FILES: Record<string, Column[]> = {
  "categories.csv": [...base, col("title", true), col("weight", false, "float")],
  "lineItems.csv": [
    ...base,
    col("title", true),
    col("description", false),
    col("assignDate", true, "datetime"),
    col("dueDate", true, "datetime"),
    col("classSourcedId", true),
    col("categorySourcedId", true),
    col("academicSessionSourcedId", false),
    col("resultValueMin", false, "float"),
    col("resultValueMax", false, "float"),
    col("schoolSourcedId", true),
  ],
  "results.csv": [
    ...base,
    col("lineItemSourcedId", true),
    col("studentSourcedId", true),
    col("scoreStatus", true, "scoreStatus"),
    col("score", false, "float"),
    col("scoreDate", true, "date"),
    col("comment", false),
    col("textScore", false),
    col("classSourcedId", false),
    col("inProgress", false, "boolean"),
    col("incomplete", false, "boolean"),
    col("late", false, "boolean"),
    col("missing", false, "boolean"),
  ],
};

export const SPEC_DATA_FILES = [
  "academicSessions",
  "categories",
  "classes",
  "classResources",
  "courses",
  "courseResources",
  "demographics",
  "enrollments",
  "lineItemLearningObjectiveIds",
  "lineItems",
  "lineItemScoreScales",
  "orgs",
  "resources",
  "resultLearningObjectiveIds",
  "results",
  "resultScoreScales",
  "roles",
  "scoreScales",
  "userProfiles",
  "userResources",
  "users",
];

const FORMATS: Record<Format, RegExp> = {
  string: /^[\s\S]*$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
  float: /^-?\d+(\.\d+)?$/,
  boolean: /^(true|false)$/,
  scoreStatus: /^(exempt|fully graded|not submitted|partially graded|submitted)$/,
};

/** RFC 4180 reader that keeps every cell as text (quoted or not). */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
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

/** Every violation of the binding found in the ZIP, as readable sentences (empty when it conforms). */
export function validateOneRosterZip(zip: Uint8Array): { errors: string[]; tables: Record<string, Record<string, string>[]> } {
  const errors: string[] = [];
  const files = unzipSync(zip);
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : null);
  const tables: Record<string, Record<string, string>[]> = {};

  const manifestText = text("manifest.csv");
  if (manifestText == null) return { errors: ["manifest.csv is missing"], tables };
  const lineBreaks = (name: string, rows: string[][]) =>
    rows.forEach((cells, i) =>
      cells.forEach((cell, j) => {
        if (/[\r\n]/.test(cell)) errors.push(`${name} line ${i + 1}: field ${j + 1} contains a line break`);
      }),
    );
  const manifest = readCsv(manifestText);
  lineBreaks("manifest.csv", manifest);
  if (manifest[0]?.join(",") !== "propertyName,value") errors.push("manifest.csv: header must be propertyName,value");
  const props = new Map(manifest.slice(1).map(([k, v]) => [k, v]));
  if (props.get("manifest.version") !== "1.0") errors.push("manifest.csv: manifest.version must be 1.0");
  if (props.get("oneroster.version") !== "1.2") errors.push("manifest.csv: oneroster.version must be 1.2");
  const modes = new Map<string, string>();
  for (const file of SPEC_DATA_FILES) {
    const mode = props.get(`file.${file}`);
    if (!mode || !["absent", "bulk", "delta"].includes(mode)) errors.push(`manifest.csv: file.${file} must be absent, bulk or delta`);
    else modes.set(`${file}.csv`, mode);
  }
  for (const name of Object.keys(files)) {
    if (name !== "manifest.csv" && modes.get(name) !== "bulk" && modes.get(name) !== "delta")
      errors.push(`${name} is in the ZIP but not declared`);
  }

  for (const [name, mode] of modes) {
    if (mode === "absent") continue;
    const body = text(name);
    if (body == null) {
      errors.push(`${name} is declared ${mode} but missing`);
      continue;
    }
    const columns = SPEC_FILES[name];
    if (!columns) {
      errors.push(`${name}: not checked by this validator`);
      continue;
    }
    if (body.startsWith("\uFEFF")) errors.push(`${name}: starts with a byte-order mark`);
    const table = readCsv(body);
    lineBreaks(name, table);
    const [header, ...rows] = table;
    if (rows.length === 0) errors.push(`${name} is declared ${mode} but has no data rows`);
    if (header?.join(",") !== columns.map((c) => c.name).join(","))
      errors.push(`${name}: header must be ${columns.map((c) => c.name).join(",")}`);
    const seen = new Set<string>();
    tables[name] = rows.map((cells, i) => {
      const line = i + 2;
      if (cells.length !== columns.length) errors.push(`${name} line ${line}: ${cells.length} fields, expected ${columns.length}`);
      const record = Object.fromEntries(columns.map((c, j) => [c.name, cells[j] ?? ""]));
      for (const c of columns) {
        const value = record[c.name];
        if (value === "") {
          if (c.required) errors.push(`${name} line ${line}: ${c.name} is required`);
          continue;
        }
        if (!FORMATS[c.format].test(value)) errors.push(`${name} line ${line}: ${c.name} "${value}" is not a valid ${c.format}`);
      }
      if (mode === "bulk" && (record.status || record.dateLastModified)) {
        errors.push(`${name} line ${line}: status and dateLastModified must be blank in bulk mode`);
      }
      if (mode === "delta" && (!/^(active|tobedeleted)$/.test(record.status) || !FORMATS.datetime.test(record.dateLastModified))) {
        errors.push(`${name} line ${line}: delta rows need status active/tobedeleted and dateLastModified`);
      }
      if (seen.has(record.sourcedId)) errors.push(`${name} line ${line}: sourcedId ${record.sourcedId} is not unique`);
      seen.add(record.sourcedId);
      return record;
    });
  }
  const ids = (name: string) => new Set((tables[name] ?? []).map((r) => r.sourcedId));
  for (const r of tables["lineItems.csv"] ?? []) {
    if (modes.get("categories.csv") !== "absent" && !ids("categories.csv").has(r.categorySourcedId)) {
      errors.push(`lineItems.csv: categorySourcedId ${r.categorySourcedId} is not in categories.csv`);
    }
  }
  for (const r of tables["results.csv"] ?? []) {
    if (!ids("lineItems.csv").has(r.lineItemSourcedId))
      errors.push(`results.csv: lineItemSourcedId ${r.lineItemSourcedId} is not in lineItems.csv`);
  }
  return { errors, tables };
}
