import { describe, expect, it } from "vitest";
import { CANVAS_ID_WARNING } from "~/lib/canvas-ids";
import { canvasCsv, columnNotices } from "~/server/exports/canvas.server";
import { canvasStudentName } from "~/server/exports/names";
import { toCsv } from "~/server/exports/csv.server";
import type { Gradebook, GradebookRow } from "~/server/exports/gradebook.server";
import { canvasImport, InvalidHeaderRow, rubyToI, type CanvasCourse } from "./canvas-importer";

// The Canvas course the teacher imports into. Canvas user 5 is someone else entirely: a Gradewell id that starts
// with "5" in the ID column would send Lee's grade to Zed.
const course: CanvasCourse = {
  students: [
    { id: 5, name: "Zed Ward", sortableName: "Ward, Zed", sisUserId: "S-9999", loginId: "zward" },
    { id: 101, name: "Nia Brooks", sortableName: "Brooks, Nia" },
    { id: 102, name: "Omar H. Haddad", sortableName: "Haddad, Omar H.", sisUserId: "S-2001", loginId: "ohaddad" },
    { id: 103, name: "Lee Park", sortableName: "Park, Lee", loginId: "-lpark@school.example" },
    // Canvas's own sortable name for "Jordan Smith Jr." (User.last_name_first keeps the suffix after the given name).
    { id: 104, name: "Jordan Smith Jr.", sortableName: "Smith, Jordan Jr." },
  ],
  assignments: [
    { id: 4011, title: "Quiz 1: Fractions", pointsPossible: 10 },
    { id: 4012, title: "Lab report", pointsPossible: 20 },
    { id: 4013, title: "Final Grade project", pointsPossible: 50 },
  ],
};

const student = (id: string, name: string, sisId: string | null, loginId: string | null) => ({ id, name, sisId, loginId, email: null });
const assignment = (id: string, title: string, canvasId: string | null, points: number) => ({
  id,
  title,
  canvasId,
  points,
  assignmentType: "quiz",
  dueDate: null,
  createdAt: new Date("2026-11-01T00:00:00Z"),
});
const score = (value: number) => ({ score: value, gradedAt: new Date("2026-11-20T00:00:00Z"), feedback: null });

// Gradewell's side: a name-only student, an SIS-id student whose name differs from Canvas's, a student whose
// Gradewell id starts with a digit (known to Canvas by login only, a login that starts with '-'), an assignment
// with its Canvas id (titles differ), one matched by title, and one whose title contains "Final Grade".
const quiz = assignment("k3xq9quiz", "Quiz 1", "4011", 10);
const lab = assignment("p7lab0000", "Lab report", null, 20);
const project = assignment("f1nalproj", "Final Grade project", null, 50);
const rows: GradebookRow[] = [
  {
    student: student("a1b2nia", "Nia Brooks", null, null),
    scores: new Map([
      [quiz.id, score(8)],
      [lab.id, score(17.5)],
      [project.id, score(40)],
    ]),
  },
  {
    student: student("q9omar", "Omar Haddad", "S-2001", "ohaddad"),
    scores: new Map([
      [quiz.id, score(9)],
      [project.id, score(45)],
    ]),
  },
  { student: student("5kq2lee", "Lee Park", null, "-lpark@school.example"), scores: new Map([[lab.id, score(19)]]) },
];
const book: Gradebook = {
  scope: "class",
  title: "7A Math",
  klass: { id: "c1", name: "7A Math" },
  assignments: [quiz, lab, project],
  rows,
  leftOut: [{ name: "Unnamed student", reason: "No student name: link the work to a student first" }],
};
const intended = new Map([
  ["a1b2nia", 101],
  ["q9omar", 102],
  ["5kq2lee", 103],
]);

