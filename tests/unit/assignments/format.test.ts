import { describe, expect, it } from "vitest";
import {
  addStandard,
  autoTitle,
  autoTitleWhenFiles,
  formatFileSize,
  nameFromFileName,
  normalizeStandards,
  parseStudentNames,
} from "~/lib/format";
import { readableName } from "../../../core/students/names";

describe("formatFileSize (1024-based, two decimals)", () => {
  it.each([
    [0, "0 Bytes"],
    [512, "512 Bytes"],
    [1023, "1023 Bytes"],
    [1024, "1.00 KB"],
    [1536, "1.50 KB"],
    [1024 * 1024, "1.00 MB"],
    [25 * 1024 * 1024, "25.00 MB"],
    [1.75 * 1024 ** 3, "1.75 GB"],
  ])("%d bytes → %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe("auto-title", () => {
  const today = new Date(2025, 2, 14);
  it("is built from subject, capitalised type and today's date", () => {
    expect(autoTitle({ subject: "Mathematics", assignmentType: "quiz", today })).toBe("Mathematics Quiz - 3/14/2025");
  });
  it("says 'Assignment' without a subject", () => {
    expect(autoTitle({ subject: "  ", assignmentType: "homework", today })).toBe("Assignment Homework - 3/14/2025");
  });
  it("exists only when there are assignment files", () => {
    expect(autoTitleWhenFiles({ subject: "Science", assignmentType: "lab", fileCount: 0, today })).toBeNull();
    expect(autoTitleWhenFiles({ subject: "Science", assignmentType: "lab", fileCount: 2, today })).toBe("Science Lab - 3/14/2025");
  });
});

describe("standards", () => {
  it("ignores blank entries and does not add duplicates", () => {
    let list: string[] = [];
    list = addStandard(list, "CCSS.MATH.3.OA.A.1");
    list = addStandard(list, "   ");
    list = addStandard(list, " CCSS.MATH.3.OA.A.1 ");
    list = addStandard(list, "NGSS.5-PS1-1");
    expect(list).toEqual(["CCSS.MATH.3.OA.A.1", "NGSS.5-PS1-1"]);
    expect(normalizeStandards(["a", "", "a", "b"])).toEqual(["a", "b"]);
  });
});

describe("student names", () => {
  it("takes one name per line and drops blank lines", () => {
    expect(parseStudentNames("Ana Diaz\n\n  Ben Ode \r\nCy Park\n")).toEqual(["Ana Diaz", "Ben Ode", "Cy Park"]);
  });
  it("guesses a name from a file name", () => {
    expect(nameFromFileName("maria_lopez-quiz.jpg")).toBe("Maria Lopez Quiz");
    expect(nameFromFileName("JORDAN_SMITH.png")).toBe("Jordan Smith");
    expect(nameFromFileName("Ben Ode.pdf")).toBe("Ben Ode");
  });
  it("shows a name written in one case in title case, and keeps a mixed-case name as written", () => {
    expect(readableName("jordan smith")).toBe("Jordan Smith");
    expect(readableName("  MARY-JANE   O'NEIL ")).toBe("Mary-Jane O'Neil");
    expect(readableName("Ana McKenzie")).toBe("Ana McKenzie");
    expect(readableName("de la Cruz")).toBe("de la Cruz");
    expect(readableName("12")).toBe("12");
  });
});
