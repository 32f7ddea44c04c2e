import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { Gradebook } from "~/server/exports/gradebook.server";
import { ONEROSTER_NO_GRADES, ONEROSTER_NO_SIS_IDS, oneRosterFiles, zipFiles } from "~/server/exports/oneroster.server";
import { validateOneRosterZip } from "./oneroster-spec";

const assignment = (id: string, title: string, type: string, dueDate: Date | null) => ({
  id,
  title,
  canvasId: null,
  points: 20,
  assignmentType: type,
  dueDate,
  createdAt: new Date("2026-11-01T09:30:00Z"),
});
const lab = assignment("a-lab", "Lab, week 1", "lab", new Date("2026-11-08T23:59:00Z"));
const quiz = assignment("a-quiz", 'The "big" quiz', "quiz", null);
const score = (value: number, feedback: string | null = null) => ({ score: value, gradedAt: new Date("2026-11-20T15:00:00Z"), feedback });

const book: Gradebook = {
  scope: "class",
  title: "7A Science",
  klass: { id: "c1", name: "7A Science" },
  assignments: [lab, quiz],
  rows: [
    {
      student: { id: "s-ana", name: "Ana Diaz", sisId: "S-001", loginId: null, email: null },
      scores: new Map([
        [lab.id, score(17.5, "Clear method,\r\n  weak conclusion.\n\nRedo step 2.")],
        [quiz.id, score(20)],
      ]),
    },
    { student: { id: "s-cy", name: "Cy Park", sisId: null, loginId: "cpark", email: null }, scores: new Map([[lab.id, score(12)]]) },
  ],
  leftOut: [{ name: "Ben Ode", reason: "Not graded yet" }],
};

describe("OneRoster 1.2 CSV results", () => {
  it("validates against the binding's files, columns, formats, enumerations and references", () => {
    const { files, report } = oneRosterFiles(book, { classSourcedId: "SEC-7A", schoolSourcedId: "SCH-1" });
    const { errors, tables } = validateOneRosterZip(zipFiles(files!));
    expect(errors).toEqual([]);
    expect(tables["results.csv"]).toEqual([
      expect.objectContaining({
        lineItemSourcedId: "a-lab",
        studentSourcedId: "S-001",
        scoreStatus: "fully graded",
        score: "17.5",
        scoreDate: "2026-11-20",
        // Feedback's line breaks are folded into spaces: no field of the ZIP carries a CR or LF.
        comment: "Clear method, weak conclusion. Redo step 2.",
        classSourcedId: "SEC-7A",
      }),
      expect.objectContaining({ lineItemSourcedId: "a-quiz", studentSourcedId: "S-001", score: "20" }),
    ]);
    expect(tables["lineItems.csv"]).toEqual([
      expect.objectContaining({
        sourcedId: "a-lab",
        title: "Lab, week 1",
        dueDate: "2026-11-08T23:59:00.000Z",
        resultValueMax: "20",
        schoolSourcedId: "SCH-1",
      }),
      expect.objectContaining({ sourcedId: "a-quiz", title: 'The "big" quiz', dueDate: "2026-11-01T09:30:00.000Z" }),
    ]);
    expect(tables["categories.csv"].map((c) => c.title)).toEqual(["Lab", "Quiz"]);
    // Cy has no SIS id: OneRoster cannot key the result, so Cy is listed instead of written.
    expect(report.leftOut).toEqual([...book.leftOut, { name: "Cy Park", reason: expect.stringContaining("No SIS ID") }]);
    expect(report.written).toBe(2);
    expect(report.refused).toBeNull();
  });

  it("refuses, saying why, when no student with a final grade has an SIS id (no header-only bulk results.csv)", () => {
    const noSis: Gradebook = { ...book, rows: book.rows.map((r) => ({ ...r, student: { ...r.student, sisId: null } })) };
    const { files, report } = oneRosterFiles(noSis, { classSourcedId: "SEC-7A", schoolSourcedId: "SCH-1" });
    expect(files).toBeNull();
    expect(report.refused).toBe(ONEROSTER_NO_SIS_IDS);
    expect(report.leftOut.map((l) => l.name)).toEqual(["Ben Ode", "Ana Diaz", "Cy Park"]);
    const nothing = oneRosterFiles({ ...book, rows: [] }, { classSourcedId: "SEC-7A", schoolSourcedId: "SCH-1" });
    expect(nothing).toMatchObject({ files: null, report: { refused: ONEROSTER_NO_GRADES } });
  });

  it("the binding's checker refuses a data file without rows and a field with a line break", () => {
    const { files } = oneRosterFiles(book, { classSourcedId: "SEC-7A", schoolSourcedId: "SCH-1" });
    const header = files!["results.csv"].split("\r\n")[0] + "\r\n";
    const withBreak = files!["categories.csv"].replace("Lab", '"La\nb"');
    const zip = zipSync(
      Object.fromEntries(Object.entries({ ...files, "results.csv": header, "categories.csv": withBreak }).map(([k, v]) => [k, strToU8(v)])),
    );
    expect(validateOneRosterZip(zip).errors).toEqual(
      expect.arrayContaining(["results.csv is declared bulk but has no data rows", "categories.csv line 2: field 4 contains a line break"]),
    );
  });

  it("rejects files that break the binding, so the check above can fail", () => {
    const { files } = oneRosterFiles(book, { classSourcedId: "SEC-7A", schoolSourcedId: "" });
    const broken = {
      ...files,
      "results.csv": files!["results.csv"].replace("fully graded", "graded").replace("2026-11-20", "20/11/2026"),
      "manifest.csv": files!["manifest.csv"].replace("file.users,absent", "file.users,maybe"),
    };
    const zip = zipSync(Object.fromEntries(Object.entries(broken).map(([k, v]) => [k, strToU8(v)])));
    const { errors } = validateOneRosterZip(zip);
    expect(errors).toEqual(
      expect.arrayContaining([
        "manifest.csv: file.users must be absent, bulk or delta",
        "lineItems.csv line 2: schoolSourcedId is required",
        'results.csv line 2: scoreStatus "graded" is not a valid scoreStatus',
        'results.csv line 2: scoreDate "20/11/2026" is not a valid date',
      ]),
    );
  });
});