describe("Canvas export, read back with Canvas's own importer rules", () => {
  it("matches every row to the intended student and every column to the intended existing assignment", () => {
    const { csv, report } = canvasCsv(book, { pointsConfirmed: false, idsConfirmed: true });
    const imported = canvasImport(csv, course);

    expect(imported.rows.map((r) => r.studentId)).toEqual(rows.map((r) => intended.get(r.student.id)));
    expect(imported.rows.map((r) => r.via)).toEqual(["name", "sis", "login"]);
    expect(imported.columns.map((c) => c.assignmentId)).toEqual([4011, 4012]);
    expect(imported.columns.every((c) => c.assignmentId !== null)).toBe(true); // no new assignment offered
    expect(imported.dropped).toEqual([]);
    expect(imported.pointsPossible).toBeNull(); // Canvas's points are left alone

    // Every grade lands on the intended student and assignment, and nothing else is written.
    const written = imported.grades.filter((g) => g.grade != null);
    expect(written).toEqual([
      { studentId: 101, assignmentId: 4011, grade: "8" },
      { studentId: 101, assignmentId: 4012, grade: "17.5" },
      { studentId: 102, assignmentId: 4011, grade: "9" },
      { studentId: 103, assignmentId: 4012, grade: "19" },
    ]);

    // The "Final Grade" column Canvas would drop is left out and explained; the unnamed paper is listed.
    expect(csv).not.toContain("Final Grade");
    expect(report.columns).toContainEqual({ subject: "Final Grade project", message: expect.stringContaining('"Final Grade"') });
    expect(report.leftOut).toEqual(book.leftOut);
    expect(report.nameOnly.map((n) => n.subject)).toEqual(["Nia Brooks"]);
    expect(report.pointsPossible).toBe("left out");
  });

  it("writes Points Possible only when the teacher confirms it, for the intended assignments", () => {
    const imported = canvasImport(canvasCsv(book, { pointsConfirmed: true, idsConfirmed: true }).csv, course);
    expect(imported.pointsPossible).toEqual(
      new Map([
        [4011, "10"],
        [4012, "20"],
      ]),
    );
    expect(imported.rows.map((r) => r.studentId)).toEqual([101, 102, 103]);
  });

  it("shows what the old export did wrong, so the rules above can fail", () => {
    // Gradewell ids in ID and 'Title (gradewell id)' headers: Lee's grade goes to Canvas user 5, Quiz 1 is new.
    const old = toCsv([
      ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", `Quiz 1 (${quiz.id})`, "Final Grade project (4013)"],
      ["Park, Lee", "5kq2lee", "", "", "7A Math", null, null],
    ]);
    const imported = canvasImport(old, course);
    expect(rubyToI("5kq2lee")).toBe(5);
    expect(imported.rows[0]).toMatchObject({ studentId: 5, via: "id" });
    expect(imported.columns).toEqual([{ header: "Quiz 1 (k3xq9quiz)", assignmentId: null, index: 5 }]);
    expect(imported.dropped).toEqual(["Final Grade project (4013)"]);
    expect(() => canvasImport("Name,ID,Section,Quiz\r\n", course)).toThrow(InvalidHeaderRow);
  });

  it("puts a saved Canvas id in the header only once the teacher confirms it", () => {
    // 4099 is not one of the course's published assignments: with it in the header, Canvas makes a new assignment.
    const essay = assignment("e55ay0000", "Lab report", "4099", 20);
    const withId: Gradebook = {
      ...book,
      assignments: [essay],
      rows: [{ student: rows[2].student, scores: new Map([[essay.id, score(19)]]) }],
    };
    const unconfirmed = canvasCsv(withId, { pointsConfirmed: false });
    expect(canvasImport(unconfirmed.csv, course).columns).toEqual([{ header: "Lab report", assignmentId: 4012, index: 5 }]);
    expect(unconfirmed.report.canvasIds).toBe("left out");
    expect(unconfirmed.report.columns).toContainEqual({ subject: "Lab report", message: expect.stringContaining(CANVAS_ID_WARNING) });
    const confirmed = canvasCsv(withId, { pointsConfirmed: false, idsConfirmed: true });
    expect(canvasImport(confirmed.csv, course).columns).toEqual([{ header: "Lab report (4099)", assignmentId: null, index: 5 }]);
    expect(confirmed.report.canvasIds).toBe("written");
    expect(canvasCsv(book, { pointsConfirmed: false }).report.canvasIds).toBe("left out");
  });

  it("writes a name matched by name alone as Canvas's sortable name, suffixes included", () => {
    expect(canvasStudentName("Jordan Smith Jr.")).toBe("Smith, Jordan Jr.");
    expect(canvasStudentName("Henry Ford III")).toBe("Ford, Henry III");
    expect(canvasStudentName("John Doe, Sr.")).toBe("Doe, John Sr.");
    expect(canvasStudentName("Doe, John, Sr.")).toBe("Doe, John Sr.");
    expect(canvasStudentName("Ho, Chi, Min")).toBe("Ho, Chi Min");
    expect(canvasStudentName("Madonna")).toBe("Madonna");
    const jordan: Gradebook = {
      ...book,
      assignments: [lab],
      rows: [{ student: student("j0rdan", "Jordan Smith Jr.", null, null), scores: new Map([[lab.id, score(18)]]) }],
    };
    const imported = canvasImport(canvasCsv(jordan, { pointsConfirmed: false }).csv, course);
    expect(imported.rows.map((r) => [r.studentId, r.via])).toEqual([[104, "name"]]);
  });

  it("warns about titles Canvas would misread", () => {
    const notices = columnNotices([
      assignment("a", "Current Score check", null, 5),
      assignment("b", "Chapter (2)", null, 5),
      assignment("c", "Quiz", null, 5),
      assignment("d", "Quiz", null, 5),
      assignment("e", "Essay", "77", 5),
    ]);
    expect(notices.find((n) => n.subject === "Current Score check")?.message).toMatch(/"Current Score"/);
    expect(notices.find((n) => n.subject === "Chapter (2)" && /assignment id/.test(n.message))).toBeTruthy();
    expect(notices.find((n) => n.subject === "Quiz" && /Several assignments/.test(n.message))).toBeTruthy();
    expect(notices.filter((n) => n.subject === "Essay")).toEqual([]);
  });
});
